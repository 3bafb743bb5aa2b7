/// A heading of a rendered Markdown page, as listed in a table of contents.
public struct Heading: Sendable, Hashable {
    /// 1 to 6.
    public var level: Int
    /// Plain text of the heading's inline content: code spans included, markup and raw HTML tags left out.
    public var text: String
    /// The final, page-unique `id` of the heading element (see ``Slugger``).
    public var id: String
    /// 1-based line of the heading in the original file.
    public var line: Int
    /// 1-based UTF-8 byte column of the heading's first character (its `#` for ATX headings).
    public var column: Int
    /// Whether the heading shows anything: text, or only an image or raw HTML (`# <img …>`). Known
    /// from a parse only: a heading read back from the build cache says true.
    public var hasContent = true

    /// Creates a heading.
    public init(level: Int, text: String, id: String, line: Int, column: Int) {
        self.level = level
        self.text = text
        self.id = id
        self.line = line
        self.column = column
    }
}
