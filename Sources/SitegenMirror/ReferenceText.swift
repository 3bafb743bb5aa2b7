import SitegenLinks

/// A reference as a browser reads it before resolving it against a web server's URL (the URL
/// standard's basic parser): read as any URL is (`readAsURL`: spaces and control characters around
/// it dropped, tabs and line breaks removed), and a backslash before the query taken as a slash, as
/// it is in `http` and `https` URLs. `sub\page.html` is fetched as `sub/page.html`.
enum ReferenceText {
    static func asBrowsersRead(_ reference: String) -> String {
        let text = reference.readAsURL()
        guard text.utf8.contains(UInt8(ascii: "\\")) else { return text }
        var inPath = true
        let bytes = text.utf8.map { byte in
            if byte == UInt8(ascii: "?") || byte == UInt8(ascii: "#") { inPath = false }
            return inPath && byte == UInt8(ascii: "\\") ? UInt8(ascii: "/") : byte
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
