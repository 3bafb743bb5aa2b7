/// A Markdown file cut into its YAML front matter and its body.
public struct FrontMatterSplit: Sendable, Hashable {
    /// The text between the `---` lines (possibly empty), or nil when the file has no front matter.
    public var yaml: String?
    /// Lines of the file before `yaml` (1 with front matter, else 0): pass to ``YAML/parse(_:path:lineOffset:)``.
    public var yamlLineOffset: Int
    /// Everything after the closing line, or the whole file (without a byte order mark).
    public var body: String
    /// Lines of the file before `body`: pass to ``MarkdownRenderer/render(_:options:lineOffset:)``.
    public var bodyLineOffset: Int
    /// The line of a `---` that opens what looks like front matter (`key: value` lines, then `---`)
    /// after blank lines: not front matter, since it must start on the first line; read as Markdown.
    public var lateFrontMatterLine: Int?

    /// Creates a split.
    public init(yaml: String?, yamlLineOffset: Int, body: String, bodyLineOffset: Int) {
        self.yaml = yaml
        self.yamlLineOffset = yamlLineOffset
        self.body = body
        self.bodyLineOffset = bodyLineOffset
    }
}
