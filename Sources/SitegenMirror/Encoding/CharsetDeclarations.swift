/// Where a document names its own encoding: a byte order mark, the `<meta charset>` and
/// `<meta http-equiv="Content-Type" content="…; charset=…">` of HTML, the `@charset "…";` that
/// opens a style sheet. Found on the bytes, the way the HTML standard's prescan finds them.
enum CharsetDeclarations {
    /// A label written in a document, and the bytes it occupies.
    struct Declaration: Sendable, Equatable {
        var label: String
        var range: Range<Int>
    }

    /// The encoding a byte order mark names, and the mark's length.
    static func byteOrderMark(_ bytes: ArraySlice<UInt8>) -> (encoding: TextEncoding, length: Int)? {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { return (.utf8, 3) }
        if bytes.starts(with: [0xFE, 0xFF]) { return (.utf16BE, 2) }
        if bytes.starts(with: [0xFF, 0xFE]) { return (.utf16LE, 2) }
        return nil
    }

    /// The `@charset` rule a style sheet starts with: exactly `@charset "label";`, as CSS asks.
    static func css(_ bytes: [UInt8]) -> Declaration? {
        let opening = Array(#"@charset ""#.utf8)
        guard bytes.starts(with: opening) else { return nil }
        var end = opening.count
        while end < bytes.count, bytes[end] != UInt8(ascii: "\""), end - opening.count < 64 { end += 1 }
        guard end + 1 < bytes.count, bytes[end] == UInt8(ascii: "\""), bytes[end + 1] == UInt8(ascii: ";") else { return nil }
        return Declaration(label: String(decoding: bytes[opening.count..<end], as: UTF8.self), range: opening.count..<end)
    }

    /// The charset declarations of `<meta>` elements, in order, up to the `<body>` start tag;
    /// comments and the text of `<script>` and `<style>` are skipped. With `prescan`, only those
    /// starting in the first 1024 bytes, as browsers look.
    static func html(_ bytes: [UInt8], prescan: Bool = false) -> [Declaration] {
        let limit = prescan ? min(bytes.count, 1024) : bytes.count
        var found: [Declaration] = []
        var i = 0
        while i < limit {
            guard let lt = bytes[i..<limit].firstIndex(of: UInt8(ascii: "<")) else { break }
            if matches(bytes, at: lt, "<!--") {
                i = index(after: Array("-->".utf8), in: bytes, from: lt + 2) ?? bytes.count
                continue
            }
            let afterLT = lt + 1
            let closing = afterLT < bytes.count && bytes[afterLT] == UInt8(ascii: "/")
            let nameStart = closing ? afterLT + 1 : afterLT
            guard nameStart < bytes.count, bytes[nameStart] | 0x20 >= UInt8(ascii: "a"),
                bytes[nameStart] | 0x20 <= UInt8(ascii: "z")
            else {
                let bogus = afterLT < bytes.count && (bytes[afterLT] == UInt8(ascii: "!") || bytes[afterLT] == UInt8(ascii: "?"))
                i =
                    bogus || closing
                    ? (bytes[afterLT...].firstIndex(of: UInt8(ascii: ">")).map { $0 + 1 } ?? bytes.count) : afterLT
                continue
            }
            var nameEnd = nameStart
            while nameEnd < bytes.count, !bytes[nameEnd].isSpace, bytes[nameEnd] != UInt8(ascii: "/"),
                bytes[nameEnd] != UInt8(ascii: ">")
            { nameEnd += 1 }
            let name = String(decoding: bytes[nameStart..<nameEnd].map { $0 | 0x20 }, as: UTF8.self)
            let (attributes, tagEnd) = Self.attributes(bytes, from: nameEnd)
            i = tagEnd
            guard !closing else { continue }
            switch name {
            case "meta": if let declaration = declaration(bytes, attributes) { found.append(declaration) }
            case "body": return found
            case "script", "style":
                i = index(after: Array("</\(name)".utf8), in: bytes, from: tagEnd, caseInsensitive: true) ?? bytes.count
            default: break
            }
        }
        return found
    }

    /// The declaration of one `<meta>`: its `charset`, else the charset in the `content` of an
    /// `http-equiv="content-type"`.
    private static func declaration(_ bytes: [UInt8], _ attributes: [(name: String, value: Range<Int>)]) -> Declaration? {
        if let charset = attributes.first(where: { $0.name == "charset" }) {
            return Declaration(label: String(decoding: bytes[charset.value], as: UTF8.self), range: charset.value)
        }
        guard let pragma = attributes.first(where: { $0.name == "http-equiv" }),
            String(decoding: bytes[pragma.value], as: UTF8.self).lowercased() == "content-type",
            let content = attributes.first(where: { $0.name == "content" })
        else { return nil }
        return charsetInContent(bytes, content.value)
    }

    /// The HTML standard's "extracting a character encoding from a meta element".
    private static func charsetInContent(_ bytes: [UInt8], _ range: Range<Int>) -> Declaration? {
        let word = Array("charset".utf8)
        var i = range.lowerBound
        while i + word.count <= range.upperBound {
            guard (0..<word.count).allSatisfy({ bytes[i + $0] | 0x20 == word[$0] }) else {
                i += 1
                continue
            }
            var p = i + word.count
            while p < range.upperBound, bytes[p].isSpace { p += 1 }
            guard p < range.upperBound, bytes[p] == UInt8(ascii: "=") else {
                i = p
                continue
            }
            p += 1
            while p < range.upperBound, bytes[p].isSpace { p += 1 }
            guard p < range.upperBound else { return nil }
            var start = p, end = p
            if bytes[p] == UInt8(ascii: "\"") || bytes[p] == UInt8(ascii: "'") {
                start = p + 1
                guard let close = bytes[start..<range.upperBound].firstIndex(of: bytes[p]) else { return nil }
                end = close
            } else {
                while end < range.upperBound, !bytes[end].isSpace, bytes[end] != UInt8(ascii: ";") { end += 1 }
            }
            return start < end ? Declaration(label: String(decoding: bytes[start..<end], as: UTF8.self), range: start..<end) : nil
        }
        return nil
    }

    /// The attributes of a tag whose name ends at `start` (names lowercased, value ranges without
    /// quotes), and the offset after its `>`.
    private static func attributes(_ bytes: [UInt8], from start: Int) -> ([(name: String, value: Range<Int>)], Int) {
        var found: [(name: String, value: Range<Int>)] = []
        var p = start
        while true {
            while p < bytes.count, bytes[p].isSpace || bytes[p] == UInt8(ascii: "/") { p += 1 }
            guard p < bytes.count, bytes[p] != UInt8(ascii: ">") else { return (found, min(p + 1, bytes.count)) }
            let nameStart = p
            p += 1
            while p < bytes.count, !bytes[p].isSpace, bytes[p] != UInt8(ascii: "/"), bytes[p] != UInt8(ascii: ">"),
                bytes[p] != UInt8(ascii: "=")
            { p += 1 }
            let name = String(decoding: bytes[nameStart..<p].map { $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 }, as: UTF8.self)
            while p < bytes.count, bytes[p].isSpace { p += 1 }
            guard p < bytes.count, bytes[p] == UInt8(ascii: "=") else {
                found.append((name, p..<p))
                continue
            }
            p += 1
            while p < bytes.count, bytes[p].isSpace { p += 1 }
            guard p < bytes.count else { return (found, p) }
            if bytes[p] == UInt8(ascii: "\"") || bytes[p] == UInt8(ascii: "'") {
                let quote = bytes[p]
                let end = bytes[(p + 1)...].firstIndex(of: quote) ?? bytes.count
                found.append((name, (p + 1)..<end))
                p = min(end + 1, bytes.count)
            } else {
                let valueStart = p
                while p < bytes.count, !bytes[p].isSpace, bytes[p] != UInt8(ascii: ">") { p += 1 }
                found.append((name, valueStart..<p))
            }
        }
    }

    private static func matches(_ bytes: [UInt8], at offset: Int, _ text: String) -> Bool {
        let wanted = Array(text.utf8)
        return offset + wanted.count <= bytes.count && bytes[offset..<(offset + wanted.count)].elementsEqual(wanted)
    }

    /// The offset after the first `needle` at or after `from` (ASCII case ignored when asked).
    private static func index(after needle: [UInt8], in bytes: [UInt8], from: Int, caseInsensitive: Bool = false) -> Int? {
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
