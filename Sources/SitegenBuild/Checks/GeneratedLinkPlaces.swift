import SitegenCore

/// Where a generated page writes a link: which of the page's attributes holding the same URL a
/// finding's link is, so that it is pointed at the same one of the Markdown's.
public enum GeneratedLinkPlaces {
    /// The position of the attribute at `line`, `column` (its name) among every attribute of the
    /// generated page `bytes` whose value is `href`, and how many there are; nil when none is there.
    public static func index(of href: String, line: Int, column: Int, in bytes: [UInt8]) -> (index: Int, count: Int)? {
        guard !href.isEmpty else { return nil }
        let lines = LineStarts(bytes)
        let places = RawHTMLAttributes.places(of: href, in: bytes).map {
            SourceLocation(path: "", byteOffset: $0.valueStart, lines: lines)
        }
        // The value comes after the name, on its line: the first such value is this attribute's.
        guard let index = places.firstIndex(where: { $0.line > line || ($0.line == line && $0.column > column) })
        else { return nil }
        return (index, places.count)
    }
}
