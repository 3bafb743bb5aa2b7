import Foundation
import SitegenBundleCore

/// A normalised, relative, `/`-separated path inside a site or bundle: no empty, `.` or `..`
/// segments, no leading slash, never escaping its root.
public struct SitePath: Sendable, Hashable, Comparable, CustomStringConvertible, Codable {
    /// The path, e.g. `guide/install.md`; empty for the root itself.
    public let rawValue: String

    /// Normalises `path` (a relative path, possibly with `.` and `..`); returns `nil` if it would
    /// leave the root or contains a NUL or backslash.
    public init?(normalizing path: String) {
        var contiguous = path
        if contiguous.withUTF8({ Self.isNormal($0) }) {
            rawValue = path
            return
        }
        guard let normal = contiguous.withUTF8({ Self.normalised($0) }) else { return nil }
        rawValue = normal
    }

    /// `SitePath(normalizing: folder + "/" + relative)`, or of `relative` alone when `folder` is
    /// empty (the top), the two joined in one piece (`EntryPath`) rather than interpolated: a page's
    /// links are resolved so, some 100,000 of them in a build.
    public init?(resolving relative: String, in folder: String) {
        var relative = relative
        self.init(
            normalizing: folder.isEmpty
                ? relative : relative.withUTF8 { EntryPath.joined(folder, UnsafeRawBufferPointer($0)) })
    }

    /// `bytes` with empty and `.` segments dropped and each `..` taking the segment before it
    /// away; `nil` when a `..` would leave the root, or for a NUL or backslash.
    private static func normalised(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
        let slash = UInt8(ascii: "/"), dot = UInt8(ascii: ".")
        if bytes.contains(where: { $0 == 0 || $0 == UInt8(ascii: "\\") }) { return nil }
        // Segments are appended to `joined` as they come; `..` cuts the last one off again.
        var joined: [UInt8] = []
        joined.reserveCapacity(bytes.count)
        var start = 0
        while start < bytes.count {
            var end = start
            while end < bytes.count, bytes[end] != slash { end += 1 }
            let length = end - start
            if length == 2, bytes[start] == dot, bytes[start + 1] == dot {
                if joined.isEmpty { return nil }
                joined.removeSubrange((joined.lastIndex(of: slash) ?? 0)...)
            } else if length > 0, !(length == 1 && bytes[start] == dot) {
                if !joined.isEmpty { joined.append(slash) }
                joined.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<end]))
            }
            start = end + 1
        }
        return String(decoding: joined, as: UTF8.self)
    }

    /// RFC 3986 path characters: unreserved, sub-delimiters, `:`, `@` and `/`.
    private static let pathCharacters = CharacterSet(
        charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~!$&'()*+,;=:@/")

    private static func isPlainURLByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return true
        case UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "/"):
            return true
        default:
            return false
        }
    }

    /// Whether a path needs no normalising and is acceptable as it is: no leading, trailing or
    /// doubled slash, no `.`/`..` segment, no NUL or backslash. A scan of contiguous bytes: every
    /// file of a 10,000-page site goes through it on every build.
    private static func isNormal(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let slash = UInt8(ascii: "/"), dot = UInt8(ascii: ".")
        var segmentLength = 0
        var dots = 0
        var previous: UInt8 = slash
        for byte in bytes {
            if byte == 0 || byte == UInt8(ascii: "\\") { return false }
            if byte == slash {
                if previous == slash || segmentLength == dots && dots <= 2 { return false }
                segmentLength = 0
                dots = 0
            } else {
                segmentLength += 1
                if byte == dot { dots += 1 }
            }
            previous = byte
        }
        if bytes.isEmpty { return true }
        return previous != slash && !(segmentLength == dots && dots <= 2)
    }

    /// Wraps a path that is already normalised (as produced by this type).
    public init(unchecked rawValue: String) { self.rawValue = rawValue }

    public var description: String { rawValue }
    public static func < (a: SitePath, b: SitePath) -> Bool { a.rawValue < b.rawValue }

    public func hash(into hasher: inout Hasher) { hasher.combine(PathHash.of(rawValue, seed: 0)) }

    /// What dictionaries and sets ask of a key: `PathHash` rather than SipHash through a `Hasher`.
    public func _rawHashValue(seed: Int) -> Int { PathHash.of(rawValue, seed: seed) }

    /// Where the last `/` is, in UTF-8 bytes from the start.
    private var lastSlashOffset: Int? { Self.withBytes(of: rawValue) { Self.lastSlash(in: $0) } }

    /// The last segment, e.g. `install.md`.
    public var lastComponent: String {
        guard let slash = lastSlashOffset else { return rawValue }
        let utf8 = rawValue.utf8
        return String(rawValue[utf8.index(utf8.startIndex, offsetBy: slash + 1)...])
    }

    /// The folder holding this path (empty at the top level).
    public var parent: SitePath {
        guard let slash = lastSlashOffset else { return SitePath(unchecked: "") }
        let utf8 = rawValue.utf8
        return SitePath(unchecked: String(rawValue[..<utf8.index(utf8.startIndex, offsetBy: slash)]))
    }

    /// The lowercased extension without its dot (`md`, `html`), or empty.
    public var pathExtension: String {
        var raw = rawValue
        guard let dot = raw.withUTF8(Self.extensionDot) else { return "" }
        let ext = raw[raw.utf8.index(raw.utf8.startIndex, offsetBy: dot + 1)...]
        return ext.utf8.contains(where: { (0x41...0x5A).contains($0) || $0 >= 0x80 }) ? ext.lowercased() : String(ext)
    }

    /// Where the dot before the extension is: the last `.` of the last segment, looked for from the
    /// end (every link asks); none in a name that starts with its last dot (`.hidden`).
    private static func extensionDot(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        var index = bytes.count - 1
        while index >= 0, bytes[index] != UInt8(ascii: "/") {
            if bytes[index] == UInt8(ascii: ".") {
                return index == 0 || bytes[index - 1] == UInt8(ascii: "/") ? nil : index
            }
            index -= 1
        }
        return nil
    }

    /// Whether `pathExtension` is `lowercase` (an ASCII extension in lowercase, `md`), found on the
    /// bytes without making the extension a string: the scan asks it of every file.
    public func hasPathExtension(_ lowercase: StaticString) -> Bool {
        var raw = rawValue
        let answer: Bool? = raw.withUTF8 { bytes in
            guard let dot = Self.extensionDot(bytes) else { return lowercase.utf8CodeUnitCount == 0 }
            let found = UnsafeBufferPointer(rebasing: bytes[(dot + 1)...])
            // `String`'s lowercasing of other than ASCII is left to `pathExtension` (K, the Kelvin sign, is `k`).
            guard found.allSatisfy({ $0 < 0x80 }) else { return nil }
            guard found.count == lowercase.utf8CodeUnitCount else { return false }
            for (index, byte) in found.enumerated() {
                let lowered = (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte | 0x20 : byte
                if lowered != lowercase.utf8Start[index] { return false }
            }
            return true
        }
        return answer ?? (pathExtension == lowercase.description)
    }

    /// Whether `folder` is this path's parent (`guide` for `guide/install.md`, the empty path for
    /// `index.md`), found without making the parent's path.
    public func isDirectlyInside(_ folder: SitePath) -> Bool {
        Self.withBytes(of: rawValue) { bytes in
            let end = Self.lastSlash(in: bytes) ?? 0
            return Self.withBytes(of: folder.rawValue) { wanted in
                end == wanted.count && (end == 0 || memcmp(bytes.baseAddress!, wanted.baseAddress!, end) == 0)
            }
        }
    }

    /// Whether the last segment is `name` exactly.
    public func hasLastComponent(_ name: String) -> Bool {
        Self.withBytes(of: rawValue) { bytes in
            let start = Self.lastSlash(in: bytes).map { $0 + 1 } ?? 0
            return Self.withBytes(of: name) { wanted in
                bytes.count - start == wanted.count
                    && (wanted.isEmpty || memcmp(bytes.baseAddress! + start, wanted.baseAddress!, wanted.count) == 0)
            }
        }
    }

    /// `body` with the UTF-8 of `text`, without copying a native string (the nav asks two of these
    /// of each of 10,000 pages).
    @inline(__always) private static func withBytes<Result>(
        of text: String, _ body: (UnsafeBufferPointer<UInt8>) -> Result
    ) -> Result {
        if let result = text.utf8.withContiguousStorageIfAvailable(body) { return result }
        var copy = text
        return copy.withUTF8(body)
    }

    /// The offset of the last `/` of `bytes`.
    @inline(__always) private static func lastSlash(in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        guard let base = bytes.baseAddress else { return nil }
        var index = bytes.count
        while index > 0 {
            index -= 1
            if base[index] == 47 { return index }
        }
        return nil
    }

    /// The path with its extension replaced (`guide/a.md` → `guide/a.html`).
    public func replacingExtension(with newExtension: String) -> SitePath {
        let name = lastComponent
        let stem = name.lastIndex(of: ".").map { name[..<$0] } ?? Substring(name)
        let dir = parent.rawValue
        let file = "\(stem).\(newExtension)"
        return SitePath(unchecked: dir.isEmpty ? file : "\(dir)/\(file)")
    }

    /// Appends a relative path and normalises the result; `nil` if it would leave the root.
    public func appending(_ relative: String) -> SitePath? {
        SitePath(normalizing: rawValue.isEmpty ? relative : "\(rawValue)/\(relative)")
    }

    /// The relative reference from the folder of `self` to `target` (`a/b.html` → `c/d.html` gives
    /// `../c/d.html`), for links that work from `file://` as well as under the scheme.
    public func relativeReference(to target: SitePath) -> String {
        var from = rawValue, to = target.rawValue
        let slash = UInt8(ascii: "/")
        return from.withUTF8 { from in
            to.withUTF8 { to in
                // The longest common prefix that ends at a folder boundary of both paths.
                var commonEnd = 0
                var index = 0
                while index < from.count, index < to.count, from[index] == to[index] {
                    if from[index] == slash { commonEnd = index + 1 }
                    index += 1
                }
                var ups = 0
                for byte in from[commonEnd...] where byte == slash { ups += 1 }
                let rest = UnsafeBufferPointer(rebasing: to[commonEnd...])
                var out: [UInt8] = []
                out.reserveCapacity(ups * 3 + rest.count + 2)
                for _ in 0..<ups { out += [UInt8(ascii: "."), UInt8(ascii: "."), slash] }
                // Percent-encoded as URLs must be (`my page.html` → `my%20page.html`); plain names pass as they are.
                if rest.allSatisfy(Self.isPlainURLByte) {
                    out.append(contentsOf: rest)
                } else {
                    let text = String(decoding: rest, as: UTF8.self)
                    out.append(contentsOf: (text.addingPercentEncoding(withAllowedCharacters: Self.pathCharacters) ?? text).utf8)
                }
                // `x:y.html` would read as a URL with the scheme `x`.
                if out.prefix(while: { $0 != slash }).contains(UInt8(ascii: ":")) {
                    out.insert(contentsOf: [UInt8(ascii: "."), slash], at: 0)
                }
                return out.isEmpty ? "./" : String(decoding: out, as: UTF8.self)
            }
        }
    }

    /// How many folders deep this path is (`a/b/c.html` gives 2).
    public var folderDepth: Int {
        var raw = rawValue
        return raw.withUTF8 { bytes in bytes.reduce(0) { $1 == UInt8(ascii: "/") ? $0 + 1 : $0 } }
    }
}
