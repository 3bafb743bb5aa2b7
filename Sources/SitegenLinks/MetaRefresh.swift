/// Reads the target of `<meta http-equiv="refresh" content="5; url=next.html">`.
enum MetaRefresh {
    /// The URL in a refresh `content` value (`url=` optional, quotes allowed), or `nil` for a plain
    /// reload such as `"30"`.
    static func url(in content: String) -> String? {
        let bytes = Array(content.utf8)
        var i = 0
        func skipSpaces() { while i < bytes.count, bytes[i].isASCIIWhitespace { i += 1 } }
        skipSpaces()
        // A delay comes first, else this is no refresh (the HTML standard's declarative refresh
        // steps): `content="next.html"` does nothing in a browser.
        let start = i
        while i < bytes.count, (bytes[i] >= UInt8(ascii: "0") && bytes[i] <= UInt8(ascii: "9")) || bytes[i] == UInt8(ascii: ".") {
            i += 1
        }
        guard i > start else { return nil }
        if i < bytes.count {
            guard bytes[i] == UInt8(ascii: ";") || bytes[i] == UInt8(ascii: ",") || bytes[i].isASCIIWhitespace else { return nil }
            skipSpaces()
            if i < bytes.count, bytes[i] == UInt8(ascii: ";") || bytes[i] == UInt8(ascii: ",") { i += 1 }
            skipSpaces()
        }
        if i + 3 <= bytes.count, String(decoding: bytes[i..<i + 3], as: UTF8.self).lowercased() == "url" {
            var j = i + 3
            while j < bytes.count, bytes[j].isASCIIWhitespace { j += 1 }
            if j < bytes.count, bytes[j] == UInt8(ascii: "=") {
                i = j + 1
                skipSpaces()
            }
        }
        guard i < bytes.count else { return nil }
        var end = bytes.count
        if bytes[i] == UInt8(ascii: "\"") || bytes[i] == UInt8(ascii: "'") {
            let quote = bytes[i]
            i += 1
            end = bytes[i...].firstIndex(of: quote) ?? bytes.count
        }
        let url = String(decoding: bytes[i..<end], as: UTF8.self).trimmingASCIIWhitespace()
        return url.isEmpty ? nil : url
    }
}
