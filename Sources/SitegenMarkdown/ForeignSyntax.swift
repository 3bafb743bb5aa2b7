/// Markdown of another dialect that CommonMark reads as plain text, so that a page moved from
/// MkDocs, GitHub or kramdown shows `!!! note` or a table's pipes instead of what was meant: found
/// where a paragraph or heading starts, to be told at that place.
public struct ForeignSyntax: Sendable, Hashable {
    public enum Kind: Sendable, Hashable {
        /// `!!! note "Title"`, `??? tip`: an admonition of Python-Markdown (MkDocs).
        case admonition(String)
        /// `=== "Tab"`: a content tab of MkDocs Material.
        case contentTab(String)
        /// A paragraph whose second line is `| --- | :-: |`: a GitHub Flavored Markdown table.
        case pipeTable
        /// `## Title {#id}` or `{: .class}`: an attribute list (Python-Markdown, kramdown, Pandoc).
        case headingAttributes(list: String, id: String)
    }

    public var kind: Kind
    /// 1-based line and UTF-8 byte column, in the page's file.
    public var line: Int
    public var column: Int

    /// The syntax a paragraph starting at `line`, `column` (and running to `endLine`) is written in,
    /// if it is one of another dialect.
    static func inParagraph(_ source: SourceText, line: Int, endLine: Int, column: Int) -> ForeignSyntax? {
        guard let range = source.lineRange(line), range.lowerBound + column - 1 <= range.upperBound else { return nil }
        let first = Array(source.bytes[(range.lowerBound + column - 1)..<range.upperBound])
        for (marker, make) in [
            ("!!!", Kind.admonition), ("???+", Kind.admonition), ("???", Kind.admonition), ("===", Kind.contentTab),
        ] as [(String, (String) -> Kind)] {
            let prefix = Array(marker.utf8)
            guard first.starts(with: prefix), first.count > prefix.count, first[prefix.count] == UInt8(ascii: " "),
                first.dropFirst(prefix.count + 1).contains(where: { $0 != UInt8(ascii: " ") })
            else { continue }
            let shown = String(decoding: first.prefix { $0 != UInt8(ascii: "\n") }, as: UTF8.self)
            return ForeignSyntax(kind: make(shown), line: line, column: column)
        }
        if endLine > line, first.contains(UInt8(ascii: "|")), let second = source.lineRange(line + 1),
            isDelimiterRow(source.bytes[second])
        {
            return ForeignSyntax(kind: .pipeTable, line: line, column: column)
        }
        return nil
    }

    /// Whether a line is a table's delimiter row, `| --- | :-: |` (after a block quote's `>`s):
    /// cells of dashes with optional colons, parted by pipes.
    private static func isDelimiterRow(_ line: ArraySlice<UInt8>) -> Bool {
        let content = line.drop { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") || $0 == UInt8(ascii: ">") }
        var cells = 0
        var pipes = 0
        var dashes = 0
        for byte in content {
            switch byte {
            case UInt8(ascii: "|"):
                pipes += 1
                if dashes > 0 { cells += 1 }
                dashes = 0
            case UInt8(ascii: "-"): dashes += 1
            case UInt8(ascii: ":"), UInt8(ascii: " "), UInt8(ascii: "\t"): continue
            default: return false
            }
        }
        if dashes > 0 { cells += 1 }
        return pipes > 0 && cells > 0
    }

    /// The attribute list at the end of a heading's text (`Options {#options}`), if it has one.
    static func inHeading(text: String, id: String, line: Int, column: Int) -> ForeignSyntax? {
        guard text.hasSuffix("}"), let open = text.lastIndex(of: "{") else { return nil }
        let list = text[open...]
        guard let kind = list.dropFirst().first, kind == "#" || kind == "." || kind == ":", !list.dropFirst().contains("{")
        else { return nil }
        return ForeignSyntax(kind: .headingAttributes(list: String(list), id: id), line: line, column: column)
    }
}
