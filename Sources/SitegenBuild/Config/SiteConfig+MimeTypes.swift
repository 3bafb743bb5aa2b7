import SitegenBundleCore
import SitegenCore
import SitegenMarkdown

extension SiteConfig {
    /// Reads `mime_types:`, a mapping of extensions (or of files' paths) to the MIME types that
    /// replace their defaults, with where each path is written.
    static func decodeMimeTypes(
        _ value: YAMLNode, path: String
    ) throws(InputError) -> (types: [String: String], paths: [String: SourceLocation]) {
        guard case .mapping(let entries) = value.value else {
            throw InputError("mime_types must map extensions to MIME types", at: value.location(in: path))
        }
        var mimeTypes: [String: String] = [:]
        var paths: [String: SourceLocation] = [:]
        var firstLines: [String: Int] = [:]
        for entry in entries {
            // The entry's value, a MIME type a manifest can carry, named `mime_types.KEY` in errors.
            func type(under key: String) throws(InputError) -> String {
                let type = try entry.value.requireString("mime_types.\(key)", path: path)
                if let problem = mimeTypeProblem(type) {
                    throw InputError("mime_types.\(key): '\(type)' \(problem)", at: entry.value.location(in: path))
                }
                return type
            }
            // A key with a slash is one file's path in the bundle (`downloads/data.bin`), as written.
            if let written = entry.key.string, written.contains("/") {
                let place = entry.key.location(in: path)
                guard !written.hasSuffix("/"), let file = SitePath(normalizing: String(written.trimmingPrefix("/"))),
                    !file.rawValue.isEmpty
                else {
                    throw InputError("mime_types: '\(written)' is not the path of a file inside the bundle", at: place)
                }
                if let first = paths[file.rawValue] {
                    throw InputError(
                        "mime_types: '\(written)' is the file '\(file.rawValue)' again (line \(first.line))", at: place)
                }
                let type = try type(under: written)
                let lowered = file.rawValue.lowercased()
                if lowered.hasSuffix(".html") || lowered.hasSuffix(".htm"), MIMEType.essence(type) != "text/html" {
                    throw InputError(
                        "mime_types.\(written): pages must be served as text/html; as '\(type)' the app would not show "
                            + "it as a page, and the check would not read it: remove the entry",
                        at: entry.value.location(in: path))
                }
                mimeTypes[file.rawValue] = type
                paths[file.rawValue] = place
                continue
            }
            let ext = String((entry.key.string ?? "").lowercased().trimmingPrefix("."))
            // A file's type comes from the last extension of its name: one without dots, never empty.
            guard let written = entry.key.string, !ext.isEmpty, !ext.contains(".") else {
                let key =
                    entry.key.string.map { $0.isEmpty ? "an empty key matches no file: " : "'\($0)' matches no file: " } ?? ""
                let dotted = ext.contains(".") ? " (a.tar.gz is a .gz file)" : ""
                // `img.png` reads as a file at the top: its path is written with a slash.
                let top = ext.contains(".") ? " or '/\(entry.key.string ?? "")' for one at the top" : ""
                throw InputError(
                    "mime_types: \(key)a key is an extension without dots, e.g. 'gz'\(dotted), or a file's path in "
                        + "the bundle, e.g. 'downloads/data.bin'\(top)",
                    at: entry.key.location(in: path))
            }
            // `less` and `.LESS` are one extension: the second would silently win.
            if let first = firstLines[ext] {
                throw InputError(
                    "mime_types: '\(written)' is the extension '\(ext)' again (line \(first)); "
                        + "extensions count in any letter case, with or without a dot",
                    at: entry.key.location(in: path))
            }
            firstLines[ext] = entry.key.line
            let type = try type(under: ext)
            if ext == "html" || ext == "htm", MIMEType.essence(type) != "text/html" {
                throw InputError(
                    "mime_types.\(ext): pages must be served as text/html; as '\(type)' the app would not show them "
                        + "as pages: remove the entry",
                    at: entry.value.location(in: path))
            }
            mimeTypes[ext] = type
        }
        return (mimeTypes, paths)
    }

    /// Why `type` cannot be a manifest's `mimeType` (`type/subtype`, each an HTTP token, without
    /// parameters), or nil.
    static func mimeTypeProblem(_ type: String) -> String? {
        if type.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) {
            return "holds a control character"
        }
        if let semicolon = type.firstIndex(of: ";") {
            let bare = type[..<semicolon].filter { $0 != " " && $0 != "\t" }
            return "has parameters, which a manifest's mimeType does not carry: write the type alone, e.g. '\(bare)'"
        }
        let parts = type.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, parts.allSatisfy({ !$0.isEmpty && $0.utf8.allSatisfy(isTokenByte) }) else {
            return "is not a MIME type: write type/subtype, e.g. 'text/plain' or 'model/gltf-binary'"
        }
        return nil
    }

    /// RFC 9110 `tchar`: the bytes of a type or subtype.
    private static func isTokenByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            true
        default: "!#$%&'*+-.^_`|~".utf8.contains(byte)
        }
    }
}
