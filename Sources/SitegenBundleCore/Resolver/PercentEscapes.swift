/// Whether a URL's path is well formed as to `%` escapes, as the resolver judges it: shared by the
/// link checks of the build and the crawl, so that all three agree on what is found.
package enum PercentEscapes {
    /// Whether the path of `text` (up to its first `?` or `#`) has a `%` not followed by two hex digits.
    package static func hasInvalidEscape(_ text: String) -> Bool { URLPath.hasInvalidEscape(text) }

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
