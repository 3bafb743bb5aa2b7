/// The leaf block (paragraph or heading) whose inlines are being walked, as cmark's inline parser
/// saw it: cmark numbers every line of the block as if its text started at `origin`, which is wrong
/// for continuation lines that were indented or lazy, or sat behind a different number of `>`.
struct BlockFrame {
    var startLine: Int
    /// Column cmark counts inline positions from (after `## ` for ATX headings).
    var origin: Int
    var quoteDepth: Int
}

/// Places a link's opener exactly. cmark 0.30.2 reports inline positions that are off for
/// continuation lines (see ``BlockFrame``), puts a link spanning lines on its last line, and
/// measures autolinks from the start of the paragraph; every candidate is checked against the bytes.
struct InlinePositions {
    let source: SourceText

    /// Maps a position in cmark's model of the block to the file.
    func fileColumn(line: Int, column: Int, in frame: BlockFrame) -> Int {
        guard line > frame.startLine else { return column }
        return source.contentStart(line: line, quoteDepth: frame.quoteDepth) + column - frame.origin
    }

    /// Where the `[` (`![` for images, `<` for autolinks) of a link is, given cmark's position for the
    /// link and for its first child when that is a text node.
    func opener(
        isImage: Bool, link: (line: Int, column: Int), firstText: (line: Int, column: Int)?,
        in frame: BlockFrame
    ) -> (line: Int, column: Int) {
        let bracket: [UInt8] = isImage ? [UInt8(ascii: "!"), UInt8(ascii: "[")] : [UInt8(ascii: "[")]
        if let text = firstText {
            let column = fileColumn(line: text.line, column: text.column - bracket.count, in: frame)
            if source.matches(bracket, line: text.line, column: column)
                || (!isImage && source.matches([UInt8(ascii: "<")], line: text.line, column: column))
            {
                return (text.line, column)
            }
        }
        let mapped = fileColumn(line: link.line, column: link.column, in: frame)
        if source.matches(bracket, line: link.line, column: mapped) { return (link.line, mapped) }
        var line = link.line - 1
        while line >= frame.startLine {
            let column = fileColumn(line: line, column: link.column, in: frame)
            if source.matches(bracket, line: line, column: column) { return (line, column) }
            line -= 1
        }
        if let column = source.nearest(bracket, line: link.line, column: mapped) {
            return (link.line, column)
        }
        return (link.line, max(mapped, 1))
    }
}
