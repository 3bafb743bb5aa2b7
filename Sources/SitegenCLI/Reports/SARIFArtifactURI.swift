import Foundation
import SitegenCore

/// The `artifactLocation.uri` of a SARIF result. GitHub code scanning reads a relative URI as a
/// path from the repository root, which in a CI job is the folder sitegen runs in; an absolute path
/// (`check /abs/site`) or one that leaves that folder (`check ../site`) would point at nothing
/// there, so a file outside it gets an absolute `file://` URI, which says at least where it is.
/// A finding placed at a URL (a page `sitegen mirror` fetched over HTTP) is named by that URL.
enum SARIFArtifactURI {
    /// `path` (as findings name it: relative to `workingDirectory`, or absolute) as a URI: relative
    /// when the file is inside `workingDirectory`, by its path or its real path, else `file://`.
    /// Without a working directory a relative path is taken to be inside it. An `http(s)://` URL
    /// is the URL itself.
    static func make(_ path: String, workingDirectory: URL?) -> String {
        if let url = webURL(path) { return url }
        guard let workingDirectory else {
            return path.hasPrefix("/") ? "file://" + encode(path) : encode(Report.withoutDotSlash(path))
        }
        let folder = path.hasSuffix("/") ? "/" : ""
        let base = workingDirectory.standardizedFileURL
        let file = FolderPlace.url(path, from: base).standardizedFileURL
        if let inside = relative(file.path, to: base.path)
            ?? relative(FolderPlace.real(file), to: FolderPlace.real(base))
        {
            return inside.isEmpty ? SARIFReport.wholeRunPath : encode(inside + folder)
        }
        return "file://" + encode(file.path == "/" ? "/" : file.path + folder)
    }

    /// `path` below `folder` (both absolute and without `.` or `..`), `""` for the folder itself, or
    /// nil when it is elsewhere.
    private static func relative(_ path: String, to folder: String) -> String? {
        if path == folder { return "" }
        let prefix = folder.hasSuffix("/") ? folder : folder + "/"
        return path.afterPrefix(bytesOf: prefix)
    }

    /// `path` as it is when it is an absolute `http` or `https` URL, but for bytes no URI holds
    /// (spaces, non-ASCII), which are percent-encoded; otherwise `nil`.
    private static func webURL(_ path: String) -> String? {
        let lowercased = path.prefix(8).lowercased()
        guard lowercased.hasPrefix("http://") || lowercased.hasPrefix("https://") else { return nil }
        var out = ""
        out.reserveCapacity(path.utf8.count)
        for byte in path.utf8 {
            if byte > 0x20, byte < 0x7F, !Self.notInURIs.contains(byte) {
                out.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                out += percentEscape(byte)
            }
        }
        return out
    }

    /// Printable ASCII that RFC 3986 allows nowhere in a URI.
    private static let notInURIs: Set<UInt8> = Set("\"<>\\^`{|}".utf8)

    /// `path` as a URI path (SARIF §3.4.3, RFC 3986): every byte but the unreserved characters and
    /// the `/` separators is percent-encoded, so `100% done.html` is `100%25%20done.html`.
    static func encode(_ path: String) -> String {
        var out = ""
        out.reserveCapacity(path.utf8.count)
        for byte in path.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
                UInt8(ascii: "~"), UInt8(ascii: "/"):
                out.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                out += percentEscape(byte)
            }
        }
        return out
    }

    private static func percentEscape(_ byte: UInt8) -> String {
        "%" + String(byte >> 4, radix: 16, uppercase: true) + String(byte & 0xF, radix: 16, uppercase: true)
    }
}
