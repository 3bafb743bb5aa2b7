import SitegenCore
import SitegenTemplates

/// Builds the template variables of one page (documented in `Site/theming/templates.md`).
struct PageContext: Sendable {
    var model: SiteModel
    var nav: NavTree
    var origin: String
    var navValues: NavValues

    init(model: SiteModel, nav: NavTree, origin: String) {
        self.model = model
        self.nav = nav
        self.origin = origin
        navValues = NavValues(tree: nav, pages: model.pages)
    }

    func value(for page: Page) -> TemplateValue {
        let here = page.output
        func link(_ target: SitePath) -> TemplateValue { .string(here.relativeReference(to: target)) }
        func titleOf(_ output: SitePath) -> String { model.page(output: output)?.title ?? output.rawValue }

        var context: [String: TemplateValue] = [
            "site": .dictionary([
                "title": .string(model.config.title), "origin": .string(origin),
                "generator": .string(SitegenVersion.generator),
            ]),
            "page": .dictionary([
                "title": .string(page.title), "description": .string(page.meta.description ?? ""),
                "path": .string(here.rawValue), "source": .string(page.source.rawValue),
                "showTitle": .bool(!page.body.headings.contains { $0.level == 1 }),
            ]),
            "content": .string(page.body.html),
            "root": .string(String(repeating: "../", count: here.segments.count - 1)),
        ]

        context["nav"] = navValues.value(for: here)
        let current = nav.nodeOfPage[here]

        var crumbs: [TemplateValue] = []
        if here != model.entry.output {
            crumbs.append(.dictionary(["title": .string(model.entry.navTitle), "url": link(model.entry.output)]))
        }
        for ancestor in current.map(nav.ancestors(of:)) ?? [] {
            let node = nav.nodes[ancestor]
            guard node.page != model.entry.output else { continue }
            var crumb: [String: TemplateValue] = ["title": .string(node.title)]
            if let target = node.page { crumb["url"] = link(target) }
            crumbs.append(.dictionary(crumb))
        }
        context["breadcrumbs"] = .list(crumbs)
        context["hasBreadcrumbs"] = .bool(!crumbs.isEmpty)

        let toc = page.body.headings.filter { $0.level == 2 || $0.level == 3 }.map { heading in
            TemplateValue.dictionary([
                "title": .string(heading.text), "id": .string(heading.id), "level": .int(heading.level),
                "isSub": .bool(heading.level == 3),
            ])
        }
        context["toc"] = .list(toc)
        context["hasToc"] = .bool(!toc.isEmpty)

        if let position = nav.readingPosition[here] {
            if position > 0 {
                let target = nav.readingOrder[position - 1]
                context["prev"] = .dictionary(["title": .string(titleOf(target)), "url": link(target)])
            }
            if position + 1 < nav.readingOrder.count {
                let target = nav.readingOrder[position + 1]
                context["next"] = .dictionary(["title": .string(titleOf(target)), "url": link(target)])
            }
        }
        return .dictionary(context)
    }
}
