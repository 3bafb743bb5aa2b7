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

    /// Swaps the staged bundle over the previous one and saves the cache with the crawl's result.
    public func commit(crawl: BuildCache.CachedCrawl, crawlMemo: [UInt8]) throws(InputError) {
        try staged.commit()
        var cache = cache
        cache.crawl = crawl
        cache.crawlMemo = crawlMemo
        cache.save(for: staged.destination)
    }
}

/// Maps a generated page back to its Markdown source and template.
public struct SourceMap: Sendable {
    public struct Entry: Sendable {
        /// `Site/guide/a.md`
        public var markdown: String
        /// `Templates/page.html`
        public var template: String
        /// Link as emitted in the HTML → its places in the Markdown.
        public var links: [String: SourceLocation]
    }

    /// By bundle-relative output path (`guide/a.html`).
    public var pages: [String: Entry] = [:]

    /// Where a finding about `href` on generated page `page` should point: the Markdown link when
    /// the link came from Markdown, else the page's template.
    public func location(page: String, href: String?) -> SourceLocation? {
        guard let entry = pages[page] else { return nil }
        if let href, let location = entry.links[href] { return location }
        return SourceLocation(path: entry.template)
    }
}
