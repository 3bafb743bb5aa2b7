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

    /// The page without its HTML, as the build cache keeps it.
    var withoutBody: Page {
        var page = self
        page.body.html = ""
        page.hasBody = false
        return page
    }
}
