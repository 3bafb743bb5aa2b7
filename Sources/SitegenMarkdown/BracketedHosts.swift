import SitegenCore

/// cmark percent-escapes `[` and `]` in every link and image destination, which turns an IPv6
/// literal host (`http://[::1]:8080/`) into one no browser parses (`http://%5B::1%5D:8080/`). The
/// brackets are put back where a host starts in an attribute value: an escape there can only break
/// the URL, never carry meaning.
enum BracketedHosts {
    /// `html` with `="scheme://%5Bhex:digits%5D` turned back into `="scheme://[hex:digits]`.
    static func restore(in html: String) -> String {
        let bytes = Array(html.utf8)
        let marker = Array("://%5B".utf8)
        var out: [UInt8] = []
        var copied = 0
        var index = 0
        while let found = ByteSearch.firstOffset(of: marker, in: bytes, from: index) {
            index = found + marker.count
            guard startsAttributeValueURL(bytes, schemeEnd: found) else { continue }
            var end = index
            while end < bytes.count, isAddressByte(bytes[end]) { end += 1 }
            guard end > index, bytes[end...].starts(with: "%5D".utf8) else { continue }
            let after = end + 3
            guard after < bytes.count,
                [
                    UInt8(ascii: "\""), UInt8(ascii: ":"), UInt8(ascii: "/"), UInt8(ascii: "?"),
                    UInt8(ascii: "#"),
                ].contains(bytes[after])
            else { continue }
            out += bytes[copied..<found]
            out += "://[".utf8
            out += bytes[index..<end]
            out.append(UInt8(ascii: "]"))
            copied = after
            index = after
        }
        guard copied > 0 else { return html }
        out += bytes[copied...]
        return String(decoding: out, as: UTF8.self)
    }

    /// Whether the scheme before `schemeEnd` starts an attribute value (`href="http`): never text,
    /// where cmark escapes the quote.
    private static func startsAttributeValueURL(_ bytes: [UInt8], schemeEnd: Int) -> Bool {
        var start = schemeEnd
        while start > 0, LinkRewriter.isSchemeByte(bytes[start - 1]) { start -= 1 }
        return start < schemeEnd && start >= 2 && bytes[start - 1] == UInt8(ascii: "\"")
            && bytes[start - 2] == UInt8(ascii: "=")
    }

    /// An IPv6 address's bytes: hex digits, colons and the dots of an embedded IPv4 address.
    private static func isAddressByte(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte | 0x20)
            || byte == UInt8(ascii: ":") || byte == UInt8(ascii: ".")
    }
}
