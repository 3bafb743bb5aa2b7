import SitegenBundleCore
import SitegenCore

/// What a crawl parsed, by file and SHA-256, so that the next crawl of a changed bundle reads and
/// parses only the files that changed. Serialised as bytes the build cache keeps.
///
/// Each file's entry is encoded on its own, with its own string table, and stays encoded until a
/// crawl needs it: a rebuild that changed one page decodes a handful of entries and writes the rest
/// back as the bytes they were, instead of decoding and re-encoding 10,000 documents.
public struct CrawlMemo: Sendable {
    struct Entry: Sendable {
        var sha256: String
        var mimeType: String
        var document: ParsedDocument
    }

    /// An entry still encoded: its SHA-256, and where its bytes are: in `base` below its count,
    /// else in `added`.
    struct Stored: Sendable {
        var sha256: String
        var range: Range<Int>
        /// A fingerprint of the entry's bytes: a damaged file must not give another page's findings.
        var check: UInt64
    }

    /// The path table that documents' accepted targets are numbers into.
    var paths: [String] = []
    /// A fingerprint of what the crawl's findings depend on besides the files: entries and options.
    var context: UInt64 = 0
    /// The entries the memo was read with, shared and never changed: a rebuild that remembers one
    /// page must not copy, or even read, 12 MB of other pages' entries.
    private var base: MemoBodies?
    /// Entries remembered since (and those of appended changes).
    private var added: [UInt8] = []
    private var stored: [SitePath: Stored] = [:]
    /// The files remembered since the memo was read from bytes; `nil` for a memo that was not.
    private var changes: Set<String>?

    public init() {}

    init(paths: [String], context: UInt64) {
        self.paths = paths
        self.context = context
    }

    /// How many parsed files it remembers.
    public var count: Int { stored.count }

    /// Every file it remembers.
    var rememberedPaths: [String] { stored.keys.map(\.rawValue) }

    /// The SHA-256 of the file as it was parsed.
    func sha256(at path: String) -> String? { stored[SitePath(unchecked: path)]?.sha256 }

    /// The entry of `path`, decoded; `nil` when there is none or its bytes are damaged (then the
    /// crawl parses the file again).
    func entry(at path: String) -> Entry? {
        guard let stored = stored[SitePath(unchecked: path)], let bytes = bytes(of: stored.range),
            Fingerprint.of(bytes) == stored.check
        else {
            return nil
        }
        var reader = ByteReader(Array(bytes))
        return Self.readEntry(&reader, path: path, sha256: stored.sha256, pathCount: paths.count)
    }

    /// Remembers a freshly parsed file. It is encoded at once: a crawl of 10,000 pages then holds
    /// their bytes, not their decoded links, once the rules are done with them.
    mutating func remember(_ entry: Entry, at path: String) {
        remember(encoded: Self.encode(entry), sha256: entry.sha256, at: path)
    }

    /// Remembers a file parsed and encoded (`encode(_:)`) elsewhere, by a crawl's child task.
    mutating func remember(encoded: [UInt8], sha256: String, at path: String) {
        changes?.insert(path)
        let start = baseCount + added.count
        added += encoded
        stored[SitePath(unchecked: path)] = Stored(
            sha256: sha256, range: start..<start + encoded.count, check: Fingerprint.of(encoded))
    }

    private var baseCount: Int { base?.count ?? 0 }

    private func bytes(of range: Range<Int>) -> ArraySlice<UInt8>? {
        if let base, range.lowerBound < base.count { return base.bytes(range) }
        return added[range.lowerBound - baseCount..<range.upperBound - baseCount]
    }

    /// Takes `path`'s entry over from `other` without decoding it. Only valid when both memos number
    /// accepted targets by the same path table.
    mutating func carry(_ path: String, from other: CrawlMemo) {
        guard let entry = other.stored[SitePath(unchecked: path)], let bytes = other.bytes(of: entry.range) else { return }
        let start = baseCount + added.count
        added.append(contentsOf: bytes)
        stored[SitePath(unchecked: path)] = Stored(
            sha256: entry.sha256, range: start..<start + entry.range.count, check: entry.check)
    }

    /// An entry's bytes, as `remember(encoded:sha256:at:)` takes them.
    static func encode(_ entry: Entry) -> [UInt8] {
        var body = ByteWriter()
        write(entry, to: &body)
        return body.bytes
    }

    /// Changes with the format, and with what parsing finds in a file: entries are kept by the file's
    /// SHA-256, so a memo of a sitegen that read fewer attributes would go on hiding their references.
    static let magic = "sitegen-crawl 18"

    /// The memo as bytes, deterministic for the same content.
    public func encoded() -> [UInt8] {
        Array(encodedParts().joined())
    }

    /// `encoded()` in pieces, to be written one after the other: the magic, the length of the index
    /// and the index (context, path table, and each entry's path or place in the table, SHA-256 and
    /// length), then the entries in the index's order, encoded on all cores, each part into its own
    /// buffer (a 12 MB buffer is mostly page faults). The index comes first so that a reader can
    /// take it alone.
    public func encodedParts() -> [[UInt8]] {
        var loading = self
        // Every entry is written again: those in the file are read in one piece, not one by one.
        if let base {
            if let loaded = base.inMemory() {
                loading.base = loaded
            } else {
                loading.stored = stored.filter { $0.value.range.lowerBound >= base.count }
            }
        }
        let memo = loading
        let sorted = memo.rememberedPaths.sorted()
        var index = ByteWriter()
        index.uint(context)
        index.strings(paths)
        index.int(sorted.count)
        // An entry's path is most often in the path table: written as its place there (1 on), so
        // that reading the index makes 10,000 strings fewer; 0 and the path otherwise.
        var place: [String: Int] = [:]
        place.reserveCapacity(paths.count)
        for (number, path) in paths.enumerated() where place[path] == nil { place[path] = number }
        for path in sorted {
            let entry = memo.stored[SitePath(unchecked: path)]!
            if let number = place[path], paths[number].utf8.elementsEqual(path.utf8) {
                index.int(number + 1)
            } else {
                index.int(0)
                index.string(path)
            }
            index.string(entry.sha256)
            index.int(entry.range.count)
            index.fixed(entry.check)
        }
        var head = ByteWriter()
        head.string(Self.magic)
        let entries = ParallelParts.map(count: sorted.count, threshold: 2048) { range in
            var out: [UInt8] = []
            out.reserveCapacity((memo.baseCount + memo.added.count) * range.count / max(sorted.count, 1) + range.count * 100)
            for path in sorted[range] {
                if let stored = memo.stored[SitePath(unchecked: path)], let bytes = memo.bytes(of: stored.range) { out += bytes }
            }
            return out
        }
        return [head.bytes + FixedWidth.bytes(of: UInt64(index.bytes.count)) + index.bytes] + entries
    }

    /// Reads `encoded()` output; `nil` for anything else (the crawl then parses every file). Entries
    /// are only indexed here; each is decoded when a crawl asks for it.
    public init?(bytes: [UInt8]) { self.init(bytes: bytes, range: 0..<bytes.count) }

    /// Like `init(bytes:)`, for a memo at `range` of `bytes` (inside a file of the caller's), without
    /// copying its entries out.
    public init?(bytes: [UInt8], range: Range<Int>) {
        guard range.upperBound <= bytes.count else { return nil }
        self.init(range: range, reading: { Array(bytes[$0]) }) { MemoBodies(memory: bytes, start: $0, count: $1) }
    }

    /// Like `init(bytes:range:)`, for a memo at `range` of `file`: only its index is read; each
    /// entry is read from the file when a crawl asks for it.
    package init?(file: ReadOnlyFile, range: Range<Int>) {
        guard range.upperBound <= file.size else { return nil }
        self.init(range: range, reading: file.bytes) { MemoBodies(file: file, start: $0, count: $1) }
    }

    /// A memo at `range` of bytes that `read` gives a part of at a time: its first bytes, then its
    /// index; `bodies` holds the entries that follow (from where, how many bytes).
    private init?(
        range: Range<Int>, reading read: (Range<Int>) -> [UInt8]?, bodies: (Int, Int) -> MemoBodies
    ) {
        guard range.lowerBound >= 0, let start = read(range.lowerBound..<min(range.upperBound, range.lowerBound + 64)),
            let (indexRange, entriesStart) = Self.indexPlace(start, at: range.lowerBound, end: range.upperBound),
            let index = read(indexRange)
        else { return nil }
        var r = ByteReader(index)
        guard readIndex(&r, entriesLength: range.upperBound - entriesStart) else { return nil }
        base = bodies(entriesStart, range.upperBound - entriesStart)
        changes = []
    }

    /// Where the index of a memo lies and where its entries start, from the memo's first bytes
    /// (`start`, found at `offset` of a whole that ends at `end`); `nil` when they are no memo's.
    private static func indexPlace(_ start: [UInt8], at offset: Int, end: Int) -> (Range<Int>, Int)? {
        var r = ByteReader(start)
        guard r.string() == magic, start.count - r.position >= 8 else { return nil }
        let length = FixedWidth.number(start, at: r.position)
        let indexStart = offset + r.position + 8
        guard length <= UInt64(end - indexStart) else { return nil }
        return (indexStart..<indexStart + Int(length), indexStart + Int(length))
    }

    /// Reads an index whose entries add up to `entriesLength`; `false` when it is damaged.
    private mutating func readIndex(_ r: inout ByteReader, entriesLength: Int) -> Bool {
        guard let context = r.uint(), let paths = r.strings(), let count = r.count() else { return false }
        self.context = context
        self.paths = paths
        stored.reserveCapacity(count)
        var start = 0
        for _ in 0..<count {
            guard let place = r.count(), place <= paths.count else { return false }
            let path: String
            if place > 0 {
                path = paths[place - 1]
            } else {
                guard let written = r.string() else { return false }
                path = written
            }
            guard let sha256 = r.string(), let length = r.count(), length <= entriesLength - start, let check = r.fixed()
            else { return false }
            stored[SitePath(unchecked: path)] = Stored(sha256: sha256, range: start..<start + length, check: check)
            start += length
        }
        return r.isAtEnd && start == entriesLength
    }

    static let changesMagic = "sitegen-crawl-changes 13"

    /// The entries remembered since the memo was read from bytes, without the path table they share
    /// with it: what can be appended to the memo's file instead of rewriting 10,000 entries. `nil`
    /// for a memo that was not read from bytes.
    public func encodedChanges() -> [UInt8]? {
        guard let changes else { return nil }
        var out = ByteWriter()
        out.string(Self.changesMagic)
        out.uint(context)
        out.int(changes.count)
        for path in changes.sorted() { writeStored(path, to: &out) }
        return out.bytes
    }

    /// One entry as `applyChanges` reads it: path, SHA-256, then its bytes as they are.
    private func writeStored(_ path: String, to out: inout ByteWriter) {
        guard let entry = stored[SitePath(unchecked: path)], let bytes = bytes(of: entry.range) else { return }
        out.string(path)
        out.string(entry.sha256)
        out.int(entry.range.count)
        out.fixed(entry.check)
        out.bytes += bytes
    }

    /// Applies `encodedChanges()` output found at `range` of `bytes` (the part of the memo's file
    /// after the whole memo it was read from). `false` if it is not that, or damaged, or if this
    /// memo has remembered files since it was read.
    public mutating func applyChanges(bytes: [UInt8], range: Range<Int>) -> Bool {
        guard changes?.isEmpty == true else { return false }
        var r = ByteReader(bytes, range: range)
        guard r.string() == Self.changesMagic, let context = r.uint(), context == self.context, let count = r.count()
        else { return false }
        for _ in 0..<count {
            guard let path = r.string(), let sha256 = r.string(), let length = r.count(), let check = r.fixed(),
                r.position + length <= range.upperBound
            else { return false }
            let start = baseCount + added.count
            added += bytes[r.position..<r.position + length]
            guard r.skip(length) else { return false }
            stored[SitePath(unchecked: path)] = Stored(sha256: sha256, range: start..<start + length, check: check)
        }
        return r.isAtEnd
    }

    private static func write(_ entry: Entry, to body: inout ByteWriter) {
        let document = entry.document
        // A link brings a URL, an element, an attribute and a target's key and path at most: sized
        // once instead of growing and rehashing.
        var table = StringTable(capacity: 1 + document.links.count * 4 + document.anchorNames.count)
        var w = ByteWriter()
        w.int(table.index(entry.mimeType))
        w.int(document.kind.rawValue)
        w.int(document.duplicateIDs.count)
        for (duplicate, first) in document.duplicateIDs {
            for anchor in [duplicate, first] {
                w.int(table.index(anchor.name))
                w.bool(anchor.isID)
                w.int(anchor.line)
                w.int(anchor.column)
            }
        }
        w.int(document.links.count)
        for resolved in document.links {
            let link = resolved.link
            w.int(table.index(link.url))
            w.int(table.index(link.element))
            w.int(table.index(link.attribute))
            w.int(link.line)
            w.int(link.column)
            w.int(Int(link.destination.rawValue))
            write(resolved.target, table: &table, to: &w)
        }
        w.bool(document.encoding != nil)
        if let encoding = document.encoding {
            w.int(encoding.line)
            w.int(encoding.column)
            w.int(Int(encoding.byte))
            w.int(encoding.replacements)
            w.int(encoding.declared.map { table.index($0) } ?? -1)
        }
        w.int(document.refreshTarget.map { Int($0) } ?? -1)
        w.int(document.baseHref.map { table.index($0) } ?? -1)
        w.int(document.acceptedCount)
        w.int(document.acceptedTargets.count)
        for index in document.acceptedTargets { w.int(Int(index)) }
        w.int(document.anchorNames.count)
        for name in document.anchorNames.sorted() { w.int(table.index(name.string)) }
        w.int(document.mapNames.count)
        for name in document.mapNames.sorted() { w.int(table.index(name.string)) }
        body.strings(table.strings)
        body.bytes += w.bytes
    }

    private static func readEntry(_ r: inout ByteReader, path: String, sha256: String, pathCount: Int) -> Entry? {
        guard let strings = r.strings() else { return nil }
        func string(_ r: inout ByteReader) -> String? {
            guard let index = r.int(), strings.indices.contains(index) else { return nil }
            return strings[index]
        }
        guard let mime = string(&r), let kindValue = r.int(), let kind = DocumentKind(rawValue: kindValue),
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
                let column = r.int(), let destinationValue = r.int(),
                let destination = UInt8(exactly: destinationValue).flatMap(ExtractedLink.Destination.init(rawValue:)),
                let target = readTarget(&r, string: string)
            else { return nil }
            links.append(
                ResolvedLink(
                    link: ExtractedLink(
                        url: url, element: element, attribute: attribute, line: line, column: column,
                        destination: destination),
                    target: target))
        }
        guard let hasEncoding = r.bool() else { return nil }
        var encoding: EncodingProblem?
        if hasEncoding {
            guard let line = r.int(), let column = r.int(), let byte = r.int(), let byte = UInt8(exactly: byte),
                let replacements = r.int(), let declared = r.int(), declared == -1 || strings.indices.contains(declared)
            else { return nil }
            encoding = EncodingProblem(
                line: line, column: column, byte: byte, replacements: replacements,
                declared: declared == -1 ? nil : strings[declared])
        }
        guard let refresh = r.int(), refresh >= -1, refresh < pathCount, let base = r.int(),
            base == -1 || strings.indices.contains(base), let acceptedCount = r.int(), let targetCount = r.count()
        else { return nil }
        var accepted: [Int32] = []
        accepted.reserveCapacity(targetCount)
        for _ in 0..<targetCount {
            guard let index = r.int(), index >= 0, index < pathCount else { return nil }
            accepted.append(Int32(index))
        }
        guard let anchorCount = r.count() else { return nil }
        var anchors = Set<ByteKey>(minimumCapacity: anchorCount)
        for _ in 0..<anchorCount {
            guard let name = string(&r) else { return nil }
            anchors.insert(ByteKey(name))
        }
        guard let mapCount = r.count() else { return nil }
        var maps = Set<ByteKey>(minimumCapacity: mapCount)
        for _ in 0..<mapCount {
            guard let name = string(&r) else { return nil }
            maps.insert(ByteKey(name))
        }
        guard r.isAtEnd else { return nil }
        let document = ParsedDocument(
            path: path, kind: kind, duplicateIDs: duplicates, links: links, acceptedTargets: accepted,
            acceptedCount: acceptedCount, anchorNames: anchors, mapNames: maps, encoding: encoding,
            refreshTarget: refresh == -1 ? nil : Int32(refresh), baseHref: base == -1 ? nil : strings[base])
        return Entry(sha256: sha256, mimeType: mime, document: document)
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
        case .otherHost(let url):
            w.int(7)
            w.int(table.index(url))
        case .unservable(let reason):
            w.int(8)
            w.int(table.index(reason))
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
        case 7: return string(&r).map { .otherHost($0) }
        case 8: return string(&r).map { .unservable(reason: $0) }
        default: return nil
        }
    }
}

/// Strings numbered in order of first use.
private struct StringTable {
    var strings: [String] = []
    /// By bytes: an NFC and an NFD spelling are two strings to keep, not one.
    var indices: [ByteKey: Int] = [:]

    init(capacity: Int = 0) {
        strings.reserveCapacity(capacity)
        indices.reserveCapacity(capacity)
    }

    mutating func index(_ string: String) -> Int {
        let key = ByteKey(string)
        if let index = indices[key] { return index }
        indices[key] = strings.count
        strings.append(string)
        return strings.count - 1
    }
}
