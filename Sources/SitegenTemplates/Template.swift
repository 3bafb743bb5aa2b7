/// A parsed template: parse once into a `Sendable` token tree, render many times through a
/// ``TemplateLibrary``.
public struct Template: Sendable {
    /// The name partials and parents use to include this template.
    public let name: String
    /// The file the template came from, used in error locations (the name when `nil`).
    public let path: String?
    let nodes: [Node]
    private let outsideBlocks: [TemplateError]

    /// Parses Mustache source (spec v1.4 with inheritance; no lambdas, no dynamic names).
    ///
    /// Fails with the line and column of the offending tag for an unclosed tag, section, parent or
    /// block, a closing tag that does not match or has no opening tag, a bad set-delimiter tag, a
    /// `{{%…}}` tag (a pragma in some dialects), or an empty tag name.
    public static func parse(_ source: String, name: String, path: String? = nil) throws(TemplateError) -> Template {
        let text = SourceText(source, path: path ?? name)
        let (nodes, outsideBlocks) = try TemplateParser.parse(text)
        return Template(name: name, path: path, nodes: nodes, outsideBlocks: outsideBlocks)
    }

    /// The text and tags inside a parent tag (`{{<base}}…{{/base}}`) but outside any of its blocks,
    /// one error at each, in source order; whitespace and comments are not content. The
    /// specification ignores them, so rendering does, but in a theme they are a mistake: every
    /// page would lack them without a word.
    public func contentOutsideBlocks() -> [TemplateError] {
        outsideBlocks
    }
}
