/// Splits a `srcset` attribute into its image URLs, following the HTML standard's algorithm: a URL is
/// a run of non-whitespace (so it may contain commas), trailing commas end a candidate, and
/// descriptors run to the next comma outside parentheses.
package enum SrcsetParser {
    /// The candidate URLs of `value`, in order.
    package static func urls(in value: String) -> [String] {
        let bytes = Array(value.utf8)
        return urlRanges(in: bytes).map { String(decoding: bytes[$0], as: UTF8.self) }
    }

    /// Where each candidate URL stands in `bytes`, in order: what a rewriter replaces.
    package static func urlRanges(in bytes: [UInt8]) -> [Range<Int>] {
        var ranges: [Range<Int>] = []
        var i = 0
        while i < bytes.count {
            while i < bytes.count, isSpace(bytes[i]) || bytes[i] == UInt8(ascii: ",") { i += 1 }
            guard i < bytes.count else { break }
            let start = i
            while i < bytes.count, !isSpace(bytes[i]) { i += 1 }
            var end = i
            var endedByComma = false
            while end > start, bytes[end - 1] == UInt8(ascii: ",") {
                end -= 1
                endedByComma = true
            }
            if end > start { ranges.append(start..<end) }
            guard !endedByComma else { continue }
            var depth = 0
            while i < bytes.count {
                let c = bytes[i]
                if c == UInt8(ascii: "(") { depth += 1 }
                if c == UInt8(ascii: ")"), depth > 0 { depth -= 1 }
                i += 1
                if c == UInt8(ascii: ","), depth == 0 { break }
            }
        }
        return ranges
    }

    /// HTML's ASCII whitespace: space, tab, line feed, form feed, carriage return.
    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0C || byte == 0x0D
    }
}
