/// The leaf block (paragraph or heading) whose inlines are being walked, as cmark's inline parser
/// saw it: cmark numbers every line of the block as if its text started at `origin`, which is wrong
/// for continuation lines that were indented or lazy, or sat behind a different number of `>`.
struct BlockFrame {
    var startLine: Int
    var endLine: Int
    /// Column cmark counts inline positions from (after `## ` for ATX headings).
    var origin: Int
    var quoteDepth: Int
    /// How far `InlinePositions.filePosition` got through the block's lines.
    let progress = LineProgress()
}

/// A model line of a block and the file line `filePosition` reached for it. Links come in order, so
/// the next one resumes from here instead of walking from the block's first line again: a table of
/// 10,000 rows, or a list of links without blank lines, is one block.
final class LineProgress {
    var model = 0
    var line = 0
}

/// Places a link's opener exactly. cmark 0.30.2 reports inline positions that are off for
/// continuation lines (see ``BlockFrame``), puts a link spanning lines on its last line, and
/// measures autolinks from the start of the paragraph; every candidate is checked against the bytes.
struct InlinePositions {
    let source: SourceText

    /// Maps a position in cmark's model of the block to the file. cmark counts a column as an offset
    /// into the block's text (its lines joined, each without its prefix) from the start of the line it
    /// believes it is on. That line lags behind: a backslash hard break does not count as a new
    /// line, so the offset runs on into the following lines.
    func filePosition(line modelLine: Int, column: Int, in frame: BlockFrame) -> (line: Int, column: Int) {
        var line = frame.startLine
        var model = frame.startLine
        if frame.progress.line >= frame.startLine, frame.progress.model <= modelLine {
            (model, line) = (frame.progress.model, frame.progress.line)
        }
        while model < modelLine, line < frame.endLine {
            if !source.endsWithBackslash(line) { model += 1 }
            line += 1
        }
        (frame.progress.model, frame.progress.line) = (model, line)
        var offset = column - frame.origin
        while line < frame.endLine, let range = source.lineRange(line) {
            let length = range.upperBound - range.lowerBound - (contentStart(line, in: frame) - 1)
            let width = length + source.lineBreakWidth(line)
            guard offset >= width else { break }
            offset -= width
            line += 1
        }
        return (line, contentStart(line, in: frame) + offset)
    }

    private func contentStart(_ line: Int, in frame: BlockFrame) -> Int {
        line == frame.startLine ? frame.origin : source.contentStart(line: line, quoteDepth: frame.quoteDepth)
    }

    /// Where the `[` (`![` for images, `<` for autolinks) of a link is, given cmark's position for the
    /// link and for its first child when that is a text node.
    func opener(
        isImage: Bool, link: (line: Int, column: Int), firstText: (line: Int, column: Int)?,
        in frame: BlockFrame
    ) -> (line: Int, column: Int) {
        let bracket: [UInt8] = isImage ? [UInt8(ascii: "!"), UInt8(ascii: "[")] : [UInt8(ascii: "[")]
        if let text = firstText {
            let place = filePosition(line: text.line, column: text.column - bracket.count, in: frame)
            if source.matches(bracket, line: place.line, column: place.column)
                || (!isImage && source.matches([UInt8(ascii: "<")], line: place.line, column: place.column))
            {
                return place
            }
        }
        let mapped = filePosition(line: link.line, column: link.column, in: frame)
        if source.matches(bracket, line: mapped.line, column: mapped.column) { return mapped }
        var line = link.line - 1
        while line >= frame.startLine {
            let place = filePosition(line: line, column: link.column, in: frame)
            if source.matches(bracket, line: place.line, column: place.column) { return place }
            line -= 1
        }
        if let column = source.nearest(bracket, line: mapped.line, column: mapped.column) {
            return (mapped.line, column)
        }
        return (mapped.line, max(mapped.column, 1))
    }
}
