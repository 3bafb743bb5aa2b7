/// One attribute of a start tag as written: its name in lowercase, its span from the separator
/// before it to the end of its value, and its value's bytes without quotes (empty without a value).
package struct TagAttribute {
    package let name: String
    package let span: Range<Int>
    package let value: Range<Int>
}

/// A start tag found in a page's bytes: its name in lowercase, its attributes, and where it starts
/// (its `<`) and ends (after its `>`).
package struct StartTag {
    package let name: String
    package let attributes: [TagAttribute]
    package let start: Int
    package let end: Int
}

/// Finds the start tags of an HTML page on its bytes, as the tokenizer finds them: comments, end
/// tags, `<!…>` and `<?…>` are passed over, and so is the text of `<script>`, `<style>`,
/// `<textarea>` and `<title>`, which holds no tags. For the few edits the mirror makes without
/// parsing the page (the `<base>` it takes out, the charset declarations it rewrites), and for
/// the charset a page that is not UTF-8 declares (`EncodingProblem`).
package enum StartTags {
    /// Calls `visit` with each start tag beginning before `limit`, in order, until it returns false.
    package static func forEach(in bytes: [UInt8], before limit: Int? = nil, _ visit: (StartTag) -> Bool) {
        let limit = min(limit ?? bytes.count, bytes.count)
        var i = 0
        while i < limit, let lt = bytes[i..<limit].firstIndex(of: UInt8(ascii: "<")) {
            if starts(bytes, at: lt, "<!--") {
                // `<!-->` ends where it starts, as the HTML standard says.
                i = end(of: Array("-->".utf8), in: bytes, from: lt + 2) ?? bytes.count
                continue
            }
            let next = lt + 1
            guard next < bytes.count, bytes[next].isASCIILetter else {
                let skipsToGT =
                    next < bytes.count
                    && (bytes[next] == UInt8(ascii: "!") || bytes[next] == UInt8(ascii: "?") || bytes[next] == UInt8(ascii: "/"))
                i = skipsToGT ? (bytes[next...].firstIndex(of: UInt8(ascii: ">")).map { $0 + 1 } ?? bytes.count) : next
                continue
            }
            var nameEnd = next
            while nameEnd < bytes.count, !bytes[nameEnd].isASCIIWhitespace, bytes[nameEnd] != UInt8(ascii: "/"),
                bytes[nameEnd] != UInt8(ascii: ">")
            { nameEnd += 1 }
            let name = String(decoding: bytes[next..<nameEnd].map { $0.isASCIILetter ? $0 | 0x20 : $0 }, as: UTF8.self)
            let (attributes, tagEnd) = Self.attributes(bytes, from: nameEnd)
            guard visit(StartTag(name: name, attributes: attributes, start: lt, end: tagEnd)) else { return }
            i = tagEnd
            if ["script", "style", "textarea", "title"].contains(name) {
                i = end(of: Array("</\(name)".utf8), in: bytes, from: tagEnd, caseInsensitive: true) ?? bytes.count
            }
        }
    }

    /// The attributes of a tag whose name ends at `start`, and the offset after its `>`.
    package static func attributes(_ bytes: [UInt8], from start: Int) -> ([TagAttribute], Int) {
        var found: [TagAttribute] = []
        var p = start
        while true {
            let spanStart = p
            while p < bytes.count, bytes[p].isASCIIWhitespace || bytes[p] == UInt8(ascii: "/") { p += 1 }
            guard p < bytes.count, bytes[p] != UInt8(ascii: ">") else { return (found, min(p + 1, bytes.count)) }
            let nameStart = p
            p += 1
            while p < bytes.count, !bytes[p].isASCIIWhitespace, bytes[p] != UInt8(ascii: "/"), bytes[p] != UInt8(ascii: ">"),
                bytes[p] != UInt8(ascii: "=")
            { p += 1 }
            let name = String(decoding: bytes[nameStart..<p].map { $0.isASCIILetter ? $0 | 0x20 : $0 }, as: UTF8.self)
            var value = p..<p
            var q = p
            while q < bytes.count, bytes[q].isASCIIWhitespace { q += 1 }
            if q < bytes.count, bytes[q] == UInt8(ascii: "=") {
                q += 1
                while q < bytes.count, bytes[q].isASCIIWhitespace { q += 1 }
                if q < bytes.count, bytes[q] == UInt8(ascii: "\"") || bytes[q] == UInt8(ascii: "'") {
                    let close = bytes[(q + 1)...].firstIndex(of: bytes[q]) ?? bytes.count
                    value = (q + 1)..<close
                    q = min(close + 1, bytes.count)
                } else {
                    let valueStart = q
                    while q < bytes.count, !bytes[q].isASCIIWhitespace, bytes[q] != UInt8(ascii: ">") { q += 1 }
                    value = valueStart..<q
                }
                p = q
            }
            found.append(TagAttribute(name: name, span: spanStart..<p, value: value))
        }
    }

    /// Whether `bytes` hold `text` at `offset`.
    package static func starts(_ bytes: [UInt8], at offset: Int, _ text: String) -> Bool {
        let wanted = Array(text.utf8)
        return offset + wanted.count <= bytes.count && bytes[offset..<(offset + wanted.count)].elementsEqual(wanted)
    }

    /// The offset after the first `needle` at or after `from` (ASCII case ignored when asked).
    package static func end(of needle: [UInt8], in bytes: [UInt8], from: Int, caseInsensitive: Bool = false) -> Int? {
        var i = from
        while i + needle.count <= bytes.count {
            guard let first = bytes[i...].firstIndex(where: { caseInsensitive ? $0 | 0x20 == needle[0] | 0x20 : $0 == needle[0] })
            else { return nil }
            if first + needle.count <= bytes.count,
                (0..<needle.count).allSatisfy({
                    caseInsensitive ? bytes[first + $0] | 0x20 == needle[$0] | 0x20 : bytes[first + $0] == needle[$0]
                })
            {
                return first + needle.count
            }
            i = first + 1
        }
        return nil
    }
}

extension UInt8 {
    fileprivate var isASCIILetter: Bool { self | 0x20 >= UInt8(ascii: "a") && self | 0x20 <= UInt8(ascii: "z") }
}
