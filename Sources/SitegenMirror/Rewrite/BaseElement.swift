/// Takes the `href` out of every `<base>` start tag of an HTML page. The mirror rewrites each
/// link relative to the file that holds it, having resolved it against the base: a base left in
/// place would be applied a second time, by the browser and by the checker, and move every link.
/// A `<base>` that has other attributes (`target`) keeps them; one with only `href` is removed.
/// Tags are found on the bytes, as the tokenizer finds them: comments and the text of `<script>`,
/// `<style>`, `<textarea>` and `<title>` are skipped.
enum BaseElement {
    /// The edits that remove the `href` of each `<base>`, or the whole tag when `href` is all it has.
    static func edits(removingHrefIn bytes: [UInt8]) -> [TextEdit] {
        var edits: [TextEdit] = []
        var i = 0
        while i < bytes.count, let lt = bytes[i...].firstIndex(of: UInt8(ascii: "<")) {
            if starts(bytes, at: lt, "<!--") {
                i = end(of: "-->", in: bytes, from: lt + 4) ?? bytes.count
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
            while nameEnd < bytes.count, !bytes[nameEnd].isSpace, bytes[nameEnd] != UInt8(ascii: "/"),
                bytes[nameEnd] != UInt8(ascii: ">")
            { nameEnd += 1 }
            let name = String(decoding: bytes[next..<nameEnd].map { $0.isASCIILetter ? $0 | 0x20 : $0 }, as: UTF8.self)
            let (attributes, tagEnd) = Self.attributes(bytes, from: nameEnd)
            i = tagEnd
            switch name {
            case "base":
                let hrefs = attributes.filter { $0.name == "href" }
                guard !hrefs.isEmpty else { continue }
                if hrefs.count == attributes.count {
                    edits.append(TextEdit(range: lt..<tagEnd, replacement: []))
                } else {
                    edits += hrefs.map { TextEdit(range: $0.span, replacement: []) }
                }
            case "script", "style", "textarea", "title":
                i = end(of: "</\(name)", in: bytes, from: tagEnd, caseInsensitive: true) ?? bytes.count
            default: break
            }
        }
        return edits
    }

    /// The attributes of a tag whose name ends at `start`: lowercased names, each with its span
    /// from the separator before it to the end of its value; and the offset after the tag's `>`.
    private static func attributes(_ bytes: [UInt8], from start: Int) -> ([(name: String, span: Range<Int>)], Int) {
        var found: [(name: String, span: Range<Int>)] = []
        var p = start
        while true {
            let spanStart = p
            while p < bytes.count, bytes[p].isSpace || bytes[p] == UInt8(ascii: "/") { p += 1 }
            guard p < bytes.count, bytes[p] != UInt8(ascii: ">") else { return (found, min(p + 1, bytes.count)) }
            let nameStart = p
            p += 1
            while p < bytes.count, !bytes[p].isSpace, bytes[p] != UInt8(ascii: "/"), bytes[p] != UInt8(ascii: ">"),
                bytes[p] != UInt8(ascii: "=")
            { p += 1 }
            let name = String(decoding: bytes[nameStart..<p].map { $0.isASCIILetter ? $0 | 0x20 : $0 }, as: UTF8.self)
            var q = p
            while q < bytes.count, bytes[q].isSpace { q += 1 }
            if q < bytes.count, bytes[q] == UInt8(ascii: "=") {
                q += 1
                while q < bytes.count, bytes[q].isSpace { q += 1 }
                if q < bytes.count, bytes[q] == UInt8(ascii: "\"") || bytes[q] == UInt8(ascii: "'") {
                    let quote = bytes[q]
                    q = bytes[(q + 1)...].firstIndex(of: quote).map { $0 + 1 } ?? bytes.count
                } else {
                    while q < bytes.count, !bytes[q].isSpace, bytes[q] != UInt8(ascii: ">") { q += 1 }
                }
                p = q
            }
            found.append((name, spanStart..<p))
        }
    }

    private static func starts(_ bytes: [UInt8], at offset: Int, _ text: String) -> Bool {
        let wanted = Array(text.utf8)
        return offset + wanted.count <= bytes.count && bytes[offset..<(offset + wanted.count)].elementsEqual(wanted)
    }

    /// The offset after the first `needle` at or after `from` (ASCII case ignored when asked).
    private static func end(of needle: String, in bytes: [UInt8], from: Int, caseInsensitive: Bool = false) -> Int? {
        let wanted = Array(needle.utf8)
        var i = from
        while i + wanted.count <= bytes.count {
            if (0..<wanted.count).allSatisfy({
                caseInsensitive ? bytes[i + $0] | 0x20 == wanted[$0] | 0x20 : bytes[i + $0] == wanted[$0]
            }) {
                return i + wanted.count
            }
            i += 1
        }
        return nil
    }
}

extension UInt8 {
    fileprivate var isASCIILetter: Bool { self | 0x20 >= UInt8(ascii: "a") && self | 0x20 <= UInt8(ascii: "z") }
}
