import CHTMLScan

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// An HTML attribute value as a browser reads it: character references decoded by the rule for
/// attributes (`&copy ` is ©, `&copy=` stays as written, `&#146;` is ’), NUL replaced. The same
/// decoder as the link checker's tokenizer, for code that meets attribute values elsewhere: raw
/// HTML in Markdown, and the mirror's rewriting.
public enum AttributeText {
    /// The value of the attribute written as `written` (its bytes between the quotes).
    public static func decoded(_ written: some Collection<UInt8>) -> String {
        guard written.contains(UInt8(ascii: "&")) || written.contains(0) else {
            return String(decoding: written, as: UTF8.self)
        }
        let bytes = Array(written)
        var length = 0
        guard
            let decoded = bytes.withUnsafeBufferPointer({ buffer in
                buffer.withMemoryRebound(to: CChar.self) { htmlscan_decode_attribute($0.baseAddress, $0.count, &length) }
            })
        else { return String(decoding: bytes, as: UTF8.self) }
        defer { free(decoded) }
        return String(decoding: UnsafeRawBufferPointer(start: decoded, count: length), as: UTF8.self)
    }

    /// `decoded(_:)` of a string's bytes.
    public static func decoded(_ written: String) -> String { decoded(written.utf8) }
}
