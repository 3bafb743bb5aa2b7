/// A link or image found in Markdown, in document order.
public struct MarkdownLink: Sendable, Hashable {
    /// The destination as cmark resolved it: as written for inline links, from the definition for
    /// reference links, with `mailto:` prepended for e-mail autolinks. Entities and escapes are decoded.
    public var destination: String
    /// The destination as emitted in the HTML: relative `*.md` links point to `*.html`.
    public var rewritten: String
    /// `true` for `![alt](src)`.
    public var isImage: Bool
    /// 1-based line of the link's opening `[` (`!` for images, `<` for autolinks) in the original file.
    public var line: Int
    /// 1-based UTF-8 byte column of that character.
    public var column: Int

    /// Creates a link.
    public init(destination: String, rewritten: String, isImage: Bool, line: Int, column: Int) {
        self.destination = destination
        self.rewritten = rewritten
        self.isImage = isImage
        self.line = line
        self.column = column
    }
}
