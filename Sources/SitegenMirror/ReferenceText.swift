/// A reference as a browser reads it before resolving it against a web server's URL (the URL
/// standard's basic parser): leading and trailing spaces and control characters dropped, every tab
/// and line break removed, and a backslash before the query taken as a slash, as it is in `http`
/// and `https` URLs. `sub\page.html` is fetched as `sub/page.html`, `pa<LF>ge.html` as `page.html`.
enum ReferenceText {
    static func asBrowsersRead(_ reference: String) -> String {
        let bytes = Array(reference.utf8)
        var start = 0, end = bytes.count
        while start < end, bytes[start] <= 0x20 { start += 1 }
        while end > start, bytes[end - 1] <= 0x20 { end -= 1 }
        let kept = bytes[start..<end]
        guard kept.contains(where: { $0 == 0x09 || $0 == 0x0A || $0 == 0x0D || $0 == UInt8(ascii: "\\") }) else {
            return start == 0 && end == bytes.count ? reference : String(decoding: kept, as: UTF8.self)
        }
        var out: [UInt8] = []
        out.reserveCapacity(kept.count)
        var inPath = true
        for byte in kept where byte != 0x09 && byte != 0x0A && byte != 0x0D {
            if byte == UInt8(ascii: "?") || byte == UInt8(ascii: "#") { inPath = false }
            out.append(inPath && byte == UInt8(ascii: "\\") ? UInt8(ascii: "/") : byte)
        }
        return String(decoding: out, as: UTF8.self)
    }
}
