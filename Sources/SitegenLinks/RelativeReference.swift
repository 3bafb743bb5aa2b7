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
        if pathPart.first == UInt8(ascii: "/") { return merge(pathPart.dropFirst(), onto: [UInt8(ascii: "/")], relative: false) }
        let folderEnd = (pagePath.lastIndex(of: UInt8(ascii: "/")) ?? -1) + 1
        if pathPart.isEmpty || folderEnd == 0 || hasDotSegment(pagePath[..<folderEnd]) {
            let input = pathPart.isEmpty ? pagePath : Array(pagePath[..<folderEnd]) + pathPart
            return removeDotSegments(input, relative: true)
        }
        var folder = Array(pagePath[..<folderEnd])
        folder.reserveCapacity(folderEnd + pathPart.count)
        return merge(pathPart[...], onto: folder, relative: true)
    }

    /// Appends the segments of `path` to `folder` (a dot-free path that starts and ends with `/`),
    /// applying `.` and `..` as they come: remove_dot_segments without splitting into arrays.
    private static func merge(_ path: ArraySlice<UInt8>, onto folder: [UInt8], relative: Bool) -> Resolved {
        var out = folder
        var climbs = false
        var start = path.startIndex
        while start <= path.endIndex {
            let end = path[start...].firstIndex(of: UInt8(ascii: "/")) ?? path.endIndex
            let last = end == path.endIndex
            let length = end - start
            if length == 1, path[start] == UInt8(ascii: ".") {
                // stays in the folder
            } else if length == 2, path[start] == UInt8(ascii: "."), path[start + 1] == UInt8(ascii: ".") {
                if out.count == 1 {
                    if relative { climbs = true }
                } else {
                    out.removeLast()
                    out.removeSubrange(((out.lastIndex(of: UInt8(ascii: "/")) ?? 0) + 1)...)
                }
            } else {
                out.append(contentsOf: path[start..<end])
                if !last { out.append(UInt8(ascii: "/")) }
            }
            start = end + 1
        }
        return Resolved(path: out, climbsAboveRoot: climbs)
    }

    /// Whether a folder path holds a `.` or `..` segment.
    private static func hasDotSegment(_ folder: ArraySlice<UInt8>) -> Bool {
        var run = 0
        for byte in folder {
            if byte == UInt8(ascii: "/") {
                if run == 1 || run == 2 { return true }
                run = 0
            } else if byte == UInt8(ascii: "."), run >= 0, run < 2 {
                run += 1
            } else {
                run = -1
            }
        }
        return false
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
