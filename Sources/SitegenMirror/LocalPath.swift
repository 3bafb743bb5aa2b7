import Foundation
import SitegenBundle
import SitegenCore

/// Maps a fetched URL to the file it becomes in the mirror: `/guide/` → `guide/index.html`,
/// `/nextPage` served as HTML → `nextPage.html`, `/style.css?v=2` → `style.v=2.css` (a query that
/// is not made of letters, digits, `=`, `-` and `_` becomes a 10-digit hash instead).
enum LocalPath {
    static func path(for url: URL, mimeType: String) -> String {
        let raw = url.path(percentEncoded: true)
        let decoded = raw.removingPercentEncoding ?? raw
        var path = SitePath(normalizing: decoded)?.rawValue ?? ""
        if path.isEmpty || raw.hasSuffix("/") {
            path = path.isEmpty ? "index.html" : path + "/index.html"
        }
        let ext = SitePath(unchecked: path).pathExtension
        if mimeType == "text/html", ext != "html", ext != "htm" {
            path += ".html"
        } else if mimeType == "text/css", ext != "css" {
            path += ".css"
        }
        guard let query = url.query(percentEncoded: true), !query.isEmpty else { return path }
        return inserting(fold(query), into: path)
    }

    /// `name.ext` → `name.<tag>.ext` (or `name.<tag>` without extension).
    static func inserting(_ tag: String, into path: String) -> String {
        let file = SitePath(unchecked: path)
        let ext = file.pathExtension
        let name = file.lastComponent
        let stem = ext.isEmpty ? name : String(name.dropLast(ext.count + 1))
        let folder = file.parent.rawValue
        let renamed = ext.isEmpty ? "\(stem).\(tag)" : "\(stem).\(tag).\(name.suffix(ext.count))"
        return folder.isEmpty ? renamed : "\(folder)/\(renamed)"
    }

    static func fold(_ query: String) -> String {
        let readable =
            query.utf8.count <= 40
            && query.utf8.allSatisfy { byte in
                (byte >= 0x30 && byte <= 0x39) || (byte | 0x20 >= 0x61 && byte | 0x20 <= 0x7A)
                    || byte == UInt8(ascii: "=") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_")
            }
        return readable ? query : hash(query)
    }

    static func hash(_ text: String) -> String { String(SHA256.hex(Data(text.utf8)).prefix(10)) }

    /// The reference from the file at `from` to the file at `to`, percent-encoded, for an HTML or
    /// CSS link that works from `file://` and under the scheme.
    static func reference(from: String, to: String) -> String {
        SitePath(unchecked: from).relativeReference(to: SitePath(unchecked: to))
    }
}
