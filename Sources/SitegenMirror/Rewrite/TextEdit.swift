/// A replacement of a byte range of a document.
struct TextEdit: Sendable, Equatable {
    var range: Range<Int>
    var replacement: [UInt8]

    /// `bytes` with `edits` applied; overlapping edits after the first are dropped.
    static func apply(_ edits: [TextEdit], to bytes: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + edits.count * 8)
        var cursor = 0
        for edit in edits.sorted(by: { $0.range.lowerBound < $1.range.lowerBound }) where edit.range.lowerBound >= cursor {
            guard edit.range.upperBound <= bytes.count else { continue }
            out.append(contentsOf: bytes[cursor..<edit.range.lowerBound])
            out.append(contentsOf: edit.replacement)
            cursor = edit.range.upperBound
        }
        out.append(contentsOf: bytes[cursor...])
        return out
    }
}
