/// One reference found in an HTML or CSS resource, as written, with where it is.
public struct ExtractedLink: Sendable, Hashable {
    /// The reference as written (entity-decoded, not yet resolved), e.g. `../guide/#install`.
    public var url: String
    /// The element holding it (`a`, `img`, `style`, ...); `css` for a reference in a style sheet.
    public var element: String
    /// The attribute holding it (`href`, `srcset`, `style`, ...); `url` or `@import` in CSS.
    public var attribute: String
    /// 1-based line of the attribute (or of the CSS token).
    public var line: Int
    /// 1-based byte column of the attribute name (or of the CSS token).
    public var column: Int

    /// Creates a link record.
    public init(url: String, element: String, attribute: String, line: Int, column: Int) {
        self.url = url
        self.element = element
        self.attribute = attribute
        self.line = line
        self.column = column
    }
}
