import SitegenBundleCore
import SitegenCore

/// Where a generated page writes a link: which of the page's attributes holding the same URL a
/// finding's link is, so that it is pointed at the same one of the Markdown's. One value per page,
/// asked once per finding in it: a page with thousands of findings is read once, not once each.
public struct GeneratedLinkPlaces {
    private let bytes: [UInt8]
    private var asked = 0
    /// The places of every attribute value of the page, decoded, by value: made at the first ask
    /// past a few, as most pages have one or two findings, whose hrefs are counted instead.
    private var table: [ByteKey: [SourceLocation]]?

    /// The places of the links of the generated page `bytes`.
    public init(page bytes: [UInt8]) { self.bytes = bytes }

    /// The position of the attribute at `line`, `column` (its name) among every attribute of the
    /// page whose value is `href`, and how many there are; nil when none is there.
    public mutating func index(of href: String, line: Int, column: Int) -> (index: Int, count: Int)? {
        guard !href.isEmpty else { return nil }
        asked += 1
        if table == nil, asked <= 4 {
            // Most hrefs are written once: counting their bytes is enough, decoding every attribute
            // of the page is not needed then.
            if !href.utf8.contains(UInt8(ascii: "&")), occurrences(of: Array(href.utf8), upTo: 2) < 2 { return (0, 1) }
        }
        if table == nil { table = Self.places(in: bytes) }
        let places = table?[ByteKey(href)] ?? []
        // The value comes after the name, on its line: the first such value is this attribute's.
        var low = 0
        var high = places.count
        while low < high {
            let middle = (low + high) / 2
            let place = places[middle]
            if place.line > line || (place.line == line && place.column > column) { high = middle } else { low = middle + 1 }
        }
        return low < places.count ? (low, places.count) : nil
    }

    /// Every attribute value of `bytes`, decoded, with the places where it starts, in order.
    private static func places(in bytes: [UInt8]) -> [ByteKey: [SourceLocation]] {
        let lines = LineStarts(bytes)
        var table: [ByteKey: [SourceLocation]] = [:]
        for value in RawHTMLAttributes.values(in: bytes) {
            table[ByteKey(value.decoded), default: []].append(SourceLocation(path: "", byteOffset: value.start, lines: lines))
        }
        return table
    }

    /// How many times `needle` occurs in the page, counting no further than `limit`.
    private func occurrences(of needle: [UInt8], upTo limit: Int) -> Int {
        var count = 0
        var offset = 0
        while count < limit, let at = ByteSearch.firstOffset(of: needle, in: bytes, from: offset) {
            count += 1
            offset = at + needle.count
        }
        return count
    }
}
