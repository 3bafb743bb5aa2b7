/// MIME types by file extension, the table every resolver of a bundle agrees on.
public enum MIMEType {
    /// The type for files whose extension is not in the table.
    public static let fallback = "application/octet-stream"

    /// The MIME type of `path` by its lowercase extension; `application/octet-stream` otherwise.
    ///
    /// `overrides` is consulted first: a key is either an exact bundle-relative path
    /// (`downloads/data.bin`) or an extension, with or without its dot, any case (`wasm`, `.MAP`).
    public static func forPath(_ path: String, overrides: [String: String] = [:]) -> String {
        if !overrides.isEmpty, let exact = overrides[path] { return exact }
        let ext = pathExtension(path)
        if !overrides.isEmpty {
            for (key, value) in overrides {
                let normalised = key.hasPrefix(".") ? String(key.dropFirst()) : key
                if normalised.lowercased() == ext, !ext.isEmpty { return value }
            }
        }
        return table[ext] ?? fallback
    }

    /// Whether `path` names an HTML page by its extension: `.html`, `.htm` or `.xhtml`, in any case.
    public static func isHTMLPage(_ path: String) -> Bool {
        let lowered = path.lowercased()
        return lowered.hasSuffix(".html") || lowered.hasSuffix(".htm") || lowered.hasSuffix(".xhtml")
    }

    /// The extension that makes a file of type `mimeType` (lowercase, without parameters) be
    /// served as that type: the one named like the subtype if any (`html`, `jpeg`), else the
    /// shortest (`js`, `txt`, `svg`); `nil` when no extension has that type.
    public static func fileExtension(for mimeType: String) -> String? { preferredExtensions[mimeType] }

    private static let preferredExtensions: [String: String] = {
        var preferred: [String: String] = [:]
        for (ext, type) in table {
            let subtype = type.split(separator: "/").last.map(String.init) ?? ""
            let rank = { (ext: String) in (ext == subtype ? 0 : 1, ext.count, ext) }
            if let current = preferred[type], rank(current) <= rank(ext) { continue }
            preferred[type] = ext
        }
        return preferred
    }()

    /// Whether the type is text, recorded in the manifest with `textEncoding: "utf-8"` (which
    /// resolvers turn into `; charset=utf-8`). The rule, on the type without parameters in any
    /// letter case: `text/*`; any `+json` or `+xml` type (`image/svg+xml`, `application/ld+json`);
    /// `application/json`, `application/xml`, `application/rtf`; and `application/javascript`,
    /// `application/ecmascript` and `application/yaml`, each also with `x-` before its subtype.
    /// Every JavaScript MIME type (`isJavaScript`) is text.
    public static func isText(_ mimeType: String) -> Bool {
        let type = essence(mimeType)
        if type.hasPrefix("text/") { return true }
        if type.hasSuffix("+json") || type.hasSuffix("+xml") { return true }
        return textApplicationTypes.contains(type)
    }

    /// Whether a file served as `mimeType` is used by a browser as a style sheet (`text/css` only,
    /// under `nosniff`).
    public static func isStyleSheet(_ mimeType: String) -> Bool { essence(mimeType) == "text/css" }

    /// Whether a file served as `mimeType` is run by a browser as a script (a JavaScript MIME type).
    public static func isScript(_ mimeType: String) -> Bool { isJavaScript(essence(mimeType)) }

    /// Whether `essence` (a type without parameters, lowercase) is one of the MIME Sniffing standard's
    /// JavaScript MIME types, the types under which a browser runs a script sent with `nosniff`.
    public static func isJavaScript(_ essence: String) -> Bool { javaScriptEssences.contains(essence) }

    private static let javaScriptEssences: Set<String> = [
        "application/ecmascript", "application/javascript", "application/x-ecmascript", "application/x-javascript",
        "text/ecmascript", "text/javascript", "text/javascript1.0", "text/javascript1.1", "text/javascript1.2",
        "text/javascript1.3", "text/javascript1.4", "text/javascript1.5", "text/jscript", "text/livescript",
        "text/x-ecmascript", "text/x-javascript",
    ]

    /// The lowercase type of a `Content-Type` or manifest value, without parameters (`text/css` of
    /// `Text/CSS; charset=utf-8`).
    public static func essence(_ mimeType: String) -> String {
        mimeType.split(separator: ";", maxSplits: 1, omittingEmptySubsequences: false).first.map {
            $0.trimmingSpaces().lowercased()
        } ?? ""
    }

    /// The `Content-Type` header value: the type, plus `; charset=utf-8` for text.
    public static func contentType(_ mimeType: String) -> String {
        guard isText(mimeType), !mimeType.lowercased().contains("charset=") else { return mimeType }
        return "\(mimeType); charset=utf-8"
    }

    /// The lowercase extension of the last path segment, without its dot; empty when there is none.
    static func pathExtension(_ path: String) -> String {
        if let ext = asciiPathExtension(path) { return ext }
        let name = path.split(separator: "/", omittingEmptySubsequences: false).last ?? ""
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return "" }
        return name[name.index(after: dot)...].lowercased()
    }

    /// `pathExtension(path)` with a `.` before it, as bytes, when it is ASCII and not empty: what
    /// `hasExtension(_:dotted:)` checks the next paths of a run for.
    static func dottedExtension(of path: String) -> [UInt8]? {
        let ext = pathExtension(path)
        guard !ext.isEmpty, ext.utf8.allSatisfy({ $0 < 0x80 }) else { return nil }
        return [UInt8(ascii: ".")] + Array(ext.utf8)
    }

    /// Whether `pathExtension(path)` is the extension `dotted` (from `dottedExtension(of:)`)
    /// holds, checked on the bytes without making a string: `path` ends in those very bytes, after
    /// an ASCII byte other than `/` (a name, and no character that a combining mark or a prepended
    /// one makes of the `.` and what stands next to it).
    static func hasExtension(_ path: String, dotted: [UInt8]) -> Bool {
        let answer: Bool? = path.utf8.withContiguousStorageIfAvailable { bytes in
            let count = bytes.count, length = dotted.count
            guard count > length, bytes[count - length - 1] < 0x80, bytes[count - length - 1] != UInt8(ascii: "/") else {
                return false
            }
            return bytes[(count - length)...].elementsEqual(dotted)
        }
        return answer ?? false
    }

    /// `pathExtension` from the bytes of an all-ASCII path; nil for any other path (a combining
    /// mark after `/` or `.` makes another `Character`, which the bytes would not see).
    static func asciiPathExtension(_ path: String) -> String? {
        let ext: String?? = path.utf8.withContiguousStorageIfAvailable { bytes in
            guard bytes.allSatisfy({ $0 < 0x80 }) else { return nil }
            var dot: Int? = nil, index = bytes.count
            while index > 0, bytes[index - 1] != 47 {
                index -= 1
                if dot == nil, bytes[index] == 46 { dot = index }
            }
            guard let dot, dot != index, dot + 1 < bytes.count else { return "" }
            return String(unsafeUninitializedCapacity: bytes.count - dot - 1) { out in
                for (offset, byte) in bytes[(dot + 1)...].enumerated() {
                    out[offset] = byte >= 65 && byte <= 90 ? byte + 32 : byte
                }
                return bytes.count - dot - 1
            }
        }
        return ext ?? nil
    }

    /// The text types `isText` names one by one (`+json` and `+xml` types are text by their suffix).
    private static let textApplicationTypes: Set<String> = [
        "application/json", "application/xml", "application/rtf", "application/javascript",
        "application/x-javascript", "application/ecmascript", "application/x-ecmascript", "application/yaml",
        "application/x-yaml",
    ]

    private static let table: [String: String] = [
        // Documents and code.
        "html": "text/html", "htm": "text/html", "xhtml": "application/xhtml+xml",
        "css": "text/css", "js": "text/javascript", "mjs": "text/javascript", "cjs": "text/javascript",
        "json": "application/json", "map": "application/json", "jsonld": "application/ld+json",
        "webmanifest": "application/manifest+json", "xml": "application/xml",
        "rss": "application/rss+xml", "atom": "application/atom+xml", "xsl": "application/xml",
        "txt": "text/plain", "text": "text/plain", "md": "text/markdown", "markdown": "text/markdown",
        "csv": "text/csv", "tsv": "text/tab-separated-values", "vtt": "text/vtt",
        "ics": "text/calendar", "rtf": "application/rtf", "yaml": "application/yaml",
        "yml": "application/yaml", "toml": "text/plain", "wasm": "application/wasm",
        "pdf": "application/pdf", "zip": "application/zip", "gz": "application/gzip",
        "tar": "application/x-tar", "epub": "application/epub+zip",
        // Images.
        "svg": "image/svg+xml", "png": "image/png", "apng": "image/apng", "jpg": "image/jpeg",
        "jpeg": "image/jpeg", "gif": "image/gif", "webp": "image/webp", "avif": "image/avif",
        "ico": "image/x-icon", "bmp": "image/bmp", "tif": "image/tiff", "tiff": "image/tiff",
        "heic": "image/heic", "jxl": "image/jxl",
        // Fonts.
        "woff": "font/woff", "woff2": "font/woff2", "ttf": "font/ttf", "otf": "font/otf",
        "eot": "application/vnd.ms-fontobject",
        // Audio and video.
        "mp4": "video/mp4", "m4v": "video/mp4", "webm": "video/webm", "mov": "video/quicktime",
        "ogv": "video/ogg", "m3u8": "application/vnd.apple.mpegurl", "ts": "video/mp2t",
        "m4a": "audio/mp4", "mp3": "audio/mpeg", "ogg": "audio/ogg", "oga": "audio/ogg",
        "opus": "audio/ogg", "wav": "audio/wav", "flac": "audio/flac", "aac": "audio/aac",
        "weba": "audio/webm", "mid": "audio/midi", "midi": "audio/midi",
    ]
}

extension Substring {
    fileprivate func trimmingSpaces() -> Substring {
        var s = self
        while s.first == " " { s = s.dropFirst() }
        while s.last == " " { s = s.dropLast() }
        return s
    }
}
