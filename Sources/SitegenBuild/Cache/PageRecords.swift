import SitegenCore

/// A cache's page records: those of the cache it was made from, shared rather than copied, and
/// the few a rebuild replaced. A one-page rebuild that copied the previous 10,000 records retained
/// each one's references, on a core that was reading them too.
struct PageRecords: Sendable {
    private var base: [SitePath: BuildCache.PageRecord]
    private var replaced: [SitePath: BuildCache.PageRecord] = [:]

    init(_ base: [SitePath: BuildCache.PageRecord] = [:]) { self.base = base }

    subscript(path: SitePath) -> BuildCache.PageRecord? {
        get {
            if !replaced.isEmpty, let record = replaced[path] { return record }
            return base[path]
        }
        set {
            if let newValue {
                replaced[path] = newValue
            } else {
                replaced[path] = nil
                // Copies the shared records: only for a page that went away.
                if base[path] != nil { base[path] = nil }
            }
        }
    }

    var count: Int { base.count + replaced.keys.count { base[$0] == nil } }

    var keys: [SitePath] { Array(base.keys) + replaced.keys.filter { base[$0] == nil } }

    var values: [BuildCache.PageRecord] { keys.compactMap { self[$0] } }

    /// Only the records of `kept`.
    func keeping(_ kept: Set<SitePath>) -> PageRecords {
        var records = PageRecords(base.filter { kept.contains($0.key) })
        for (path, record) in replaced where kept.contains(path) { records.replaced[path] = record }
        return records
    }
}
