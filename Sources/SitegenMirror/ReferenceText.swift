import Foundation
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

    /// `http:/guide/` or `http:page.html` on a page of an `http` origin: a special scheme the base
    /// has too, without `//`, is dropped and the rest read as a relative reference (the URL
    /// standard's "special relative or authority" state), where `URL` would read a host.
    static func droppingSharedSpecialScheme(_ text: String, of base: URL) -> String {
        guard let scheme = base.scheme?.lowercased(), scheme == "http" || scheme == "https" else { return text }
        let bytes = text.utf8
        guard bytes.count > scheme.utf8.count,
            bytes[bytes.index(bytes.startIndex, offsetBy: scheme.utf8.count)] == UInt8(ascii: ":"),
            bytes.prefix(scheme.utf8.count).lazy.map({ $0 | 0x20 }).elementsEqual(scheme.utf8)
        else { return text }
        let rest = text.utf8.dropFirst(scheme.utf8.count + 1)
        guard !rest.starts(with: "//".utf8) else { return text }
        return String(Substring(rest))
    }
}
