import SitegenMarkdown

extension SiteConfig {
    /// `ignore_links` as the crawl of the bundle matches them: the crawl sees links as the pages
    /// write them, so a pattern written for a Markdown link (`gone.md`, `old/*.md#*`) also stands in
    /// its rewritten form (`gone.html`, `old/*.html#*`), which is what it matches in the HTML.
    public var crawlIgnoreLinks: [String] {
        var patterns = ignoreLinks
        for pattern in ignoreLinks {
            let rewritten = LinkRewriter.rewrite(pattern)
            if rewritten != pattern, !patterns.contains(rewritten) { patterns.append(rewritten) }
        }
        return patterns
    }
}
