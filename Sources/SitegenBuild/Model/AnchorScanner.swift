#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Finds `id="…"` and `name="…"` attribute values in rendered HTML, for fragments that point at
/// raw HTML anchors written in Markdown.
enum AnchorScanner {
    /// The values in document order. An attribute counts when its name follows a space, tab or
    /// newline and `="` follows it; the value runs to the next `"` (or the end).
    static func anchors(inHTML html: String) -> [String] {
        var html = html
        return html.withUTF8 { bytes in
            guard let base = bytes.baseAddress else { return [] }
            var found: [String] = []
            let count = bytes.count
            let quote = UInt8(ascii: "\"")
            var from = 0
            // Every attribute has an `=`: jump from one to the next and look behind it.
            while from < count, let hit = memchr(base + from, Int32(UInt8(ascii: "=")), count - from) {
                let equals = base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
                from = equals + 1
                guard equals + 1 < count, bytes[equals + 1] == quote else { continue }
                let isID =
                    equals >= 3 && isSpace(bytes[equals - 3]) && bytes[equals - 2] | 0x20 == UInt8(ascii: "i")
                    && bytes[equals - 1] | 0x20 == UInt8(ascii: "d")
                let isName =
                    !isID && equals >= 5 && isSpace(bytes[equals - 5]) && bytes[equals - 4] | 0x20 == UInt8(ascii: "n")
                    && bytes[equals - 3] | 0x20 == UInt8(ascii: "a") && bytes[equals - 2] | 0x20 == UInt8(ascii: "m")
                    && bytes[equals - 1] | 0x20 == UInt8(ascii: "e")
                guard isID || isName else { continue }
                let start = equals + 2
                let end =
                    memchr(base + start, Int32(quote), count - start).map {
                        base.distance(to: $0.assumingMemoryBound(to: UInt8.self))
                    }
                    ?? count
                found.append(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self))
                from = end + 1
            }
            return found
        }
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\t")
    }
}
