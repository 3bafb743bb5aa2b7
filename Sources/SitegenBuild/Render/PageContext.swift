import SitegenCore
import SitegenTemplates

/// Builds the template variables of one page (documented in `Site/theming/templates.md`).
struct PageContext: Sendable {
    var model: SiteModel
    var nav: NavTree
    var origin: String
    var navValues: NavValues
    /// `site` and `words`, the same on every page: made once, not for each of 10,000.
    private var siteValue: TemplateValue
    private var wordsValue: TemplateValue

    /// The fields of the values a template names with a dot (`page.title`), whatever section it is
    /// in: a name not among them writes nothing on any page, so the theme's loading refuses it.
    static let dottedFields: [String: Set<String>] = [
        "page": ["title", "description", "path", "source", "showTitle", "isEntry"],
        "site": ["title", "language", "direction", "origin", "generator", "search", "extraCSS", "extraJavaScript"],
        "prev": ["title", "url"], "next": ["title", "url"],
    ]

    init(model: SiteModel, nav: NavTree, origin: String, words: ThemeWords = ThemeWords()) {
        self.model = model
        self.nav = nav
        self.origin = origin
        let config = model.config
        siteValue = .dictionary([
            "title": .string(config.title), "language": .string(config.language),
            "direction": .string(LanguageTag.direction(of: config.language)), "origin": .string(origin),
            "generator": .string(SitegenVersion.generator), "search": .bool(config.search),
            "extraCSS": .list(config.extraCSS.map { .string(NavScript.url(of: $0.path)) }),
            "extraJavaScript": .list(config.extraJavaScript.map { .string(NavScript.url(of: $0.path)) }),
        ])
        wordsValue = .dictionary(TemplateDictionary(words.words.mapValues { TemplateValue.string($0) }))
        navValues = NavValues(tree: nav, words: words)
    }

    private func titleOf(_ output: SitePath) -> String { model.page(output: output)?.title ?? output.rawValue }

    func value(for page: Page) -> TemplateValue {
        let here = page.output
        func link(_ target: SitePath) -> TemplateValue { .string(here.relativeReference(to: target)) }

        // By interned keys (`TemplateKey+Names`): 10,000 pages, some 80 names each.
        var context = TemplateDictionary([
            .site: siteValue,
            .page: .dictionary(
                TemplateDictionary([
                    .title: .string(page.title), .description: .string(page.meta.description ?? ""),
                    .path: .string(here.rawValue), .source: .string(page.source.rawValue),
                    // An empty `#` heading is no title of the page's own; one that shows an image is.
                    .showTitle: .bool(!page.body.headings.contains { $0.level == 1 && $0.hasContent }),
                    // The home page's document title is the site's alone, not `sitegen · sitegen`.
                    .isEntry: .bool(page.source == model.config.entry),
                ])),
            .content: .string(page.body.html),
            .root: .string(String(repeating: "../", count: here.folderDepth)),
            // The entry page, wherever `entry:` puts it: a theme's home link is not `{{root}}index.html`.
            .home: link(model.entry.output),
            .words: wordsValue,
        ])

        context[.nav] = navValues.value(for: here)
        let crumbs = breadcrumbs(of: here).map { crumb in
            // `null`, not absent, for a section without a page: `{{#url}}` then never finds an outer `url`.
            TemplateValue.dictionary(
                TemplateDictionary([.title: .string(crumb.title), .url: crumb.target.map(link) ?? .null]))
        }
        context[.breadcrumbs] = .list(crumbs)
        context[.hasBreadcrumbs] = .bool(!crumbs.isEmpty)

        // A heading with no text (`##`, an image alone) would be a link with nothing to read or click.
        let toc = page.body.headings.filter {
            ($0.level == 2 || $0.level == 3) && $0.text.contains(where: { !$0.isWhitespace })
        }.map { heading in
            TemplateValue.dictionary(
                TemplateDictionary([
                    .title: .string(heading.text), .id: .string(heading.id), .level: .int(heading.level),
                    .isSub: .bool(heading.level == 3),
                ]))
        }
        context[.toc] = .list(toc)
        context[.hasToc] = .bool(!toc.isEmpty)

        let (previous, next) = neighbours(of: here)
        if let previous {
            context[.prev] = .dictionary(TemplateDictionary([.title: .string(titleOf(previous)), .url: link(previous)]))
        }
        if let next {
            context[.next] = .dictionary(TemplateDictionary([.title: .string(titleOf(next)), .url: link(next)]))
        }
        context[.hasPagination] = .bool(previous != nil || next != nil)
        return .dictionary(context)
    }

    /// The trail from the home page (the entry) down to the parent of `page`; empty on the home
    /// page. Pages show their titles, as everywhere but the sidebar (`nav_title` is the sidebar's).
    private func breadcrumbs(of page: SitePath) -> [(title: String, target: SitePath?)] {
        guard page != model.entry.output else { return [] }
        var crumbs: [(title: String, target: SitePath?)] = [(model.entry.title, model.entry.output)]
        for ancestor in nav.nodeOfPage[page].map(nav.ancestors(of:)) ?? [] {
            let node = nav.nodes[ancestor]
            guard node.page != model.entry.output else { continue }
            crumbs.append((crumbTitle(node), node.page))
        }
        return crumbs
    }

    private func crumbTitle(_ node: NavTree.Node) -> String {
        node.page.flatMap { model.page(output: $0)?.title } ?? node.title
    }

    /// The pages before and after `page` in reading order.
    private func neighbours(of page: SitePath) -> (previous: SitePath?, next: SitePath?) {
        guard let position = nav.readingPosition(of: page) else { return (nil, nil) }
        let order = nav.readingOrder
        return (position > 0 ? order[position - 1] : nil, position + 1 < order.count ? order[position + 1] : nil)
    }

    /// Everything a page's output depends on besides the configuration and templates (which the
    /// build cache checks as a whole): its own source, and what it shows of other pages.
    func inputsFingerprint(for page: Page) -> UInt64 {
        var fingerprint = Fingerprint()
        fingerprint.add(Int(truncatingIfNeeded: page.sourceFingerprint))
        fingerprint.add(page.source.rawValue)
        fingerprint.add(navValues.fingerprint(for: page.output))
        // What `breadcrumbs(of:)` shows, walked without building the list.
        let entry = model.entry
        if page.output != entry.output {
            fingerprint.add(entry.title)
            fingerprint.add(entry.output.rawValue)
            var ancestor = nav.nodeOfPage[page.output].flatMap { nav.nodes[$0].parent }
            while let index = ancestor, index != 0 {
                let node = nav.nodes[index]
                if node.page != entry.output {
                    fingerprint.add(crumbTitle(node))
                    fingerprint.add(node.page?.rawValue ?? "")
                }
                ancestor = node.parent
            }
        }
        fingerprint.add(-1)
        let (previous, next) = neighbours(of: page.output)
        for target in [previous, next] {
            fingerprint.add(target?.rawValue ?? "")
            fingerprint.add(target.map { model.page(output: $0)?.title ?? "" } ?? "")
        }
        return fingerprint.value
    }
}
