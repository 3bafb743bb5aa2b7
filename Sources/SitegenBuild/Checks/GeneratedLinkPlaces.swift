import SitegenCore

/// Where a generated page writes a link: which of the page's attributes holding the same URL a
/// finding's link is, so that it is pointed at the same one of the Markdown's.
public enum GeneratedLinkPlaces {
    /// The position of the attribute at `line`, `column` (its name) among every attribute of the
    /// generated page `bytes` whose value is `href`, and how many there are; nil when none is there.
    public static func index(of href: String, line: Int, column: Int, in bytes: [UInt8]) -> (index: Int, count: Int)? {
        guard !href.isEmpty else { return nil }
        // Most hrefs are written once: counting their bytes is enough, decoding every attribute of
        // the page is not needed then (a finding per page costs a page's scan otherwise).
        if !href.utf8.contains(UInt8(ascii: "&")), occurrences(of: Array(href.utf8), in: bytes, upTo: 2) < 2 {
            return (0, 1)
        }
        let lines = LineStarts(bytes)
        let places = RawHTMLAttributes.places(of: href, in: bytes).map {
            SourceLocation(path: "", byteOffset: $0.valueStart, lines: lines)
        }
        // The value comes after the name, on its line: the first such value is this attribute's.
        guard let index = places.firstIndex(where: { $0.line > line || ($0.line == line && $0.column > column) })
        else { return nil }
        return (index, places.count)
    }

    /// How many times `needle` occurs in `bytes`, counting no further than `limit`.
    private static func occurrences(of needle: [UInt8], in bytes: [UInt8], upTo limit: Int) -> Int {
        var count = 0
        var offset = 0
        while count < limit, let at = ByteSearch.firstOffset(of: needle, in: bytes, from: offset) {
            count += 1
            offset = at + needle.count
        }
        return count
    }
}
