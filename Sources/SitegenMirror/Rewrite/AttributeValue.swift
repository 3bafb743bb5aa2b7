/// Where an attribute's value sits in the raw bytes of a start tag, found by re-lexing the tag the
/// way the HTML tokenizer does, from the position `HTMLExtractor` reported.
struct AttributeValue: Sendable, Equatable {
    /// The value's bytes, without quotes.
    var range: Range<Int>
    /// `"` or `'`, or `nil` for an unquoted value.
    var quote: UInt8?

    /// Finds attribute `name` at `offset` (its name), or, when `offset` is the tag's `<` (the
    /// extractor's fallback), anywhere in that tag. `nil` for an attribute without a value.
    static func locate(_ name: String, at offset: Int, in bytes: [UInt8]) -> AttributeValue? {
        let wanted = Array(name.utf8)
        if bytes[offset] != UInt8(ascii: "<") {
            return value(afterNameAt: offset, length: wanted.count, in: bytes, matching: wanted)
        }
        var p = offset + 1
        while p < bytes.count, !bytes[p].isSpace, bytes[p] != UInt8(ascii: ">"), bytes[p] != UInt8(ascii: "/") { p += 1 }
        while p < bytes.count {
            while p < bytes.count, bytes[p].isSpace || bytes[p] == UInt8(ascii: "/") { p += 1 }
            guard p < bytes.count, bytes[p] != UInt8(ascii: ">") else { return nil }
            let start = p
            while p < bytes.count, !bytes[p].isSpace, bytes[p] != UInt8(ascii: "="), bytes[p] != UInt8(ascii: ">"),
                bytes[p] != UInt8(ascii: "/") || p == start
            { p += 1 }
            if let found = value(afterNameAt: start, length: p - start, in: bytes, matching: wanted) { return found }
            guard let (_, end) = valueSpan(afterName: p, in: bytes) else { continue }
            p = end
        }
        return nil
    }

    private static func value(afterNameAt start: Int, length: Int, in bytes: [UInt8], matching wanted: [UInt8]) -> AttributeValue?
    {
        guard length == wanted.count, start + length <= bytes.count else { return nil }
        for k in 0..<length where bytes[start + k] | 0x20 != wanted[k] | 0x20 { return nil }
        return valueSpan(afterName: start + length, in: bytes)?.value
    }

    /// The value after a name ending at `p`: `= "v"`, `= 'v'` or `= v`; its end offset too.
    private static func valueSpan(afterName p: Int, in bytes: [UInt8]) -> (value: AttributeValue, end: Int)? {
        var i = p
        while i < bytes.count, bytes[i].isSpace { i += 1 }
        guard i < bytes.count, bytes[i] == UInt8(ascii: "=") else { return nil }
        i += 1
        while i < bytes.count, bytes[i].isSpace { i += 1 }
        guard i < bytes.count else { return nil }
        if bytes[i] == UInt8(ascii: "\"") || bytes[i] == UInt8(ascii: "'") {
            let quote = bytes[i]
            var end = i + 1
            while end < bytes.count, bytes[end] != quote { end += 1 }
            return (AttributeValue(range: (i + 1)..<end, quote: quote), min(end + 1, bytes.count))
        }
        var end = i
        while end < bytes.count, !bytes[end].isSpace, bytes[end] != UInt8(ascii: ">") { end += 1 }
        return (AttributeValue(range: i..<end, quote: nil), end)
    }

    /// The edit that writes `decoded` as this attribute's new value, escaped for its quotes.
    func edit(writing decoded: String) -> TextEdit {
        let quote = self.quote ?? UInt8(ascii: "\"")
        var out: [UInt8] = []
        for byte in decoded.utf8 {
            switch byte {
            case UInt8(ascii: "&"): out += Array("&amp;".utf8)
            case quote: out += Array((quote == UInt8(ascii: "\"") ? "&quot;" : "&#39;").utf8)
            default: out.append(byte)
            }
        }
        if self.quote == nil { out = [quote] + out + [quote] }
        return TextEdit(range: range, replacement: out)
    }
}
