import SitegenBundleCore

/// A fragment target defined by a document: an `id` attribute or an `<a name>`.
public struct Anchor: Sendable, Hashable {
    /// The id or name, as written (entity-decoded).
    public var name: String
    /// `true` for an `id` attribute, `false` for `<a name>`.
    public var isID: Bool
    /// 1-based line and byte column of the attribute.
    public var line: Int
    public var column: Int

    /// Creates an anchor record.
    public init(name: String, isID: Bool, line: Int, column: Int) {
        self.name = name
        self.isID = isID
        self.line = line
        self.column = column
    }
}

/// What one HTML or CSS resource defines and links to: the result of the map step.
public struct DocumentFacts: Sendable, Hashable {
    /// Every reference, in document order.
    public var links: [ExtractedLink]
    /// Every `id` and `<a name>`, in document order, duplicates kept: what a `#fragment` can name.
    public var anchors: [Anchor]
    /// The first `<base href>`, as written.
    public var baseHref: String?
    /// The name and id of every `<map>`: what an image's `usemap="#m"` names, and only that.
    public var mapNames: [String]

    /// Creates a facts record.
    public init(links: [ExtractedLink] = [], anchors: [Anchor] = [], baseHref: String? = nil, mapNames: [String] = []) {
        self.links = links
        self.anchors = anchors
        self.baseHref = baseHref
        self.mapNames = mapNames
    }

    /// Every id and `<a name>` in document order, duplicates kept.
    public var ids: [String] { anchors.map(\.name) }

    /// Each `id` attribute that repeats an earlier one, paired with the first occurrence.
    public var duplicateIDs: [(duplicate: Anchor, first: Anchor)] {
        // By bytes: ids in NFC and in NFD are two ids to a browser.
        var first: [ByteKey: Anchor] = [:]
        var result: [(duplicate: Anchor, first: Anchor)] = []
        for anchor in anchors where anchor.isID {
            if let earlier = first[ByteKey(anchor.name)] {
                result.append((anchor, earlier))
            } else {
                first[ByteKey(anchor.name)] = anchor
            }
        }
        return result
    }
}
