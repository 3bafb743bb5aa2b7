import Foundation
import SitegenBundleCore
import SitegenCore

/// Maps a fetched URL to the file it becomes in the mirror: `/guide/` → `guide/index.html`,
/// `/nextPage` served as HTML → `nextPage.html`, `/app` served as JavaScript → `app.js`,
/// `/style.css?v=2` → `style.v=2.css` (a query that is not made of letters, digits, `=`, `-` and
/// `_` becomes a 10-digit hash instead).
///
/// The bundle types a file by its extension, so a name whose extension does not give the served
/// type gets the type's extension added (`logo` served as `image/png` → `logo.png`, `page.php`
/// served as HTML → `page.php.html`). Only `text/plain` and `application/octet-stream`, which
/// servers send for what they do not know, leave a name that has an extension as it is.
///
/// A name the bundle cannot hold gets a `_` before it: one that reads as absolute (`~user/`,
/// `c:x`), and the root `manifest.json`, which is the bundle's own. A name longer than a file
/// system takes is cut, with a hash of it (`fitting`).
enum LocalPath {
    static func path(for url: URL, mimeType: String) -> String {
        let raw = url.path(percentEncoded: true)
        // Segment by segment: an encoded slash (`/a%2Fb`) is part of a name, not a folder, as
        // RFC 3986 keeps it, so that `/a%2Fb` and `/a/b` stay two files (`a%2Fb.html`, `a/b.html`).
        let decoded = raw.split(separator: "/", omittingEmptySubsequences: false).map { segment in
            let name = segment.removingPercentEncoding ?? String(segment)
            return name.replacingOccurrences(of: "/", with: "%2F")
        }.joined(separator: "/")
        var path = SitePath(normalizing: decoded)?.rawValue ?? ""
        let type = ContentType.canonical(mimeType)
        if path.isEmpty || raw.hasSuffix("/") {
            let index = MIMEType.fileExtension(for: type).map { "index.\($0)" } ?? "index.html"
            path = path.isEmpty ? index : path + "/" + index
        }
        let ext = SitePath(unchecked: path).pathExtension
        if let wanted = MIMEType.fileExtension(for: type), MIMEType.forPath(path) != type,
            ext.isEmpty || !genericTypes.contains(type)
        {
            path += "." + wanted
        }
        // The manifest refuses a file name that reads as absolute (`~user/`, an Apache user folder,
        // or `c:x`): such a name gets a `_` before it, and links point there.
        if path.hasPrefix("~") || path.utf8.dropFirst().first == UInt8(ascii: ":") { path = "_" + path }
        if let query = url.query(percentEncoded: true), !query.isEmpty { path = inserting(fold(query), into: path) }
        // `manifest.json` at the root is the bundle's own manifest: the site's (a web app manifest)
        // gets a `_` before it too, in any case, since case-insensitive file systems mix them up.
        if path.lowercased() == Manifest.fileName { path = "_" + path }
        return fitting(path)
    }

    /// The most bytes a file system takes in a name (`NAME_MAX`).
    static let maxNameBytes = 255

    /// `path` with each name longer than `maxNameBytes`, less the room a hash that tells two files
    /// apart takes later (`.` and 10 digits), cut to its first 200 bytes (whole characters), then a
    /// hash of the whole name, then its extension: `bbb…b.3b91da7d5d.html`.
    static func fitting(_ path: String) -> String {
        let longest = maxNameBytes - 11
        guard path.utf8.count > longest else { return path }
        return path.utf8.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false).map(Substring.init).map {
            part -> String in
            guard part.utf8.count > longest else { return String(part) }
            let name = String(part)
            let ext = SitePath(unchecked: name).pathExtension
            let keepsExtension = !ext.isEmpty && ext.utf8.count <= 16
            var stem = ""
            var bytes = 0
            for character in keepsExtension ? name.dropLast(ext.count + 1) : Substring(name) {
                bytes += character.utf8.count
                if bytes > 200 { break }
                stem.append(character)
            }
            // A first character longer than the cut leaves no stem: `_`, not a hidden `.hash` name.
            return (stem.isEmpty ? "_" : stem) + "." + hash(name) + (keepsExtension ? "." + ext : "")
        }.joined(separator: "/")
    }

    private static let genericTypes: Set<String> = ["text/plain", "application/octet-stream"]

    /// The folders `path` is in: `a/b/c.html` → `a/b`, `a`.
    static func folders(of path: String) -> [String] {
        var folders: [String] = []
        var folder = SitePath(unchecked: path).parent
        while !folder.rawValue.isEmpty {
            folders.append(folder.rawValue)
            folder = folder.parent
        }
        return folders
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
