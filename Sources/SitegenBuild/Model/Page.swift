import SitegenCore
import SitegenMarkdown

/// A Markdown page after parsing and rendering its body, before it is wrapped in a template.
public struct Page: Sendable {
    /// Site-relative source path, e.g. `guide/install.md`.
    public var source: SitePath
    /// Bundle-relative output path, e.g. `guide/install.html`.
    public var output: SitePath
    public var meta: PageMeta
    /// The title: front matter, else the first `#` heading, else the file name.
    public var title: String
    public var body: RenderedMarkdown
    /// The file as the user names it in diagnostics (`Site/guide/install.md`).
    public var displayPath: String

    /// The sidebar title.
    public var navTitle: String { meta.navTitle ?? title }

    /// Ids defined by the body: heading ids plus `id`/`name` attributes written as raw HTML.
    public var anchorIDs: Set<String>
    /// Whether `body.html` is there; a page restored from the build cache has everything else.
    public var hasBody = true
    /// Fingerprint of the Markdown file's bytes.
    public var sourceFingerprint: UInt64 = 0
    /// A page restored from the build cache keeps its headings and links encoded until something
    /// asks for them (`detailed`): most rebuilds never do for most pages.
    var encodedDetails: ArraySlice<UInt8>?

    /// The page with `body.headings` and `body.links` filled in, decoding them from the cache's bytes
    /// if they are still encoded.
    var detailed: Page {
        guard let encoded = encodedDetails else { return self }
        var page = self
        page.encodedDetails = nil
        if let (headings, links) = BuildCache.decodeDetails(encoded) {
            page.body.headings = headings
            page.body.links = links
        }
        return page
    }

    /// The page without its HTML, as the build cache keeps it.
    var withoutBody: Page {
        var page = self
        page.body.html = ""
        page.hasBody = false
        return page
    }
}
