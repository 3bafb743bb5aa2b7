/// A gitignore-style pattern: `*` matches within a path segment, `**` across segments, `?` one
/// character. A pattern without `/` matches the last segment anywhere (`*.psd`, `drafts`); a
/// pattern naming a folder matches everything below it.
public struct GlobPattern: Sendable, Hashable {
    public let pattern: String
    private let bytes: [UInt8]
    private let anchored: Bool

    public init(_ pattern: String) {
        self.pattern = pattern
        var text = pattern
        if text.hasPrefix("/") { text.removeFirst() }
        if text.hasSuffix("/") { text.removeLast() }
        anchored = pattern.contains("/")
        bytes = Array(text.utf8)
    }

    /// Whether `path` (site-relative, `/`-separated) or one of its parent folders matches.
    public func matches(_ path: String) -> Bool {
        let segments = path.split(separator: "/")
        if anchored {
            for end in 1...max(segments.count, 1) where end <= segments.count {
                let prefix = segments[..<end].joined(separator: "/")
                if Self.match(bytes[...], Array(prefix.utf8)[...]) { return true }
            }
            return false
        }
        return segments.contains { Self.match(bytes[...], Array($0.utf8)[...]) }
    }

    private static func match(_ pattern: ArraySlice<UInt8>, _ text: ArraySlice<UInt8>) -> Bool {
        var p = pattern.startIndex, t = text.startIndex
        var starP = -1, starT = -1, starCrossesSlash = false
        let slash = UInt8(ascii: "/"), star = UInt8(ascii: "*"), question = UInt8(ascii: "?")
        while t < text.endIndex {
            if p < pattern.endIndex, pattern[p] == star {
                var next = p + 1
                starCrossesSlash = next < pattern.endIndex && pattern[next] == star
                if starCrossesSlash { next += 1 }
                if starCrossesSlash, next < pattern.endIndex, pattern[next] == slash { next += 1 }
                starP = next
                starT = t
                p = next
            } else if p < pattern.endIndex, pattern[p] == question ? text[t] != slash : pattern[p] == text[t] {
                p += 1
                t += 1
            } else if starP >= 0, starCrossesSlash || text[starT] != slash {
                starT += 1
                t = starT
                p = starP
            } else {
                return false
            }
        }
        while p < pattern.endIndex, pattern[p] == star { p += 1 }
        return p == pattern.endIndex
    }
}
