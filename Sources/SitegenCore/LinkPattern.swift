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
