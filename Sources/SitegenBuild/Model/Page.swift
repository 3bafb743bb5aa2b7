import SitegenCore
import SitegenMarkdown

/// A Markdown page after parsing and rendering its body, before it is wrapped in a template.
///
/// A value type whose fields live in one shared box, copied on write: a build passes 10,000 pages
/// through lists, filters and the cache, and a copy then costs one reference count instead of one
/// for each of its strings and collections.
public struct Page: Sendable {
    private final class Storage: @unchecked Sendable {
        var source: SitePath
        var output: SitePath
        var meta: PageMeta
        var title: String
        var body: RenderedMarkdown
        var displayPath: String
        var anchors: PageAnchors
        var hasBody: Bool
        var sourceFingerprint: UInt64
        var details: DetailsReference?

        init(
            source: SitePath, output: SitePath, meta: PageMeta, title: String, body: RenderedMarkdown, displayPath: String,
            anchors: PageAnchors, hasBody: Bool, sourceFingerprint: UInt64, details: DetailsReference?
        ) {
            self.source = source
            self.output = output
            self.meta = meta
            self.title = title
            self.body = body
            self.displayPath = displayPath
            self.anchors = anchors
            self.hasBody = hasBody
            self.sourceFingerprint = sourceFingerprint
            self.details = details
        }

        func copy() -> Storage {
            Storage(
                source: source, output: output, meta: meta, title: title, body: body, displayPath: displayPath,
                anchors: anchors, hasBody: hasBody, sourceFingerprint: sourceFingerprint, details: details)
        }
    }

    private var storage: Storage

    init(
        source: SitePath, output: SitePath, meta: PageMeta, title: String, body: RenderedMarkdown, displayPath: String,
        anchorIDs: Set<String>, hasBody: Bool = true, sourceFingerprint: UInt64 = 0, details: DetailsReference? = nil
    ) {
        self.init(
            source: source, output: output, meta: meta, title: title, body: body, displayPath: displayPath,
            anchors: PageAnchors(anchorIDs), hasBody: hasBody, sourceFingerprint: sourceFingerprint,
            details: details)
    }

    init(
        source: SitePath, output: SitePath, meta: PageMeta, title: String, body: RenderedMarkdown, displayPath: String,
        anchors: PageAnchors, hasBody: Bool, sourceFingerprint: UInt64, details: DetailsReference?
    ) {
        storage = Storage(
            source: source, output: output, meta: meta, title: title, body: body, displayPath: displayPath,
            anchors: anchors, hasBody: hasBody, sourceFingerprint: sourceFingerprint, details: details)
    }

    private mutating func unique() -> Storage {
        if !isKnownUniquelyReferenced(&storage) { storage = storage.copy() }
        return storage
    }

    /// Site-relative source path, e.g. `guide/install.md`.
    public var source: SitePath {
        get { storage.source }
        set { unique().source = newValue }
    }
    /// Bundle-relative output path, e.g. `guide/install.html`.
    public var output: SitePath {
        get { storage.output }
        set { unique().output = newValue }
    }
    public var meta: PageMeta {
        get { storage.meta }
        set { unique().meta = newValue }
    }
    /// The title: front matter, else the first `#` heading, else the file name.
    public var title: String {
        get { storage.title }
        set { unique().title = newValue }
    }
    public var body: RenderedMarkdown {
        get { storage.body }
        set { unique().body = newValue }
    }
    /// The file as the user names it in diagnostics (`Site/guide/install.md`).
    public var displayPath: String {
        get { storage.displayPath }
        set { unique().displayPath = newValue }
    }

    /// The sidebar title.
    public var navTitle: String { meta.navTitle ?? title }

    /// Ids defined by the body: heading ids plus `id`/`name` attributes written as raw HTML.
    public var anchorIDs: Set<String> {
        get { storage.anchors.ids }
        set { unique().anchors = PageAnchors(newValue) }
    }
    /// The ids with their fingerprint, possibly still encoded.
    var anchors: PageAnchors { storage.anchors }
    /// Whether `body.html` is there; a page restored from the build cache has everything else.
    public var hasBody: Bool {
        get { storage.hasBody }
        set { unique().hasBody = newValue }
    }
    /// Fingerprint of the Markdown file's bytes.
    public var sourceFingerprint: UInt64 {
        get { storage.sourceFingerprint }
        set { unique().sourceFingerprint = newValue }
    }
    /// A page restored from the build cache has its headings and links in the cache's details file
    /// until something asks for them (`detailed`): most rebuilds never do for most pages.
    var details: DetailsReference? {
        get { storage.details }
        set { unique().details = newValue }
    }

    /// The page with `body.headings` and `body.links` filled in, reading them from the details file
    /// if it came from the cache.
    var detailed: Page {
        guard let reference = details else { return self }
        var page = self
        page.details = nil
        if let bytes = reference.bytes(), let details = BuildCache.decodeDetails(bytes[...]) {
            var body = page.body
            body.headings = details.headings
            body.links = details.links
            body.text = details.text
            page.body = body
        }
        return page
    }

    /// The page without its HTML, as the build cache keeps it.
    var withoutBody: Page {
        guard hasBody else { return self }
        var page = self
        var body = page.body
        body.html = ""
        page.body = body
        page.hasBody = false
        return page
    }
}
