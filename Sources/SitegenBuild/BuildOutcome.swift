import SitegenBundle
import SitegenCore

/// What a build produced: a staged bundle to check and commit, and what it found on the way.
public struct BuildOutcome: Sendable {
    public var staged: StagedBundle
    public var config: SiteConfig
    public var manifest: Manifest
    /// Pages and assets written.
    public var pageCount: Int
    public var assetCount: Int
    /// Configuration warnings and Markdown-level link findings.
    public var diagnostics: [Diagnostic]
    /// Where each generated page's links came from, to report crawl findings at the Markdown line.
    public var sources: SourceMap
    /// Display paths of every Markdown source, for per-file reports.
    public var sourceFiles: [String]
    /// What the next build can reuse; `cache.crawl` is set when the bundle is unchanged since the
    /// last crawl, whose findings then still hold.
    public var cache: BuildCache
    /// The previous build's crawl, made with `cache.crawlMemo`, for the crawl to update when only a
    /// few pages changed.
    public var previousCrawl: BuildCache.CachedCrawl?
    /// The previous build's cache, held so that it is freed with the outcome (or not at all, by a
    /// command that exits right after) rather than in the middle of the build.
    var previousCache: BuildCache?

    /// Swaps the staged bundle over the previous one and saves the cache with the crawl's result.
    public func commit(crawl: BuildCache.CachedCrawl, crawlMemo: [UInt8]) throws(InputError) {
        try staged.commit()
        var cache = cache
        cache.crawl = crawl
        cache.crawlMemo = crawlMemo
        cache.save(for: staged.destination)
    }
}

/// Maps a generated page back to its Markdown source and template. Looked up only for findings, so
/// nothing is indexed per link up front.
public struct SourceMap: Sendable {
    let model: SiteModel
    /// `Templates/`, as messages show it.
    let templatesDisplay: String

    /// Where a finding about `href` on generated page `page` should point: the Markdown link when
    /// the link came from Markdown, else the page's template.
    public func location(page output: String, href: String?) -> SourceLocation? {
        guard let page = model.page(output: SitePath(unchecked: output)) else { return nil }
        if let href, let link = page.detailed.body.links.first(where: { $0.rewritten == href }) {
            return SourceLocation(path: page.displayPath, line: link.line, column: link.column)
        }
        return SourceLocation(path: templatesDisplay + (page.meta.template ?? Theme.defaultTemplate) + ".html")
    }
}
