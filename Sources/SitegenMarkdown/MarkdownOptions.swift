/// How Markdown is parsed and rendered.
public struct MarkdownOptions: Sendable, Hashable {
    /// Pass raw HTML (blocks and inline tags) through to the output (`CMARK_OPT_UNSAFE`).
    /// When `false`, cmark replaces it with `<!-- raw HTML omitted -->` and blanks
    /// `javascript:`-style link destinations.
    public var rawHTML: Bool = true
    /// Curly quotes, en/em dashes and ellipses (`CMARK_OPT_SMART`).
    public var smartPunctuation: Bool = false

    /// Creates options; the defaults keep raw HTML and straight punctuation.
    public init(rawHTML: Bool = true, smartPunctuation: Bool = false) {
        self.rawHTML = rawHTML
        self.smartPunctuation = smartPunctuation
    }
}
