/// What ``MarkdownRenderer/render(_:options:lineOffset:)`` returns: plain Swift values, no C pointers.
public struct RenderedMarkdown: Sendable, Hashable {
    /// The HTML fragment rendered by cmark, headings carrying `id`s and anchor links.
    public var html: String
    /// Plain text of the first level-1 heading, if any.
    public var title: String?
    /// All headings in document order, with their final (de-duplicated) ids.
    public var headings: [Heading]
    /// Links and images in document order.
    public var links: [MarkdownLink]
    /// The page's text for the search index, when the site has one; empty otherwise.
    public var text: String
    /// Markdown of other dialects (admonitions, pipe tables, attribute lists) that CommonMark
    /// shows as text, where it starts.
    public var foreignSyntax: [ForeignSyntax] = []
    /// Whether the Markdown writes raw HTML (a block or inline), the only way an `id` or `name` other
    /// than the headings' gets into `html`.
    public var hasRawHTML = false

    /// Creates a rendered page.
    public init(html: String, title: String?, headings: [Heading], links: [MarkdownLink], text: String = "") {
        self.html = html
        self.title = title
        self.headings = headings
        self.links = links
        self.text = text
    }
}
