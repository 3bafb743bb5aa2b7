import SitegenCore

/// The text a reader sees in a page's rendered body, for the search index: tags dropped,
/// character references decoded, runs of white space made one space, the content of scripts,
/// styles and comments and the headings' `#` anchors left out. At most `limit` bytes, cut at a
/// character's start.
enum SearchText {
    static let limit = 20_000

    static func of(html: String) -> String {
        var html = html
        return html.withUTF8 { bytes in
            var text: [UInt8] = []
            text.reserveCapacity(min(bytes.count, limit))
            var index = 0
            func append(_ byte: UInt8) {
                if byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D || byte == 0x0C {
                    if let last = text.last, last != 0x20 { text.append(0x20) }
                } else {
                    text.append(byte)
                }
            }
            // Text up to the next tag, its character references decoded (only a run that has one).
            func appendText(upTo end: Int) {
                let run = UnsafeBufferPointer(rebasing: bytes[index..<end])
                if run.contains(UInt8(ascii: "&")) || run.contains(0) {
                    for byte in AttributeText.decoded(Array(run)).utf8 { append(byte) }
                } else {
                    for byte in run { append(byte) }
                }
                index = end
            }
            while index < bytes.count, text.count < limit {
                let end = bytes[index...].firstIndex(of: UInt8(ascii: "<")) ?? bytes.count
                if end > index { appendText(upTo: end) }
                guard index < bytes.count else { break }
                let rest = UnsafeBufferPointer(rebasing: bytes[index...])
                var parts = true
                if let skipped = skippedElement(rest) {
                    index += skipped
                } else if let end = rest.firstIndex(of: UInt8(ascii: ">")) {
                    parts = partsWords(UnsafeBufferPointer(rebasing: rest[..<end]))
                    index += end + 1
                } else {
                    break
                }
                // A block's tag parts two words (`a<br>b`, a list's items): a space stands for it.
                // An inline one does not (`<em>pipe</em>line.`).
                if parts, let last = text.last, last != 0x20 { text.append(0x20) }
            }
            var count = min(text.count, limit)
            while count > 0, count < text.count, text[count] & 0xC0 == 0x80 { count -= 1 }
            while count > 0, text[count - 1] == 0x20 { count -= 1 }
            return String(decoding: text[..<count], as: UTF8.self)
        }
    }

    /// The inline elements, whose tags sit inside a word as often as between two.
    private static let inlineElements: Set<String> = [
        "a", "abbr", "b", "bdi", "bdo", "cite", "code", "data", "dfn", "em", "i", "kbd", "mark", "q", "s", "samp",
        "small", "span", "strong", "sub", "sup", "time", "u", "var", "del", "ins",
    ]

    /// Whether the tag (from its `<` to before its `>`) parts the text around it.
    private static func partsWords(_ tag: UnsafeBufferPointer<UInt8>) -> Bool {
        let name = tag.dropFirst().drop { $0 == UInt8(ascii: "/") }.prefix { byte in
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20)
                || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
        }.map { $0 | 0x20 }
        return !inlineElements.contains(String(decoding: name, as: UTF8.self))
    }

    /// How many bytes a comment, a script or style element, or a heading's anchor takes, when
    /// `bytes` starts with one; `nil` otherwise.
    private static func skippedElement(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        guard bytes.count > 1 else { return nil }
        // Most tags are none of these: only `<!`, `<s`, `<S` and `<a` are looked at further.
        switch bytes[1] | 0x20 {
        case UInt8(ascii: "!") | 0x20, UInt8(ascii: "s"), UInt8(ascii: "a"): break
        default: return nil
        }
        func starts(_ prefix: String) -> Bool {
            let prefix = Array(prefix.utf8)
            guard bytes.count >= prefix.count else { return false }
            for (offset, byte) in prefix.enumerated() where bytes[offset] | (byte >= 0x61 ? 0x20 : 0) != byte {
                return false
            }
            return true
        }
        func through(_ end: String) -> Int {
            let end = Array(end.utf8)
            guard bytes.count >= end.count else { return bytes.count }
            var index = 0
            while index + end.count <= bytes.count {
                var matches = true
                for (offset, byte) in end.enumerated() where bytes[index + offset] | (byte >= 0x61 ? 0x20 : 0) != byte {
                    matches = false
                    break
                }
                if matches { return index + end.count }
                index += 1
            }
            return bytes.count
        }
        if starts("<!--") { return through("-->") }
        if starts("<script") { return through("</script>") }
        if starts("<style") { return through("</style>") }
        // The renderer's own anchor before every heading's text: `#` is no word of the page.
        if starts("<a class=\"anchor\"") { return through("</a>") }
        return nil
    }
}
