/// Byte-level RFC 3986 resolution (merge, then remove_dot_segments) of the relative references that
/// make up nearly every link of a documentation site: `../guide/a.html?x#y`, `img/b.png`, `/c/`.
///
/// It takes only references it can resolve exactly as Foundation would: no scheme, no authority,
/// nothing but unreserved characters, sub-delimiters, `:`, `@`, `/` and valid percent escapes in the
/// path, no encoded dots, no empty segments. Anything else returns `nil` and goes the slow way.
enum RelativeReference {
    /// The resolved, dot-free path (with its leading slash) and whether a relative path climbed above
    /// the root on the way (browsers clamp; another resolver or a `file://` load does not).
    struct Resolved {
        var path: [UInt8]
        var climbsAboveRoot: Bool
    }

    /// Resolves the path part of `href` (up to `?` or `#`) against `pagePath`, the encoded path of
    /// the page, with its leading slash (`/guide/a%20b.html`).
    static func resolve(_ href: String.UTF8View, pagePath: [UInt8]) -> Resolved? {
        var pathPart: [UInt8] = []
        pathPart.reserveCapacity(href.count)
        var iterator = href.makeIterator()
        var escape = 0, previous: UInt8 = 0
        while let byte = iterator.next() {
            if byte == UInt8(ascii: "?") || byte == UInt8(ascii: "#") { break }
            if escape > 0 {
                guard isHex(byte) else { return nil }
                if escape == 2, byte == UInt8(ascii: "2") { previous = byte }
                if escape == 1, previous == UInt8(ascii: "2"), byte | 0x20 == UInt8(ascii: "e") { return nil }
                escape -= 1
            } else if byte == UInt8(ascii: "%") {
                escape = 2
                previous = 0
            } else if byte == UInt8(ascii: "/"), pathPart.last == UInt8(ascii: "/") {
                return nil
            } else if !isSafe(byte) || (byte == UInt8(ascii: ":") && !pathPart.contains(UInt8(ascii: "/"))) {
                return nil
            }
            pathPart.append(byte)
        }
        guard escape == 0 else { return nil }
        let input: [UInt8]
        if pathPart.first == UInt8(ascii: "/") {
            input = pathPart
        } else if pathPart.isEmpty {
            input = pagePath
        } else {
            let folderEnd = (pagePath.lastIndex(of: UInt8(ascii: "/")) ?? -1) + 1
            input = Array(pagePath[..<folderEnd]) + pathPart
        }
        return removeDotSegments(input, relative: pathPart.first != UInt8(ascii: "/"))
    }

    /// RFC 3986 5.2.4 on a path that starts with `/` and has no empty segments but a trailing one.
    private static func removeDotSegments(_ input: [UInt8], relative: Bool) -> Resolved {
        var segments: [ArraySlice<UInt8>] = []
        var climbs = false
        let parts = input.dropFirst().split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false)
        for (index, part) in parts.enumerated() {
            let last = index == parts.count - 1
            if part.elementsEqual([UInt8(ascii: ".")]) {
                if last { segments.append([]) }
            } else if part.elementsEqual([UInt8(ascii: "."), UInt8(ascii: ".")]) {
                if segments.popLast() == nil, relative { climbs = true }
                if last { segments.append([]) }
            } else {
                segments.append(part)
            }
        }
        var path: [UInt8] = []
        path.reserveCapacity(input.count)
        for segment in segments {
            path.append(UInt8(ascii: "/"))
            path.append(contentsOf: segment)
        }
        if path.isEmpty { path.append(UInt8(ascii: "/")) }
        return Resolved(path: path, climbsAboveRoot: climbs)
    }

    private static func isHex(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
            || (byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "f"))
    }

    /// Unreserved, sub-delimiters, `:`, `@` and `/`: what a path may hold unencoded.
    private static func isSafe(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return true
        case UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "!"), UInt8(ascii: "$"),
            UInt8(ascii: "&"), UInt8(ascii: "'"), UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "*"), UInt8(ascii: "+"),
            UInt8(ascii: ","), UInt8(ascii: ";"), UInt8(ascii: "="), UInt8(ascii: ":"), UInt8(ascii: "@"), UInt8(ascii: "/"):
            return true
        default:
            return false
        }
    }
}
