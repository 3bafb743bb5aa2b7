/// An ignore pattern for links (`ignore_links`, `--ignore`): `*` matches any run of characters,
/// slashes included, and everything else matches itself.
package struct LinkPattern: Sendable, Hashable {
    private let bytes: [UInt8]

    package init(_ pattern: String) { bytes = Array(pattern.utf8) }

    /// Whether the whole of `text` matches.
    package func matches(_ text: String) -> Bool {
        let t = Array(text.utf8)
        var p = 0, s = 0
        var star = -1, mark = 0
        while s < t.count {
            if p < bytes.count, bytes[p] != UInt8(ascii: "*"), bytes[p] == t[s] {
                p += 1
                s += 1
            } else if p < bytes.count, bytes[p] == UInt8(ascii: "*") {
                star = p
                mark = s
                p += 1
            } else if star >= 0 {
                p = star + 1
                mark += 1
                s = mark
            } else {
                return false
            }
        }
        while p < bytes.count, bytes[p] == UInt8(ascii: "*") { p += 1 }
        return p == bytes.count
    }
}

extension LinkPattern {
    /// The names a pattern may give a bundle page at `path` by: its path, its URL under `origin`
    /// (`docs://app`) with its escapes (`encode` makes them) and with its characters, and for a
    /// folder's page (`guide/index.html`) the folder's path and URL too (`guide/`,
    /// `docs://app/guide/`). What `--ignore` and `ignore_links` leave out by, in the crawl and in
    /// the Markdown check alike.
    package static func names(ofPage path: String, origin: String, encode: (String) -> String) -> [String] {
        var paths = [path]
        if path == "index.html" || path.hasSuffix("/index.html") { paths.append(String(path.dropLast("index.html".count))) }
        return paths.flatMap { page in
            [page, origin + "/" + encode(page), origin + "/" + page].filter { !$0.isEmpty }
        }
    }

    /// Whether one of `patterns` leaves the bundle page at `path` out (`names(ofPage:origin:encode:)`).
    package static func leaveOut(
        _ path: String, by patterns: [LinkPattern], origin: String, encode: (String) -> String
    ) -> Bool {
        guard !patterns.isEmpty else { return false }
        return names(ofPage: path, origin: origin, encode: encode).contains { name in patterns.contains { $0.matches(name) } }
    }
}
