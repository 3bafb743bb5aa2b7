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
            var from = 0
            // Every attribute has an `=`: jump from one to the next and look behind it.
            while from < count, let hit = memchr(base + from, Int32(UInt8(ascii: "=")), count - from) {
                let equals = base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
                from = equals + 1
                guard
                    AttributeSyntax.hasName("id", before: equals, in: bytes)
                        || AttributeSyntax.hasName("name", before: equals, in: bytes),
                    let (range, quote) = AttributeSyntax.value(after: equals, in: bytes),
                    quote == UInt8(ascii: "\"") || isInsideTag(bytes, before: equals)
                else { continue }
                found.append(AttributeText.decoded(UnsafeBufferPointer(rebasing: bytes[range])))
                from = quote == nil ? range.upperBound : range.upperBound + 1
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
}
