import SitegenCore

/// What a crawl parsed, by file and SHA-256, so that the next crawl of a changed bundle reads and
/// parses only the files that changed. Serialised as bytes the build cache keeps; strings are
/// interned, so 10,000 pages of navigation links cost a few integers each.
public struct CrawlMemo: Sendable {
    struct Entry: Sendable {
        var sha256: String
        var mimeType: String
        var document: ParsedDocument
    }

    var entries: [String: Entry] = [:]
    /// The path table that documents' accepted targets are numbers into.
    var paths: [String] = []

    public init() {}

    /// How many parsed files it remembers.
    public var count: Int { entries.count }

    static let magic = "sitegen-crawl 2"

    /// The memo as bytes, deterministic for the same content.
    public func encoded() -> [UInt8] {
        var table = StringTable()
        var body = ByteWriter()
        body.strings(paths)
        body.int(entries.count)
        for path in entries.keys.sorted() {
            guard let entry = entries[path] else { continue }
            let document = entry.document
            body.int(table.index(path))
            body.string(entry.sha256)
            body.int(table.index(entry.mimeType))
            body.bool(document.isHTML)
            body.int(document.duplicateIDs.count)
            for (duplicate, first) in document.duplicateIDs {
                for anchor in [duplicate, first] {
                    body.int(table.index(anchor.name))
                    body.bool(anchor.isID)
                    body.int(anchor.line)
                    body.int(anchor.column)
                }
            }
            body.int(document.links.count)
            for resolved in document.links {
                let link = resolved.link
                body.int(table.index(link.url))
                body.int(table.index(link.element))
                body.int(table.index(link.attribute))
                body.int(link.line)
                body.int(link.column)
                Self.write(resolved.target, table: &table, to: &body)
            }
            body.int(document.acceptedCount)
            body.int(document.acceptedTargets.count)
            for index in document.acceptedTargets { body.int(Int(index)) }
            body.int(document.anchorNames.count)
            for name in document.anchorNames.sorted() { body.int(table.index(name)) }
        }
        var out = ByteWriter()
        out.string(Self.magic)
        out.strings(table.strings)
        out.bytes.reserveCapacity(out.bytes.count + body.bytes.count)
        out.bytes += body.bytes
        return out.bytes
    }

    /// Reads `encoded()` output; `nil` for anything else (the crawl then parses every file).
    public init?(bytes: [UInt8]) {
        var r = ByteReader(bytes)
        guard r.string() == Self.magic, let strings = r.strings(), let paths = r.strings(), let count = r.count() else {
            return nil
        }
        self.paths = paths
        func string(_ r: inout ByteReader) -> String? {
            guard let index = r.int(), strings.indices.contains(index) else { return nil }
            return strings[index]
        }
        for _ in 0..<count {
            guard let path = string(&r), let sha = r.string(), let mime = string(&r), let isHTML = r.bool(),
                let duplicateCount = r.count()
            else { return nil }
            var duplicates: [(duplicate: Anchor, first: Anchor)] = []
            for _ in 0..<duplicateCount {
                var pair: [Anchor] = []
                for _ in 0..<2 {
                    guard let name = string(&r), let isID = r.bool(), let line = r.int(), let column = r.int() else { return nil }
                    pair.append(Anchor(name: name, isID: isID, line: line, column: column))
                }
                duplicates.append((pair[0], pair[1]))
            }
            guard let linkCount = r.count() else { return nil }
            var links: [ResolvedLink] = []
            links.reserveCapacity(linkCount)
            for _ in 0..<linkCount {
                guard let url = string(&r), let element = string(&r), let attribute = string(&r), let line = r.int(),
                    let column = r.int(), let target = Self.readTarget(&r, string: string)
                else { return nil }
                links.append(
                    ResolvedLink(
                        link: ExtractedLink(url: url, element: element, attribute: attribute, line: line, column: column),
                        target: target))
            }
            guard let acceptedCount = r.int(), let targetCount = r.count() else { return nil }
            var accepted: [Int32] = []
            accepted.reserveCapacity(targetCount)
            for _ in 0..<targetCount {
                guard let index = r.int(), index >= 0, index < paths.count else { return nil }
                accepted.append(Int32(index))
            }
            guard let anchorCount = r.count() else { return nil }
            var anchors = Set<String>(minimumCapacity: anchorCount)
            for _ in 0..<anchorCount {
                guard let name = string(&r) else { return nil }
                anchors.insert(name)
            }
            let document = ParsedDocument(
                path: path, isHTML: isHTML, duplicateIDs: duplicates, links: links, acceptedTargets: accepted,
                acceptedCount: acceptedCount, anchorNames: anchors)
            entries[path] = Entry(sha256: sha, mimeType: mime, document: document)
        }
        guard r.isAtEnd else { return nil }
    }

    private static func write(_ target: LinkTarget, table: inout StringTable, to w: inout ByteWriter) {
        switch target {
        case .notALink: w.int(0)
        case .ignored: w.int(1)
        case .samePage(let fragment):
            w.int(2)
            w.int(table.index(fragment))
        case .sameOrigin(let same):
            w.int(3)
            w.int(table.index(same.key))
            w.int(table.index(same.path))
            w.bool(same.fragment != nil)
            if let fragment = same.fragment { w.int(table.index(fragment)) }
            w.bool(same.escapesRoot)
            w.bool(same.absolutePath)
        case .external(let url):
            w.int(4)
            w.int(table.index(url))
        case .fileURL: w.int(5)
        case .invalid: w.int(6)
        }
    }

    private static func readTarget(_ r: inout ByteReader, string: (inout ByteReader) -> String?) -> LinkTarget? {
        switch r.int() {
        case 0: return .notALink
        case 1: return .ignored
        case 2: return string(&r).map { .samePage(fragment: $0) }
        case 3:
            guard let key = string(&r), let path = string(&r), let hasFragment = r.bool() else { return nil }
            var fragment: String?
            if hasFragment {
                guard let value = string(&r) else { return nil }
                fragment = value
            }
            guard let escapes = r.bool(), let absolute = r.bool() else { return nil }
            return .sameOrigin(
                SameOriginTarget(key: key, path: path, fragment: fragment, escapesRoot: escapes, absolutePath: absolute))
        case 4: return string(&r).map { .external($0) }
        case 5: return .fileURL
        case 6: return .invalid
        default: return nil
        }
    }
}

/// Strings numbered in order of first use.
private struct StringTable {
    var strings: [String] = []
    var indices: [String: Int] = [:]

    mutating func index(_ string: String) -> Int {
        if let index = indices[string] { return index }
        indices[string] = strings.count
        strings.append(string)
        return strings.count - 1
    }
}
