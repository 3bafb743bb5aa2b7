import SitegenBundleCore
import SitegenCore

/// A cache's page records: those of the cache it was made from, shared rather than copied, and
/// the few a rebuild replaced. A one-page rebuild that copied the previous 10,000 records retained
/// each one's references, on a core that was reading them too.
///
/// The records read lie in the order the cache holds them, which is the order the site's pages were
/// loaded in: a rebuild asks for the record of its n-th page at position n (`record(_:at:)`) and
/// finds it there by comparing bytes, without hashing 10,000 paths three times over. A lookup by
/// path alone makes the index of positions, once.
struct PageRecords: Sendable {
    /// The records read, in the cache's order. Never changed: `replaced` and `removedAt` say what differs.
    private var ordered: [BuildCache.PageRecord]
    /// Where each of `ordered` lies in the bytes it was read from, its length before it: written
    /// back from there, in runs, while it is unchanged.
    private var wholeRanges: [Range<Int>]
    /// Each `ordered` record's position by its path: made on the first lookup a position does not settle.
    private let positions = MadeOnce<[SitePath: Int]>()
    /// Records set since (replacing or adding).
    private var replaced: [SitePath: BuildCache.PageRecord] = [:]
    /// Positions of `ordered` records replaced, and of those taken away.
    private var replacedAt: Set<Int> = []
    private var removedAt: Set<Int> = []
    /// How many of `replaced` are of no `ordered` record.
    private var added = 0

    init(_ records: [SitePath: BuildCache.PageRecord] = [:]) {
        self.init(ordered: Array(records.values), wholeRanges: [])
    }

    /// Records in the order they were read; `wholeRanges`, when given, where each lies.
    init(ordered: [BuildCache.PageRecord], wholeRanges: [Range<Int>]) {
        self.ordered = ordered
        self.wholeRanges = wholeRanges.count == ordered.count ? wholeRanges : []
    }

    /// The position of the `ordered` record of `path`, tried first at `hint` by its bytes.
    private func orderedPosition(of path: SitePath, hint: Int?) -> Int? {
        if let hint, hint >= 0, hint < ordered.count, Self.sameBytes(ordered[hint].page.source, path) { return hint }
        return positions.value {
            var index: [SitePath: Int] = [:]
            index.reserveCapacity(ordered.count)
            for (position, record) in ordered.enumerated() { index[record.page.source] = position }
            return index
        }[path]
    }

    subscript(path: SitePath) -> BuildCache.PageRecord? {
        get { record(path, at: nil) }
        set { set(newValue, for: path, at: nil) }
    }

    /// The record of `path`, looked for first at `hint`, its position in the order the records were read.
    func record(_ path: SitePath, at hint: Int?) -> BuildCache.PageRecord? {
        if !replaced.isEmpty, let record = replaced[path] { return record }
        guard let position = orderedPosition(of: path, hint: hint), !removedAt.contains(position) else { return nil }
        return ordered[position]
    }

    /// Sets (or, with `nil`, removes) the record of `path`, looked for first at `hint`.
    mutating func set(_ record: BuildCache.PageRecord?, for path: SitePath, at hint: Int?) {
        let position = orderedPosition(of: path, hint: hint)
        if let record {
            if replaced.updateValue(record, forKey: path) == nil, position == nil { added += 1 }
            if let position {
                replacedAt.insert(position)
                removedAt.remove(position)
            }
        } else {
            if replaced.removeValue(forKey: path) != nil, position == nil { added -= 1 }
            if let position {
                replacedAt.remove(position)
                removedAt.insert(position)
            }
        }
    }

    var count: Int { ordered.count - removedAt.count + added }

    var keys: [SitePath] {
        ordered.indices.filter { !removedAt.contains($0) }.map { ordered[$0].page.source }
            + replaced.keys.filter { orderedPosition(of: $0, hint: nil) == nil }
    }

    var values: [BuildCache.PageRecord] { keys.compactMap { self[$0] } }

    /// Only the records of `kept`.
    func keeping(_ kept: Set<SitePath>) -> PageRecords {
        let unchanged = ordered.indices.filter {
            !replacedAt.contains($0) && !removedAt.contains($0) && kept.contains(ordered[$0].page.source)
        }
        var records = PageRecords(ordered: unchanged.map { ordered[$0] }, wholeRanges: [])
        for (path, record) in replaced where kept.contains(path) { records[path] = record }
        return records
    }

    /// One record as `order` goes: a run of read records to write back from their bytes, or a record.
    enum Piece {
        case read(Range<Int>)
        case record(BuildCache.PageRecord)
    }

    /// The records of `order` (each path at most once), in that order: with `runs`, runs of records
    /// unchanged since they were read, where `order` lists them as they were read, and every other
    /// record. Paths with no record are passed over.
    func forEach(in order: [SitePath], runs: Bool, _ body: (Piece) throws -> Void) rethrows {
        // Positions whose read record no longer holds, in order: passed as the walk reaches them.
        let differing = replacedAt.union(removedAt).sorted()
        var next = 0
        var run: Range<Int>?
        for (index, path) in order.enumerated() {
            while next < differing.count, differing[next] < index { next += 1 }
            if runs, index < wholeRanges.count, next == differing.count || differing[next] != index,
                Self.sameBytes(ordered[index].page.source, path)
            {
                let range = wholeRanges[index]
                if let current = run, current.upperBound == range.lowerBound {
                    run = current.lowerBound..<range.upperBound
                } else {
                    if let current = run { try body(.read(current)) }
                    run = range
                }
                continue
            }
            if let current = run { try body(.read(current)) }
            run = nil
            if let record = record(path, at: index) { try body(.record(record)) }
        }
        if let current = run { try body(.read(current)) }
    }

    private static func sameBytes(_ a: SitePath, _ b: SitePath) -> Bool { URLPath.bytesEqual(a.rawValue, b.rawValue) }
}
