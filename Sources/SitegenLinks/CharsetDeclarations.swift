/// Where a document names its own encoding: a byte order mark, the `<meta charset>` and
/// `<meta http-equiv="Content-Type" content="…; charset=…">` of HTML, the `@charset "…";` that
/// opens a style sheet. Found on the bytes, the way the HTML standard's prescan finds them.
package enum CharsetDeclarations {
    /// A label written in a document, and the bytes it occupies.
    package struct Declaration: Sendable, Equatable {
        package var label: String
        package var range: Range<Int>

        package init(label: String, range: Range<Int>) {
            self.label = label
            self.range = range
        }
    }

    /// The encoding a byte order mark names, and the mark's length.
    package static func byteOrderMark(_ bytes: ArraySlice<UInt8>) -> (encoding: TextEncoding, length: Int)? {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { return (.utf8, 3) }
        if bytes.starts(with: [0xFE, 0xFF]) { return (.utf16BE, 2) }
        if bytes.starts(with: [0xFF, 0xFE]) { return (.utf16LE, 2) }
        return nil
    }

    /// The `@charset` rule a style sheet starts with: exactly `@charset "label";`, as CSS asks.
    package static func css(_ bytes: [UInt8]) -> Declaration? {
        let opening = Array(#"@charset ""#.utf8)
        guard bytes.starts(with: opening) else { return nil }
        var end = opening.count
        while end < bytes.count, bytes[end] != UInt8(ascii: "\""), end - opening.count < 64 { end += 1 }
        guard end + 1 < bytes.count, bytes[end] == UInt8(ascii: "\""), bytes[end + 1] == UInt8(ascii: ";") else { return nil }
        return Declaration(label: String(decoding: bytes[opening.count..<end], as: UTF8.self), range: opening.count..<end)
    }

    /// The charset declarations of `<meta>` elements, in order, up to the `<body>` start tag;
    /// comments and the text of `<script>`, `<style>`, `<textarea>` and `<title>` are skipped
    /// (`StartTags`). With `prescan`, only those starting in the first 1024 bytes, as browsers look.
    package static func html(_ bytes: [UInt8], prescan: Bool = false) -> [Declaration] {
        var found: [Declaration] = []
        StartTags.forEach(in: bytes, before: prescan ? 1024 : nil) { tag in
            switch tag.name {
            case "meta": if let declaration = declaration(bytes, tag.attributes) { found.append(declaration) }
            case "body": return false
            default: break
            }
            return true
        }
        return found
    }

    /// The declaration of one `<meta>`: its `charset`, else the charset in the `content` of an
    /// `http-equiv="content-type"`.
    private static func declaration(_ bytes: [UInt8], _ attributes: [TagAttribute]) -> Declaration? {
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
            while p < range.upperBound, bytes[p].isASCIIWhitespace { p += 1 }
            guard p < range.upperBound, bytes[p] == UInt8(ascii: "=") else {
                i = p
                continue
            }
            p += 1
            while p < range.upperBound, bytes[p].isASCIIWhitespace { p += 1 }
            guard p < range.upperBound else { return nil }
            var start = p, end = p
            if bytes[p] == UInt8(ascii: "\"") || bytes[p] == UInt8(ascii: "'") {
                start = p + 1
                guard let close = bytes[start..<range.upperBound].firstIndex(of: bytes[p]) else { return nil }
                end = close
            } else {
                while end < range.upperBound, !bytes[end].isASCIIWhitespace, bytes[end] != UInt8(ascii: ";") { end += 1 }
            }
            return start < end ? Declaration(label: String(decoding: bytes[start..<end], as: UTF8.self), range: start..<end) : nil
        }
        return nil
    }
}
