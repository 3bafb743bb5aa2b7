import SitegenCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Finds `id="…"` and `name="…"` attribute values in rendered HTML, for fragments that point at
/// raw HTML anchors written in Markdown.
enum AnchorScanner {
    /// The values in document order, as a browser reads them (character references decoded). An
    /// attribute counts when its name follows a space, tab or newline and `=` follows it: with a
    /// double-quoted value (which runs to the next `"`, or the end), anywhere; with a single-quoted or
    /// unquoted one, only inside a tag, since text may say `id='x'` too (Markdown escapes its `"`).
    static func anchors(inHTML html: String) -> [String] {
        var html = html
        return html.withUTF8 { bytes in
            guard let base = bytes.baseAddress else { return [] }
            var found: [String] = []
            let count = bytes.count
            let quote = UInt8(ascii: "\""), apostrophe = UInt8(ascii: "'")
            var from = 0
            // Every attribute has an `=`: jump from one to the next and look behind it.
            while from < count, let hit = memchr(base + from, Int32(UInt8(ascii: "=")), count - from) {
                let equals = base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
                from = equals + 1
                guard equals + 1 < count else { continue }
                let isID =
                    equals >= 3 && isSpace(bytes[equals - 3]) && bytes[equals - 2] | 0x20 == UInt8(ascii: "i")
                    && bytes[equals - 1] | 0x20 == UInt8(ascii: "d")
                let isName =
                    !isID && equals >= 5 && isSpace(bytes[equals - 5]) && bytes[equals - 4] | 0x20 == UInt8(ascii: "n")
                    && bytes[equals - 3] | 0x20 == UInt8(ascii: "a") && bytes[equals - 2] | 0x20 == UInt8(ascii: "m")
                    && bytes[equals - 1] | 0x20 == UInt8(ascii: "e")
                guard isID || isName else { continue }
                let first = bytes[equals + 1]
                let start: Int, end: Int
                if first == quote || first == apostrophe {
                    guard first == quote || isInsideTag(bytes, before: equals) else { continue }
                    start = equals + 2
                    end =
                        memchr(base + start, Int32(first), count - start).map {
                            base.distance(to: $0.assumingMemoryBound(to: UInt8.self))
                        } ?? count
                    from = end + 1
                } else {
                    guard !isSpace(first), first != UInt8(ascii: ">"), isInsideTag(bytes, before: equals) else { continue }
                    start = equals + 1
                    var stop = start
                    while stop < count, !isSpace(bytes[stop]), bytes[stop] != UInt8(ascii: ">") { stop += 1 }
                    end = stop
                    from = end
                }
                found.append(AttributeText.decoded(UnsafeBufferPointer(rebasing: bytes[start..<end])))
            }
            return found
        }
    }

    /// Whether the byte before `position` lies inside a tag: a `<` comes before it with no `>` in
    /// between. Tags are short: a `<` more than 4 KB back is not looked for.
    private static func isInsideTag(_ bytes: UnsafeBufferPointer<UInt8>, before position: Int) -> Bool {
        var index = position - 1
        while index >= 0, index >= position - 4096 {
            if bytes[index] == UInt8(ascii: "<") { return true }
            if bytes[index] == UInt8(ascii: ">") { return false }
            index -= 1
        }
        return false
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\t")
    }
}
