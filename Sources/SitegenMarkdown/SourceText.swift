import CCmark
import SitegenCore

/// The original Markdown as UTF-8 bytes, indexed by line, so positions reported by cmark can be
/// checked against (and corrected to) the file the author edits. Lines and columns are 1-based;
/// columns count UTF-8 bytes.
struct SourceText {
    let bytes: [UInt8]
    private let lines: LineStarts

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
        lines = LineStarts(bytes)
    }

    /// Byte range of a line without its `\n` or `\r\n`, or nil outside the text.
    func lineRange(_ line: Int) -> Range<Int>? {
        guard var range = lines.range(ofLine: line) else { return nil }
        if !range.isEmpty, bytes[range.upperBound - 1] == carriageReturn { range = range.lowerBound..<(range.upperBound - 1) }
        return range
    }

    /// Bytes of the line break ending `line`: 1 for `\n`, 2 for `\r\n`, 0 on the last line.
    func lineBreakWidth(_ line: Int) -> Int {
        guard line >= 1, line < lines.count else { return 0 }
        let newlineOffset = lines.offsets[line] - 1
        return newlineOffset > lines.offsets[line - 1] && bytes[newlineOffset - 1] == carriageReturn ? 2 : 1
    }

    /// Whether `line` ends with a backslash hard break: an odd run of `\\` right before the line break.
    func endsWithBackslash(_ line: Int) -> Bool {
        guard let range = lineRange(line) else { return false }
        var index = range.upperBound
        while index > range.lowerBound, bytes[index - 1] == UInt8(ascii: "\\") { index -= 1 }
        return (range.upperBound - index) % 2 == 1
    }

    /// The UTF-8 byte column of the character at 1-based `characterColumn` on `line` (libyaml counts
    /// characters).
    func byteColumn(line: Int, characterColumn: Int) -> Int {
        guard let range = lineRange(line) else { return characterColumn }
        var index = range.lowerBound
        var characters = 1
        while index < range.upperBound, characters < characterColumn {
            index += 1
            while index < range.upperBound, bytes[index] & 0xC0 == 0x80 { index += 1 }
            characters += 1
        }
        return index - range.lowerBound + 1 + (characterColumn - characters)
    }

    /// Whether `pattern` occurs at `line:column`.
    func matches(_ pattern: [UInt8], line: Int, column: Int) -> Bool {
        guard let range = lineRange(line), column >= 1 else { return false }
        let start = range.lowerBound + column - 1
        guard start + pattern.count <= range.upperBound else { return false }
        return bytes[start..<(start + pattern.count)].elementsEqual(pattern)
    }

    /// How many lines from `line` (its text from `column`) up to `endLine` are link reference
    /// definitions (`[a]: guide.md "Title"`, which may run over three lines), as cmark reads them: a
    /// line that may start one is parsed alone, and is one when it leaves an empty document.
    func definitionLines(from line: Int, to endLine: Int, column: Int) -> Int {
        var skipped = 0
        var next = line
        while next < endLine {
            guard let range = lineRange(next) else { break }
            let start = next == line ? range.lowerBound + column - 1 : skipSpace(from: range.lowerBound, to: range.upperBound)
            // A definition starts `[label]:`; a link (`[text](url)`) is let go without parsing.
            guard start < range.upperBound, bytes[start] == UInt8(ascii: "["),
                let close = Self.labelEnd(bytes, from: start + 1, to: range.upperBound),
                close + 1 < range.upperBound ? bytes[close + 1] == UInt8(ascii: ":") : true
            else { break }
            // The most lines that are definitions only: a title may follow the destination's line.
            var taken = 0
            for count in 1...3 where next + count - 1 < endLine {
                guard let last = lineRange(next + count - 1) else { break }
                if Self.isOnlyDefinitions(Array(bytes[start..<last.upperBound])) { taken = count }
            }
            guard taken > 0 else { break }
            skipped += taken
            next += taken
        }
        return skipped
    }

    /// The `]` that closes a label opened before `from`, skipping backslash escapes; nil when the
    /// line has none (a label may go on to the next line: then the line's end stands for it).
    private static func labelEnd(_ bytes: [UInt8], from: Int, to end: Int) -> Int? {
        var index = from
        while index < end {
            switch bytes[index] {
            case UInt8(ascii: "\\"): index += 2
            case UInt8(ascii: "]"): return index
            default: index += 1
            }
        }
        return end - 1
    }

    /// Whether cmark reads `text` as link reference definitions and nothing else.
    private static func isOnlyDefinitions(_ text: [UInt8]) -> Bool {
        let document = text.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { cmark_parse_document($0.baseAddress, $0.count, CMARK_OPT_DEFAULT) }
        }
        guard let document else { return false }
        defer { cmark_node_free(document) }
        return cmark_node_first_child(document) == nil
    }

    /// Column where a paragraph's continuation text starts on `line`: after indentation and up to
    /// `quoteDepth` block-quote markers (lazy continuation lines have fewer), like cmark strips them.
    func contentStart(line: Int, quoteDepth: Int) -> Int {
        guard let range = lineRange(line) else { return 1 }
        var index = skipSpace(from: range.lowerBound, to: range.upperBound)
        var quotes = quoteDepth
        while quotes > 0, index < range.upperBound, bytes[index] == UInt8(ascii: ">") {
            index = skipSpace(from: index + 1, to: range.upperBound)
            quotes -= 1
        }
        return index - range.lowerBound + 1
    }

    /// For an ATX heading starting at `line:column`, the width of `##…` and the blanks after it
    /// (cmark's inline columns for the heading count from there); 0 for a setext heading.
    func atxMarkerWidth(line: Int, column: Int) -> Int {
        guard let range = lineRange(line) else { return 0 }
        let start = range.lowerBound + column - 1
        var index = start
        while index < range.upperBound, bytes[index] == UInt8(ascii: "#") { index += 1 }
        let hashes = index - start
        guard (1...6).contains(hashes) else { return 0 }
        guard index == range.upperBound || bytes[index] == space || bytes[index] == tab else { return 0 }
        return skipSpace(from: index, to: range.upperBound) - start
    }

    /// The column of the occurrence of `pattern` on `line` closest to `column`, if any.
    func nearest(_ pattern: [UInt8], line: Int, column: Int) -> Int? {
        guard let range = lineRange(line), let first = pattern.first else { return nil }
        var best: Int?
        var index = range.lowerBound
        while index < range.upperBound {
            if bytes[index] == first {
                let candidate = index - range.lowerBound + 1
                if matches(pattern, line: line, column: candidate),
                    best.map({ abs(candidate - column) < abs($0 - column) }) ?? true
                {
                    best = candidate
                }
            }
            index += 1
        }
        return best
    }

    private func skipSpace(from start: Int, to end: Int) -> Int {
        var index = start
        while index < end, bytes[index] == space || bytes[index] == tab { index += 1 }
        return index
    }
}

private let carriageReturn = UInt8(ascii: "\r")
private let space = UInt8(ascii: " ")
private let tab = UInt8(ascii: "\t")
