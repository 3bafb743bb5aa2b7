/// Whether a URL's path is well formed as to `%` escapes, as the resolver judges it: shared by the
/// link checks of the build and the crawl, so that all three agree on what is found.
package enum PercentEscapes {
    /// Whether the path of `text` (up to its first `?` or `#`) has a `%` not followed by two hex digits.
    package static func hasInvalidEscape(_ text: String) -> Bool { URLPath.hasInvalidEscape(text) }

    /// `text` with each `%XX` escape decoded and a `%` that starts none kept, as the URL standard's
    /// percent-decoding reads it: `a%20b%.html` is `a b%.html` (Foundation's `removingPercentEncoding`
    /// gives up on the whole text instead). Bytes that do not make UTF-8 become U+FFFD.
    package static func decodedWhereValid(_ text: String) -> String {
        guard text.utf8.contains(UInt8(ascii: "%")) else { return text }
        let bytes = Array(text.utf8)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "%"), index + 2 < bytes.count, let high = hexValue(bytes[index + 1]),
                let low = hexValue(bytes[index + 2])
            {
                out.append(high << 4 | low)
                index += 3
            } else {
                out.append(bytes[index])
                index += 1
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Appends the escape of `byte`, `%` and two uppercase hex digits (`%E9`), to `out`.
    package static func append(escapeOf byte: UInt8, to out: inout [UInt8]) {
        let hex: StaticString = "0123456789ABCDEF"
        hex.withUTF8Buffer { digits in out += [37, digits[Int(byte >> 4)], digits[Int(byte & 15)]] }
    }

    /// The value of one hex digit of an escape, either case; nil for any other byte.
    package static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case 48...57: byte - 48
        case 65...70: byte - 55
        case 97...102: byte - 87
        default: nil
        }
    }
}
