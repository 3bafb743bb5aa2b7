import Foundation
import SitegenBundleCore

/// The bundle's files numbered once per crawl, with the key each is fetched under: links known to
/// be fine are kept as these numbers (4 bytes) instead of strings.
struct PathTable: Sendable {
    let paths: [String]
    /// The key of every path, computed up front; empty when keys are computed on demand.
    let keys: [String]
    /// By bytes: `String` would take an NFC and an NFD spelling of one name for the same file.
    private let indexOfPath: [ByteKey: Int32]
    private let resolver: LinkResolver

    /// `eagerKeys: false` suits a crawl that looks at a few files only: keys are then computed when
    /// asked for instead of for every file.
    init(paths: [String], resolver: LinkResolver, eagerKeys: Bool = true) {
        self.paths = paths
        self.resolver = resolver
        keys = eagerKeys ? paths.map { Self.key(of: $0, resolver) } : []
        // A crawl of a few files searches sorted paths instead of indexing 10,000 of them.
        let searchable = !eagerKeys && zip(paths, paths.dropFirst()).allSatisfy { ByteKey($0) < ByteKey($1) }
        indexOfPath =
            searchable
            ? [:] : Dictionary(paths.enumerated().map { (ByteKey($1), Int32($0)) }, uniquingKeysWith: { first, _ in first })
    }

    /// The bundle's origin (`docs://app`), as messages name it.
    var origin: String { "\(resolver.scheme)://\(resolver.host)" }

    /// Whether `url` is of the bundle's origin.
    func isSameOrigin(_ url: URL) -> Bool { resolver.isSameOrigin(url) }

    private static func key(of path: String, _ resolver: LinkResolver) -> String {
        resolver.url(forPath: path).map { resolver.key(for: $0.url) } ?? ""
    }

    /// The key file number `index` is fetched under.
    func key(at index: Int32) -> String? {
        guard paths.indices.contains(Int(index)) else { return nil }
        return keys.isEmpty ? Self.key(of: paths[Int(index)], resolver) : keys[Int(index)]
    }

    /// The number of `path`, when it is a file of the bundle fetched under `key`.
    func index(_ path: String, key: String) -> Int32? {
        guard let index = index(of: path), self.key(at: index) == key else { return nil }
        return index
    }

    func index(of path: String) -> Int32? {
        let wanted = ByteKey(path)
        guard indexOfPath.isEmpty, !paths.isEmpty else { return indexOfPath[wanted] }
        var low = 0, high = paths.count
        while low < high {
            let middle = (low + high) / 2
            if ByteKey(paths[middle]) < wanted { low = middle + 1 } else { high = middle }
        }
        return low < paths.count && ByteKey(paths[low]) == wanted ? Int32(low) : nil
    }
}

/// A memo seen through the current crawl's path table: its documents with their accepted targets
/// renumbered, and refused when a target they accepted no longer exists (the link must then be
/// found and reported again, so the document is parsed afresh).
struct MemoView: Sendable {
    private let memo: CrawlMemo
    private let renumbered: [Int32?]
    private let samePaths: Bool

    init(memo: CrawlMemo, table: PathTable) {
        self.memo = memo
        samePaths = memo.paths == table.paths
        renumbered = samePaths ? [] : memo.paths.map { table.index(of: $0) }
    }

    func document(at path: String, sha256: String) -> ParsedDocument? {
        guard memo.sha256(at: path) == sha256, let entry = memo.entry(at: path) else { return nil }
        if samePaths { return entry.document }
        var document = entry.document
        var targets: [Int32] = []
        targets.reserveCapacity(document.acceptedTargets.count)
        for old in document.acceptedTargets {
            guard renumbered.indices.contains(Int(old)), let new = renumbered[Int(old)] else { return nil }
            targets.append(new)
        }
        document.acceptedTargets = targets
        return document
    }
}
