import Foundation
import SitegenBundleCore
import SitegenCore

/// What a build produced: a staged bundle to check and commit, and what it found on the way.
public struct BuildOutcome: Sendable {
    public var staged: StagedBundle
    /// How the staged files become the bundle.
    public var update: Update
    public var config: SiteConfig
    public var manifest: Manifest
    /// The output folder as the build was asked for it (a symbolic link stays one): what the cache
    /// files beside it are named after, whichever folder the link points to.
    var output: URL
    /// The resolver the crawl fetches through, made from `manifest` for `bundleToCrawl` while the
    /// manifest's bytes were written.
    public var crawlResolver: Result<SchemeResolver, ManifestError>
    /// Pages and assets written.
    public var pageCount: Int
    public var assetCount: Int
    /// Configuration warnings and Markdown-level link findings.
    public var diagnostics: [Diagnostic]
    /// Where each generated page's links came from, to report crawl findings at the Markdown line.
    public var sources: SourceMap
    /// Display paths of every Markdown source, for per-file reports.
    public var sourceFiles: [String]
    /// With a `nav` in sitegen.yml, the display paths of the pages it leaves out (reached by links
    /// only, without a place in the sidebar), as MkDocs lists them; empty without one.
    public var pagesOutsideNav: [String] = []
    /// The source paths of the drafts built as pages (`BuildOptions.includesDrafts`).
    public var draftsBuilt: [String] = []
    /// A configuration file beside the site folder rather than in it (`./sitegen.yml` or MkDocs'
    /// `mkdocs.yml` for `--site docs`), which this build did not read: what to say of it.
    public var configElsewhere: String?
    /// What a rebuild in place made and no longer needs (10,000 page records, files and plans), held
    /// with the outcome rather than freed as the build returns: freeing takes milliseconds that a
    /// one-shot command, which hands the outcome to the process's exit, need not spend. A clean build
    /// frees them, so that the crawl reuses their memory.
    var held: [any Sendable] = []
    /// What the next build can reuse; `cache.crawl` is set when the bundle is unchanged since the
    /// last crawl, whose findings then still hold.
    public var cache: BuildCache
    /// The previous build's crawl, made with the memo of generation `previousMemoGeneration`, for the
    /// crawl to update when only a few pages changed.
    public var previousCrawl: BuildCache.CachedCrawl?
    /// The previous build's cache, held so that it is freed with the outcome (or not at all, by a
    /// command that exits right after) rather than in the middle of the build.
    var previousCache: BuildCache?

    /// How a build's files replace the previous bundle.
    public enum Update: Sendable {
        /// The staged folder is a whole new bundle, swapped in by renames once it is checked.
        case swap
        /// The staged folder holds only the files that changed (bundle-relative `written`, the manifest
        /// last when it changed), moved into the previous bundle one atomic rename at a time, and
        /// `removed` outputs are deleted: for a rebuild that changed a few files out of thousands. It happens before the crawl, which then
        /// reads the bundle in place (crawl findings never stop a build from being written).
        case inPlace(written: [String], removed: [String])
    }

    /// The folder the crawl reads: the staged bundle, or the bundle itself once updated in place.
    public var bundleToCrawl: URL {
        if case .inPlace = update { return staged.destination }
        return staged.directory
    }

    /// Whether `commitBundle()` must run before the crawl.
    public var commitsBeforeCrawl: Bool {
        if case .inPlace = update { return true }
        return false
    }

    /// Makes the new bundle the output folder. The previous cache goes first: a build killed after
    /// this and before it saves its own would otherwise leave a cache that vouches for files that
    /// have changed since, and the next build would keep them.
    /// Returns what is left of the previous bundle when it could not be deleted.
    @discardableResult
    public func commitBundle() throws(InputError) -> StagedFolder.Leftover? {
        switch update {
        case .swap:
            _ = unlink(BuildCache.location(for: output).path)
            return try staged.commit()
        case .inPlace(let written, let removed):
            // Before the crawl, which waits for this: the file is spoilt in place, and removed,
            // which frees its megabytes, by `startSavingCache()` beside the crawl.
            BuildCache.invalidate(for: output)
            try staged.apply(written: written, removed: removed)
            return nil
        }
    }

    /// Whether a page's details read from the previous build's cache (to check its links, or to map
    /// a finding to its Markdown line) were not the bytes the cache recorded: changed on disk. What
    /// they gave is wrong, and the build must be made again without the cache.
    public var foundDamagedCache: Bool { previousCache?.details?.isDamaged == true }

    /// The generation of the crawl memo that goes with the previous build's cache; 0 for none.
    public var previousMemoGeneration: UInt64 { previousCache?.memoGeneration ?? 0 }

    /// Whether the crawl of the previous build still holds (`cache.crawl`): then its memo on disk is
    /// the memo of this build too and need not be written again.
    public var reusesPreviousCrawl: Bool { cache.crawl != nil }

    /// Starts saving the cache beside the bundle: what does not depend on the crawl, written while it
    /// runs.
    public func startSavingCache() -> BuildCache.PendingCacheFile? {
        if commitsBeforeCrawl { _ = unlink(BuildCache.location(for: output).path) }
        return cache.writeHead(for: output)
    }

    /// Finishes saving the cache with the crawl's result, for the next build. Write the crawl memo of
    /// generation `cache.memoGeneration` first.
    public func saveCache(crawl: BuildCache.CachedCrawl, into pending: BuildCache.PendingCacheFile?) {
        var cache = cache
        cache.crawl = crawl
        if let pending { pending.finish(cache) } else { cache.save(for: output) }
    }

    /// Finishes saving the cache of a build stopped after its bundle was committed (in place, before
    /// the crawl) and before its crawl ended: the next build keeps its pages and files and crawls
    /// again, unless the manifest is the previous build's, whose crawl result the cache carries.
    public func saveCacheWithoutCrawl(into pending: BuildCache.PendingCacheFile?) {
        if let pending { pending.finish(cache) } else { cache.save(for: output) }
    }
}

/// What `SourceMap.location(page:href:…)` works out once for all the findings of one link: the
/// places of an href in a page's Markdown, so that a page with a thousand findings of one link is
/// read once, not a thousand times. Made for one mapping of findings.
public final class SourcePlaces {
    // Hrefs by their bytes: `café.html` in NFC and in NFD are two links (Swift's `String` equality
    // would take them for one), of which a finding names one.
    var places: [ByteKey: [(line: Int, column: Int)]] = [:]
    /// By page: the first Markdown link of each href.
    var firstLinks: [String: [ByteKey: (line: Int, column: Int)]] = [:]
    /// By page: its Markdown source's bytes, nil when unreadable.
    var sources: [String: [UInt8]?] = [:]
    /// By page: where its raw HTML first writes each attribute value, made at the first ask.
    var rawAttributes: [String: RawAttributeTable] = [:]

    /// Where a Markdown source's raw HTML first writes each attribute value: as written in double
    /// quotes, in single quotes, and decoded in any form, by byte offset of the value; with the
    /// source's lines, to place them.
    struct RawAttributeTable {
        var doubleQuoted: [ByteKey: Int] = [:]
        var singleQuoted: [ByteKey: Int] = [:]
        var decoded: [ByteKey: Int] = [:]
        var lines: LineStarts

        init(_ bytes: [UInt8]) {
            lines = LineStarts(bytes)
            for value in RawHTMLAttributes.values(in: bytes) {
                switch value.quote {
                case UInt8(ascii: "\""):
                    if doubleQuoted[ByteKey(value.raw)] == nil { doubleQuoted[ByteKey(value.raw)] = value.start }
                case UInt8(ascii: "'"):
                    if singleQuoted[ByteKey(value.raw)] == nil { singleQuoted[ByteKey(value.raw)] = value.start }
                default: break
                }
                if decoded[ByteKey(value.decoded)] == nil { decoded[ByteKey(value.decoded)] = value.start }
            }
        }
    }

    public init() {}
}

/// Maps a generated page back to its Markdown source and template. Looked up only for findings, so
/// nothing is indexed per link up front.
public struct SourceMap: Sendable {
    let model: SiteModel
    /// `Templates/`, as messages show it.
    let templatesDisplay: String
    /// Where the Markdown sources are, for links written as raw HTML in them.
    var siteDirectory: URL?
    /// `Site/`, as messages show it.
    var siteDisplay = ""
    /// The files each page template renders, as messages name them (`Templates/partials/footer.html`),
    /// with their texts: its own first, then the partials it reaches, by name. A link or an id a
    /// partial writes is found there rather than blamed on the page template, and never in a partial
    /// no page renders.
    private var filesOfTemplate: [String: [(display: String, text: String)]] = [:]
    /// `ignore_links`, read once.
    private let ignoredLinks: [LinkPattern]

    /// `templates` are the theme's sources by name, `pageTemplates` the names of its page templates
    /// (the others are partials), and `members` what each template reaches (`TemplateDependencies`).
    init(
        model: SiteModel, templatesDisplay: String, siteDirectory: URL? = nil, siteDisplay: String = "",
        templates: [String: String] = [:], pageTemplates: Set<String> = [], members: (String) -> Set<String> = { [$0] }
    ) {
        self.model = model
        self.templatesDisplay = templatesDisplay
        self.siteDirectory = siteDirectory
        self.siteDisplay = siteDisplay
        ignoredLinks = model.config.ignoreLinks.map(LinkPattern.init)
        for page in pageTemplates {
            let own = templatesDisplay + page + ".html"
            filesOfTemplate[page] = members(page).compactMap { name in
                guard let text = templates[name], name == page || !pageTemplates.contains(name) else { return nil }
                return (name == page ? own : templatesDisplay + "partials/" + name + ".html", text)
            }
            .sorted { ($0.display == own ? 0 : 1, $0.display) < ($1.display == own ? 0 : 1, $1.display) }
        }
    }

    /// ` (the page of Site/gps.md, a draft: …)` when `href`, written on generated page `page`, names
    /// the page a draft would have: a link written as raw HTML is checked in the bundle, where a
    /// draft is no file.
    public func draftNote(linkedAs href: String, fromPage page: String) -> String? {
        guard !model.drafts.isEmpty, let base = URL(string: "docs://app/" + BundleOrigin.percentEncodePath(page)),
            let url = URL(string: URLPath.encodedAsBrowsersSend(href), relativeTo: base)?.absoluteURL,
            url.scheme == "docs", url.host == "app"
        else { return nil }
        var path = String(url.path.drop { $0 == "/" })
        if path.isEmpty || url.hasDirectoryPath { path += path.isEmpty ? "index.html" : "/index.html" }
        guard let target = SitePath(normalizing: path), target.pathExtension == "html",
            case let source = target.replacingExtension(with: "md"), model.drafts.contains(source)
        else { return nil }
        return " (the page of \(siteDisplay + source.rawValue), a draft: \(SourceLinkChecker.draftAdvice))"
    }

    /// Where a finding about `href` on generated page `page` should point: the Markdown link when
    /// the link came from Markdown (written as Markdown or as raw HTML), else the page's template.
    /// `generated` places the finding's link among the generated page's links with this href; when
    /// the page has as many as its Markdown (no template link among them), it picks the Markdown's,
    /// else `occurrence` (the how-manieth of the findings' links) does.
    public func location(
        page output: String, href: String?, occurrence: Int = 0, generated: (index: Int, count: Int)? = nil,
        memo: SourcePlaces = SourcePlaces()
    ) -> SourceLocation? {
        guard let page = model.page(output: SitePath(unchecked: output)) else { return nil }
        if let href {
            let links = page.detailed.body.links
            // The page's n-th link with this href, among its Markdown links and raw HTML, in order:
            // looked for only when the page has more than one (reading the source costs a finding),
            // and once for all the findings of one href.
            if generated.map({ $0.count > 1 }) ?? (occurrence > 0) {
                let key = ByteKey(output + "\u{0}" + href)
                let places = memo.places[key] ?? linkPlaces(of: href, in: page, memo: memo)
                memo.places[key] = places
                if !places.isEmpty {
                    let chosen = generated.flatMap { $0.count == places.count ? $0.index : nil } ?? occurrence
                    let place = places[min(chosen, places.count - 1)]
                    return SourceLocation(path: page.displayPath, line: place.line, column: place.column)
                }
            }
            let firstLinks =
                memo.firstLinks[output]
                ?? links.reduce(into: [:]) { first, link in
                    if first[ByteKey(link.rewritten)] == nil { first[ByteKey(link.rewritten)] = (link.line, link.column) }
                }
            memo.firstLinks[output] = firstLinks
            if let link = firstLinks[ByteKey(href)] {
                return SourceLocation(path: page.displayPath, line: link.line, column: link.column)
            }
            // Raw HTML that writes the link as it is beats a Markdown link that only decodes to it.
            if let place = rawHTMLPlace(of: href, in: page, memo: memo) { return place }
            // The page's HTML may spell the link percent-encoded where the Markdown has the characters.
            let wanted = ByteKey(PercentEscapes.decodedWhereValid(href))
            if let link = links.first(where: { ByteKey(PercentEscapes.decodedWhereValid($0.rewritten)) == wanted }) {
                return SourceLocation(path: page.displayPath, line: link.line, column: link.column)
            }
            if let place = cssPlace(of: href, in: page, memo: memo) { return place }
            if let place = templatePlace(of: href, preferring: page.meta.template ?? Theme.defaultTemplate) { return place }
        }
        return SourceLocation(path: templatesDisplay + (page.meta.template ?? Theme.defaultTemplate) + ".html")
    }

    /// Every place of `href` in the Markdown of `page`, as a Markdown link or a raw HTML attribute
    /// value (as written, with `&` escaped, with other character references or unquoted), in order.
    private func linkPlaces(of href: String, in page: Page, memo: SourcePlaces) -> [(line: Int, column: Int)] {
        // As the page writes it, or percent-encoded where the Markdown has the characters (`cafe%CC%81.html`).
        let wanted = ByteKey(PercentEscapes.decodedWhereValid(href))
        var places = page.detailed.body.links.filter {
            ByteKey($0.rewritten) == ByteKey(href) || ByteKey(PercentEscapes.decodedWhereValid($0.rewritten)) == wanted
        }.map { (line: $0.line, column: $0.column) }
        var seen = Set(places.map { [$0.line, $0.column] })
        let raw =
            href.isEmpty
            ? []
            : sourceBytes(of: page, memo: memo).map {
                Self.attributePlaces(of: href, named: nil, in: $0, path: page.displayPath, at: \.valueStart)
            } ?? []
        for place in raw where place.line > 0 && seen.insert([place.line, place.column]).inserted {
            places.append((place.line, place.column))
        }
        places.sort { ($0.line, $0.column) < ($1.line, $1.column) }
        return places
    }

    /// Where a template writes `href`: its text after the `../` a page's folder puts before it
    /// (templates write `{{root}}reference/faq.html`), followed by a quote. The page's own template
    /// first, then the others in order; nil when no template has it.
    private func templatePlace(of href: String, preferring name: String) -> SourceLocation? {
        var rest = Substring(href)
        while rest.hasPrefix("../") || rest.hasPrefix("./") { rest = rest.drop { $0 == "." }.dropFirst() }
        guard !rest.isEmpty else { return nil }
        // A link made of a variable and a fragment (`{{home}}#top`) is found by its fragment.
        let fragment = rest.firstIndex(of: "#").map { rest[$0...] }
        for text in [rest, fragment].compactMap({ $0 }) where text.count > 1 {
            for template in pageTemplates(named: name) {
                let bytes = Array(template.text.utf8)
                for quote in ["\"", "'"] {
                    guard let range = bytes.firstRange(of: Array((text + quote).utf8)) else { continue }
                    return SourceLocation(path: template.display, byteOffset: range.lowerBound, in: bytes)
                }
            }
        }
        return nil
    }

    /// The Markdown file generated page `output` comes from, for findings about the page as a whole
    /// (an orphan): the file to fix, rather than the output, which is no file of the repository.
    public func source(ofPage output: String) -> SourceLocation? {
        model.page(output: SitePath(unchecked: output)).map { SourceLocation(path: $0.displayPath) }
    }

    /// The file each asset of the bundle is copied from, by bundle path, as messages name it
    /// (`Site/legacy.html`, `Templates/assets/theme.css`). Copied byte for byte, so a finding's line
    /// and column hold there. Made when a build has findings, not on every build.
    public func assetSources() -> [String: String] {
        let siteRoot = siteDirectory?.path
        var sources: [String: String] = [:]
        sources.reserveCapacity(model.assets.count)
        for asset in model.assets {
            sources[asset.path.rawValue] = (asset.root == siteRoot ? siteDisplay : templatesDisplay) + asset.path.rawValue
        }
        return sources
    }

    /// Where the front matter of generated page `page` writes the alias whose path is `alias`, in
    /// whatever spelling (`g%20h/x.html`, `./g//x.html` for `g h/x.html`), else the page itself.
    public func location(page output: String, alias: String) -> SourceLocation? {
        guard let page = model.page(output: SitePath(unchecked: output)) else { return nil }
        let path = alias.hasSuffix("/") ? String(alias.dropLast()) : alias
        if let site = siteDirectory, let written = page.meta.aliases.first(where: { Self.aliasPath($0) == path }) {
            return FrontMatterPlace.of(written, under: "aliases", in: page, site: site)
        }
        return place(of: alias, in: page, offset: 0) ?? SourceLocation(path: page.displayPath)
    }

    /// The bundle path an alias as written names, without a trailing slash: `/g/./x%20y.html` is `g/x y.html`.
    private static func aliasPath(_ written: String) -> String? {
        let text = written.droppingLeadingSlash
        guard let decoded = text.removingPercentEncoding, let path = SitePath(normalizing: decoded) else { return nil }
        return path.rawValue.hasSuffix("/") ? String(path.rawValue.dropLast()) : path.rawValue
    }

    /// Where the Markdown source of generated page `output` writes `id` as an attribute of raw HTML
    /// (`id="x"`, `id='x'`, `id=x`, references decoded), in order; empty when it does not.
    public func rawHTMLPlaces(ofID id: String, page output: String) -> [SourceLocation] {
        guard let page = model.page(output: SitePath(unchecked: output)) else { return [] }
        return attributePlaces(of: id, named: "id", in: page, at: \.nameStart)
    }

    /// Where the templates generated page `output` renders (its own, then the partials) write `id`
    /// as an `id` attribute, in order.
    public func templatePlaces(ofID id: String, page output: String) -> [SourceLocation] {
        guard !id.isEmpty, let page = model.page(output: SitePath(unchecked: output)) else { return [] }
        return pageTemplates(of: page).flatMap { template in
            Self.attributePlaces(of: id, named: "id", in: Array(template.text.utf8), path: template.display, at: \.nameStart)
        }
    }

    /// The template files `page` renders: its own template first, then the partials by name (a
    /// page never renders another page template).
    private func pageTemplates(of page: Page) -> [(display: String, text: String)] {
        pageTemplates(named: page.meta.template ?? Theme.defaultTemplate)
    }

    private func pageTemplates(named name: String) -> [(display: String, text: String)] {
        filesOfTemplate[name] ?? []
    }

    /// Whether `href` on generated page `output` is written by a Markdown link that `ignore_links`
    /// names as written (`gone.md`, which the page writes `gone.html`): the Markdown check skips
    /// it, and so must the crawl's findings about it. Only the findings: the crawl still follows
    /// the link, so that the pages it leads to are checked.
    public func isIgnoredMarkdownLink(page output: String, href: String) -> Bool {
        guard !ignoredLinks.isEmpty, let page = model.page(output: SitePath(unchecked: output)) else { return false }
        return page.detailed.body.links.contains { link in
            link.rewritten == href && ignoredLinks.contains { $0.matches(link.destination) }
        }
    }

    /// Where the Markdown source of generated page `output` has the heading whose id is `id`.
    public func headingPlace(ofID id: String, page output: String) -> SourceLocation? {
        guard let page = model.page(output: SitePath(unchecked: output)),
            let heading = page.detailed.body.headings.first(where: { ByteKey($0.id) == ByteKey(id) })
        else { return nil }
        return SourceLocation(path: page.displayPath, line: heading.line, column: heading.column)
    }

    /// Where the Markdown source of `page` has an attribute (of `name`, or any) whose value is
    /// `value`, placed at its name or its value.
    private func attributePlaces(
        of value: String, named name: StaticString? = nil, in page: Page, at start: KeyPath<RawHTMLAttributes.Place, Int>
    ) -> [SourceLocation] {
        guard !value.isEmpty, let bytes = sourceBytes(of: page) else { return [] }
        return Self.attributePlaces(of: value, named: name, in: bytes, path: page.displayPath, at: start)
    }

    /// Where the HTML `bytes` of the file shown as `path` have an attribute (of `name`, or any) whose
    /// value is `value`, placed at its name or its value.
    private static func attributePlaces(
        of value: String, named name: StaticString?, in bytes: [UInt8], path: String,
        at start: KeyPath<RawHTMLAttributes.Place, Int>
    ) -> [SourceLocation] {
        let lines = LineStarts(bytes)
        return RawHTMLAttributes.places(of: value, named: name, in: bytes).map {
            SourceLocation(path: path, byteOffset: $0[keyPath: start], lines: lines)
        }
    }

    /// The line and column of `href` as an attribute value in the Markdown source of `page`, for a link
    /// written as raw HTML.
    /// Each page's source is read into a table once (`SourcePlaces.RawAttributeTable`): a page with
    /// thousands of findings of other hrefs is not scanned once per finding.
    private func rawHTMLPlace(of href: String, in page: Page, memo: SourcePlaces) -> SourceLocation? {
        guard !href.isEmpty else { return nil }
        let key = page.source.rawValue
        if memo.rawAttributes[key] == nil {
            guard let bytes = sourceBytes(of: page, memo: memo) else { return nil }
            memo.rawAttributes[key] = SourcePlaces.RawAttributeTable(bytes)
        }
        guard let table = memo.rawAttributes[key] else { return nil }
        let escaped = href.replacingOccurrences(of: "&", with: "&amp;")
        // As written, then with `&` escaped: in this order, so that every run names the same place;
        // then written with other character references (`caf&eacute;.html`), or unquoted.
        let offset =
            (href == escaped ? [href] : [href, escaped]).lazy.compactMap {
                table.doubleQuoted[ByteKey($0)] ?? table.singleQuoted[ByteKey($0)]
            }
            .first ?? table.decoded[ByteKey(href)]
        return offset.map { SourceLocation(path: page.displayPath, byteOffset: $0, lines: table.lines) }
    }

    /// Where the Markdown source of `page` writes `href` as a reference of CSS in raw HTML (a `<style>`
    /// element or `style` attribute): at its `url(`, or at the quote of an `@import` string, as the
    /// crawl places it.
    private func cssPlace(of href: String, in page: Page, memo: SourcePlaces) -> SourceLocation? {
        guard !href.isEmpty, let bytes = sourceBytes(of: page, memo: memo) else { return nil }
        for spelling in ["url(" + href, "url(\"" + href, "url('" + href, "\"" + href + "\"", "'" + href + "'"] {
            if let range = bytes.firstRange(of: Array(spelling.utf8)) {
                return SourceLocation(path: page.displayPath, byteOffset: range.lowerBound, in: bytes)
            }
        }
        return nil
    }

    /// Where `text` first occurs in the Markdown source of `page`, `offset` bytes on. Columns count
    /// bytes, as cmark's do.
    private func place(of text: String, in page: Page, offset: Int) -> SourceLocation? {
        guard let bytes = sourceBytes(of: page), let range = bytes.firstRange(of: Array(text.utf8)) else { return nil }
        return SourceLocation(path: page.displayPath, byteOffset: range.lowerBound + offset, in: bytes)
    }

    /// The Markdown source of `page`, read from the file: this is asked only for findings.
    private func sourceBytes(of page: Page) -> [UInt8]? {
        siteDirectory.flatMap { FileBytes.read($0.appendingPathComponent(page.source.rawValue).path) }
    }

    /// The same, read once for all the findings `memo` maps.
    private func sourceBytes(of page: Page, memo: SourcePlaces) -> [UInt8]? {
        if let known = memo.sources[page.source.rawValue] { return known }
        let bytes = sourceBytes(of: page)
        memo.sources[page.source.rawValue] = bytes
        return bytes
    }
}
