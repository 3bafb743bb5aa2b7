/// A normalised, relative, `/`-separated path inside a site or bundle: no empty, `.` or `..`
/// segments, no leading slash, never escaping its root.
public struct SitePath: Sendable, Hashable, Comparable, CustomStringConvertible, Codable {
    /// The path, e.g. `guide/install.md`; empty for the root itself.
    public let rawValue: String

    /// Normalises `path` (a relative path, possibly with `.` and `..`); returns `nil` if it would
    /// leave the root or contains a NUL or backslash.
    public init?(normalizing path: String) {
        guard !path.utf8.contains(0), !path.utf8.contains(UInt8(ascii: "\\")) else { return nil }
        var stack: [Substring] = []
        for segment in path.split(separator: "/", omittingEmptySubsequences: true) {
            switch segment {
            case ".": continue
            case "..":
                guard !stack.isEmpty else { return nil }
                stack.removeLast()
            default: stack.append(segment)
            }
        }
        rawValue = stack.joined(separator: "/")
    }

    /// Wraps a path that is already normalised (as produced by this type).
    public init(unchecked rawValue: String) { self.rawValue = rawValue }

    public var description: String { rawValue }
    public static func < (a: SitePath, b: SitePath) -> Bool { a.rawValue < b.rawValue }

    /// The path segments.
    public var segments: [Substring] { rawValue.split(separator: "/") }

    /// The last segment, e.g. `install.md`.
    public var lastComponent: String { segments.last.map(String.init) ?? "" }

    /// The folder holding this path (empty at the top level).
    public var parent: SitePath {
        guard let slash = rawValue.lastIndex(of: "/") else { return SitePath(unchecked: "") }
        return SitePath(unchecked: String(rawValue[..<slash]))
    }

    /// The lowercased extension without its dot (`md`, `html`), or empty.
    public var pathExtension: String {
        let name = lastComponent
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return "" }
        return name[name.index(after: dot)...].lowercased()
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
        let from = parent.segments
        let to = target.segments
        var common = 0
        while common < from.count, common < to.count - 1, from[common] == to[common] { common += 1 }
        let ups = Array(repeating: "..", count: from.count - common)
        let rest = to[common...].map(String.init)
        let joined = (ups + rest).joined(separator: "/")
        return joined.isEmpty ? "./" : joined
    }
}
