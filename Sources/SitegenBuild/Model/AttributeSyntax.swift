#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// How raw HTML writes an attribute, read from the bytes around its `=`: shared by the anchor scan
/// of rendered pages and the search for the Markdown line a finding is about.
enum AttributeSyntax {
    /// A space, tab or newline: what comes before an attribute's name.
    static func isSpace(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\t")
    }

    /// Whether `name` (lowercase ASCII letters) is written, in any case, just before the `=` at
    /// `equals`, after a space.
    static func hasName(_ name: StaticString, before equals: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let count = name.utf8CodeUnitCount
        guard equals > count, isSpace(bytes[equals - count - 1]) else { return false }
        let letters = UnsafeBufferPointer(start: name.utf8Start, count: count)
        for offset in 0..<count where bytes[equals - count + offset] | 0x20 != letters[offset] { return false }
        return true
    }

    /// The value after the `=` at `equals`: quoted, up to its closing quote (or the end), which is not
    /// in the range; unquoted, up to a space or `>`. `nil` when a space, a `>` or the end follows.
    static func value(after equals: Int, in bytes: UnsafeBufferPointer<UInt8>) -> (range: Range<Int>, quote: UInt8?)? {
        guard equals + 1 < bytes.count, let base = bytes.baseAddress else { return nil }
        let first = bytes[equals + 1]
        if first == UInt8(ascii: "\"") || first == UInt8(ascii: "'") {
            let start = equals + 2
            let end =
                memchr(base + start, Int32(first), bytes.count - start).map {
                    base.distance(to: $0.assumingMemoryBound(to: UInt8.self))
                } ?? bytes.count
            return (start..<end, first)
        }
        guard !isSpace(first), first != UInt8(ascii: ">") else { return nil }
        var end = equals + 1
        while end < bytes.count, !isSpace(bytes[end]), bytes[end] != UInt8(ascii: ">") { end += 1 }
        return (equals + 1..<end, nil)
    }
}
