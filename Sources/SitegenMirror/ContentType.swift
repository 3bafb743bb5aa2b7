import SitegenBundleCore
import SitegenLinks

/// A `Content-Type` header value taken apart: `text/html; Charset="ISO-8859-1"` is the type
/// `text/html` and the charset label `iso-8859-1`.
struct ContentType: Sendable, Equatable {
    /// The type, lowercased, without parameters; `application/octet-stream` when there was none.
    var mimeType: String
    /// The `charset` parameter, lowercased and unquoted, if any.
    var charset: String?

    init(mimeType: String, charset: String? = nil) {
        self.mimeType = mimeType
        self.charset = charset
    }

    /// The type a browser gives a response sent without `Content-Type`, as far as a mirror needs
    /// it (the MIME Sniffing standard's rules for an unknown type): `text/html` for a body that
    /// starts, after white space, with `<!DOCTYPE HTML`, `<html`, `<head`, `<body`, `<!--` and the
    /// like, then a space or `>`; an image, PDF or font type by its signature; "" when the bytes say
    /// nothing (the link that found it may).
    static func sniffed(_ body: some Collection<UInt8>) -> String {
        let head = Array(body.prefix(16))
        for (signature, type) in signatures where head.starts(with: signature) { return type }
        if head.count >= 12, head.starts(with: Array("RIFF".utf8)), head[8..<12].elementsEqual("WEBP".utf8) {
            return "image/webp"
        }
        let start = body.drop { $0 == 0x09 || $0 == 0x0A || $0 == 0x0C || $0 == 0x0D || $0 == 0x20 }
        for pattern in htmlPatterns {
            let head = Array(start.prefix(pattern.count + 1))
            guard head.count == pattern.count + 1 else { continue }
            let matches = zip(head, pattern).allSatisfy { byte, wanted in
                (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(wanted) ? byte & 0xDF == wanted : byte == wanted
            }
            if matches, head[pattern.count] == 0x20 || head[pattern.count] == 0x3E { return "text/html" }
        }
        return ""
    }

    /// Leading bytes and the type they make (MIME Sniffing: images, PDF, fonts).
    private static let signatures: [([UInt8], String)] = [
        ([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A], "image/png"), (Array("GIF87a".utf8), "image/gif"),
        (Array("GIF89a".utf8), "image/gif"), ([0xFF, 0xD8, 0xFF], "image/jpeg"), ([0x00, 0x00, 0x01, 0x00], "image/x-icon"),
        (Array("BM".utf8), "image/bmp"), (Array("%PDF-".utf8), "application/pdf"), (Array("wOFF".utf8), "font/woff"),
        (Array("wOF2".utf8), "font/woff2"),
    ]

    private static let htmlPatterns: [[UInt8]] = [
        "<!DOCTYPE HTML", "<HTML", "<HEAD", "<SCRIPT", "<IFRAME", "<H1", "<DIV", "<FONT", "<TABLE", "<A", "<STYLE",
        "<TITLE", "<B", "<BODY", "<BR", "<P", "<!--",
    ].map { Array($0.utf8) }

    init(header: String?) {
        let parts = (header ?? "").split(separator: ";", omittingEmptySubsequences: false)
        let type = parts.first.map { String($0).trimmingASCIIWhitespace().lowercased() } ?? ""
        mimeType = type.isEmpty ? "application/octet-stream" : type
        for parameter in parts.dropFirst() {
            let pair = parameter.split(separator: "=", maxSplits: 1)
            guard pair.count == 2, String(pair[0]).trimmingASCIIWhitespace().lowercased() == "charset" else { continue }
            var value = Substring(String(pair[1]).trimmingASCIIWhitespace())
            if value.count >= 2, value.first == "\"", value.last == "\"" { value = value.dropFirst().dropLast() }
            charset = value.isEmpty ? nil : value.lowercased()
            break
        }
    }

    /// Whether `mimeType` is a page, as the link checker has it: HTML or XHTML. Its links are
    /// followed and rewritten, and it counts against `--max-pages`.
    static func isPage(_ mimeType: String) -> Bool { DocumentKind(mimeType: mimeType) == .html }

    /// `mimeType` as the bundle's MIME table names it, for the names servers also use
    /// (`application/javascript` is `text/javascript`, `image/jpg` is `image/jpeg`).
    static func canonical(_ mimeType: String) -> String {
        MIMEType.isJavaScript(mimeType) ? "text/javascript" : synonyms[mimeType] ?? mimeType
    }

    private static let synonyms: [String: String] = [
        "text/xml": "application/xml", "text/json": "application/json", "text/x-json": "application/json",
        "image/jpg": "image/jpeg", "image/pjpeg": "image/jpeg", "image/x-png": "image/png",
        "image/vnd.microsoft.icon": "image/x-icon", "image/ico": "image/x-icon",
        "application/font-woff": "font/woff", "application/x-font-woff": "font/woff", "font/x-woff": "font/woff",
        "application/font-woff2": "font/woff2", "font/x-woff2": "font/woff2",
        "application/x-font-ttf": "font/ttf", "application/x-font-truetype": "font/ttf", "font/sfnt": "font/ttf",
        "application/x-font-otf": "font/otf", "application/x-font-opentype": "font/otf", "font/opentype": "font/otf",
        "audio/x-wav": "audio/wav", "audio/wave": "audio/wav", "audio/mp3": "audio/mpeg", "audio/x-flac": "audio/flac",
        "application/x-gzip": "application/gzip", "text/x-markdown": "text/markdown",
        "application/x-yaml": "application/yaml", "text/yaml": "application/yaml", "text/x-yaml": "application/yaml",
    ]
}
