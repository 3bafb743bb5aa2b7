/// One element of a parsed template: the token tree rendering walks.
enum Node: Sendable {
    /// Literal template text, as UTF-8.
    case text([UInt8])
    /// `{{name}}` (escaped) or `{{{name}}}` / `{{&name}}` (raw).
    case variable(NamePath, escaped: Bool, TemplateTag)
    /// `{{#name}}...{{/name}}`.
    case section(NamePath, [Node], TemplateTag)
    /// `{{^name}}...{{/name}}`.
    case inverted(NamePath, [Node], TemplateTag)
    /// `{{>name}}`.
    case partial(Inclusion)
    /// `{{<name}}...{{/name}}` with the blocks it passes to the parent.
    case parent(Inclusion, blocks: [String: Block])
    /// `{{$name}}default{{/name}}`: a place a parent's caller may fill.
    case block(Block)
}

/// A dotted name (`a.b.c`) split once at parse time; `.` is the empty path.
struct NamePath: Sendable {
    var components: [InternedName]

    init(_ name: String) {
        components =
            name == "."
            ? [] : name.split(separator: ".", omittingEmptySubsequences: false).map { InternedName(String($0)) }
    }
}

/// A partial or parent tag: which template (the tag's name), where the tag is, and its standalone
/// indentation.
struct Inclusion: Sendable {
    var tag: TemplateTag
    /// The whitespace before a standalone tag, prepended to every line of the included template.
    var indent: [UInt8]
}

/// A block's content with the indentation that reindentation removes (where it is defined) or adds
/// (where it is expanded).
struct Block: Sendable {
    var name: String
    var nodes: [Node]
    /// For a standalone opening tag, the leading whitespace of the next line (the intrinsic
    /// indentation); for a tag preceded only by whitespace, that whitespace; otherwise empty.
    var indent: [UInt8]
    /// Whether the opening tag ended its line, so the content starts on a line of its own.
    var startsOnNewLine: Bool
    /// The opening tag, for errors about it.
    var tag: TemplateTag
}
