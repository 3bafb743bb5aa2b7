import SitegenCore

/// A template's UTF-8 bytes with a line table, to turn byte offsets into line:column and source lines.
struct SourceText {
    let bytes: [UInt8]
    let path: String
    private let lines: LineStarts

    init(_ source: String, path: String) {
        bytes = Array(source.utf8)
        self.path = path
        lines = LineStarts(bytes)
    }

    /// 1-based line and column (in Unicode scalars) of `offset`.
    func location(of offset: Int) -> SourceLocation {
        let index = lines.lineIndex(containing: offset)
        var column = 1
        for byte in bytes[lines.offsets[index]..<min(offset, bytes.count)] where byte & 0xC0 != 0x80 {
            column += 1
        }
        return SourceLocation(path: path, line: index + 1, column: column)
    }

    /// The text of the line holding `offset`, without its line ending.
    func line(containing offset: Int) -> String {
        guard let range = lines.range(ofLine: lines.lineIndex(containing: offset) + 1) else { return "" }
        var end = range.upperBound
        if end > range.lowerBound, bytes[end - 1] == ASCII.carriageReturn { end -= 1 }
        return String(decoding: bytes[range.lowerBound..<end], as: UTF8.self)
    }

    /// An error pointing at `offset`.
    func error(_ message: String, at offset: Int) -> TemplateError {
        TemplateError(message, at: location(of: offset), sourceLine: line(containing: offset))
    }

    /// The place of the tag `name` that starts at `offset`.
    func tag(_ name: String, at offset: Int) -> TemplateTag {
        TemplateTag(name: name, location: location(of: offset), sourceLine: line(containing: offset))
    }

    /// If only spaces and tabs separate `offset` from the start of its line, that line start.
    func lineStart(ifBlankBefore offset: Int) -> Int? {
        var index = offset
        while index > 0, ASCII.isBlank(bytes[index - 1]) { index -= 1 }
        return index == 0 || bytes[index - 1] == ASCII.newline ? index : nil
    }

    /// If only spaces and tabs follow `offset` up to the end of its line, the offset after the line
    /// ending (or the end of the source).
    func lineEnd(ifBlankAfter offset: Int) -> Int? {
        var index = offset
        while index < bytes.count, ASCII.isBlank(bytes[index]) { index += 1 }
        if index == bytes.count { return index }
        if bytes[index] == ASCII.newline { return index + 1 }
        if bytes[index] == ASCII.carriageReturn, index + 1 < bytes.count, bytes[index + 1] == ASCII.newline {
            return index + 2
        }
        return nil
    }

    /// The spaces and tabs at `offset`.
    func blanks(at offset: Int) -> [UInt8] {
        var end = offset
        while end < bytes.count, ASCII.isBlank(bytes[end]) { end += 1 }
        return Array(bytes[offset..<end])
    }
}

/// The bytes the parser and renderer look at.
enum ASCII {
    static let newline: UInt8 = 0x0A
    static let carriageReturn: UInt8 = 0x0D
    static let space: UInt8 = 0x20
    static let tab: UInt8 = 0x09

    static func isBlank(_ byte: UInt8) -> Bool { byte == space || byte == tab }
    static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == space || byte == tab || byte == newline || byte == carriageReturn
    }
}
