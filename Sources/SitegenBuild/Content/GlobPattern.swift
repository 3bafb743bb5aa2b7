/// A gitignore-style pattern: `*` matches within a path segment, `**` across segments, `?` one
/// character. A pattern without `/` matches the last segment anywhere (`*.psd`, `drafts`); a
/// pattern naming a folder matches everything below it.
public struct GlobPattern: Sendable, Hashable {
    public let pattern: String
    private let bytes: [UInt8]
    private let anchored: Bool

    public init(_ pattern: String) {
        self.pattern = pattern
        // By bytes: a name that starts with a combining mark makes one character with the `/` before it.
        var text = pattern.utf8[...]
        if text.first == UInt8(ascii: "/") { text = text.dropFirst() }
        if text.last == UInt8(ascii: "/") { text = text.dropLast() }
        anchored = pattern.utf8.first == UInt8(ascii: "/") || text.contains(UInt8(ascii: "/"))
        bytes = Array(text)
    }

    /// Whether `path` (site-relative, `/`-separated) or one of its parent folders matches.
    public func matches(_ path: String) -> Bool {
        let segments = path.utf8.split(separator: UInt8(ascii: "/"))
        if anchored {
            var prefix: [UInt8] = []
            for segment in segments {
                if !prefix.isEmpty { prefix.append(UInt8(ascii: "/")) }
                prefix += segment
                if Self.match(bytes[...], prefix[...]) { return true }
            }
            return false
        }
        return segments.contains { Self.match(bytes[...], Array($0)[...]) }
    }

    private static let slash = UInt8(ascii: "/"), star = UInt8(ascii: "*"), question = UInt8(ascii: "?")

    /// Recursive matching; patterns are a few characters, so backtracking stays cheap.
    private static func match(_ pattern: ArraySlice<UInt8>, _ text: ArraySlice<UInt8>) -> Bool {
        guard let first = pattern.first else { return text.isEmpty }
        let rest = pattern.dropFirst()
        if first == star {
            if rest.first == star {
                var afterStars = rest.dropFirst()
                if afterStars.first == slash {
                    afterStars = afterStars.dropFirst()
                    if match(afterStars, text) { return true }
                }
                var position = text.startIndex
                while position <= text.endIndex {
                    if match(afterStars, text[position...]) { return true }
                    position += 1
                }
                return false
            }
            var position = text.startIndex
            while true {
                if match(rest, text[position...]) { return true }
                guard position < text.endIndex, text[position] != slash else { return false }
                position += 1
            }
        }
        guard let character = text.first else { return false }
        if first == question ? character != slash : first == character {
            return match(rest, text.dropFirst())
        }
        return false
    }
}
