import Foundation
import SitegenBundleCore

/// What fetching one URL gave, without the body.
enum FetchOutcome: Sendable, Hashable {
    case found(path: String, mimeType: String)
    case notFound
    case outsideBundle
}

/// One parsed HTML page or style sheet: the result of the map step.
struct ParsedDocument: Sendable {
    /// Bundle-relative path of the file.
    var path: String
    /// HTML, CSS or SVG.
    var kind: DocumentKind
    /// Repeated ids, with the first occurrence of each.
    var duplicateIDs: [(duplicate: Anchor, first: Anchor)]
    /// Links that need the reduce step: fragments, missing or odd targets, other origins.
    var links: [ResolvedLink]
    /// Same-origin targets of links already known to be fine (an existing file, no fragment): kept
    /// only for scheduling and reachability, so 10,000 pages of navigation do not sit in memory.
    var acceptedTargets: [Int32]
    /// How many links were accepted that way, with the same-page fragments found among its own ids.
    var acceptedCount: Int
    var isHTML: Bool { kind == .html }

    /// Every id and `<a name>`, for fragment checks.
    /// By their bytes: `café` in NFC and in NFD are two ids, as a browser's fragment search tells
    /// them apart (the HTML standard compares code points), while `String` would take them as one.
    var anchorNames: Set<ByteKey>
    /// The name and id of every `<map>`, by their bytes: what `usemap` names.
    var mapNames: Set<ByteKey> = []
    /// Where the document stops being UTF-8, when it is served as UTF-8.
    var encoding: EncodingProblem? = nil
    /// The file a `<meta http-equiv="refresh">` sends the reader on to, when it is one of the table
    /// with no fragment: a fragment of this page is looked up there too, as redirect stubs (rustdoc
    /// writes one for each moved item) carry the fragment on with a script.
    var refreshTarget: Int32? = nil
    /// The page's `<base href>` as written, which its relative links resolve against: a finding
    /// about one of them names it, as the link alone would point elsewhere.
    var baseHref: String? = nil

    /// How many links the rules count as checked for this document.
    var checkedLinkCount: Int {
        acceptedCount
            + links.count { link in
                switch link.target {
                case .notALink, .ignored: false
                default: true
                }
            }
    }

    /// Every same-origin URL key the crawl goes on to from this document (`table` numbers accepted
    /// targets): what decides which files the crawl reaches.
    func scheduledKeys(_ table: PathTable) -> Set<String> {
        var keys = Set<String>()
        for link in links {
            if case .sameOrigin(let target) = link.target, !target.escapesRoot { keys.insert(target.key) }
        }
        for index in acceptedTargets {
            if let key = table.key(at: index) { keys.insert(key) }
        }
        return keys
    }
}

/// What one child task returns: the fetch outcome of a URL and, for same-origin HTML and CSS, the
/// parsed document.
struct LoadedResource: Sendable {
    var key: String
    var outcome: FetchOutcome
    var document: ParsedDocument?
    /// The file's SHA-256 when the fetcher knows it, to remember the document by.
    var sha256: String?
    /// The document is the memo's, not parsed again.
    var fromMemo = false
    /// A freshly parsed document encoded for the memo, by the child task that parsed it.
    var encoded: [UInt8]?
}

/// Parsed documents by bundle path, told apart by bytes: `String` would take an NFC and an NFD
/// spelling of one name, two files on disk, for one.
struct DocumentsByPath: Sendable {
    private var storage: [ByteKey: ParsedDocument] = [:]

    subscript(path: String) -> ParsedDocument? {
        get { storage[ByteKey(path)] }
        set { storage[ByteKey(path)] = newValue }
    }

    /// The paths of every document, in no order.
    var paths: [String] { storage.keys.map(\.string) }
    var values: Dictionary<ByteKey, ParsedDocument>.Values { storage.values }
}

/// The parent's side of the crawl: merged serially, one loaded resource at a time.
struct CrawlState {
    var outcomes: [String: FetchOutcome] = [:]
    var documents = DocumentsByPath()
    var scheduled: Set<String> = []
    /// The key of each path of the crawl's path table, for accepted targets.
    var keyOfPath: [String] = [] {
        didSet { isScheduledPath = Array(repeating: false, count: keyOfPath.count) }
    }
    /// Whether each path of the table was scheduled as an accepted target: every page's sidebar
    /// accepts the same 40 targets, which are then not hashed into `scheduled` again.
    private var isScheduledPath: [Bool] = []

    /// Records `resource`; returns the same-origin URLs it links to that were never scheduled.
    mutating func merge(_ resource: LoadedResource) -> [(key: String, url: URL)] {
        outcomes[resource.key] = resource.outcome
        guard let document = resource.document, documents[document.path] == nil else { return [] }
        documents[document.path] = document
        var next: [(key: String, url: URL)] = []
        for link in document.links {
            guard case .sameOrigin(let target) = link.target, !target.escapesRoot else { continue }
            if scheduled.insert(target.key).inserted, let url = URL(string: target.key) { next.append((target.key, url)) }
        }
        for index in document.acceptedTargets where keyOfPath.indices.contains(Int(index)) {
            guard !isScheduledPath[Int(index)] else { continue }
            isScheduledPath[Int(index)] = true
            let key = keyOfPath[Int(index)]
            if scheduled.insert(key).inserted, let url = URL(string: key) { next.append((key, url)) }
        }
        return next
    }

    /// The files of `table` that links accepted as existing, but whose fetch found nothing.
    func acceptedButUnserved(_ table: PathTable) -> Set<String> {
        var paths = Set<String>()
        for (index, accepted) in isScheduledPath.enumerated() where accepted {
            if case .found = outcomes[keyOfPath[index]] { continue }
            paths.insert(table.paths[index])
        }
        return paths
    }

    /// Every path some URL served, by bytes.
    var reachedPaths: Set<ByteKey> {
        var paths = Set<ByteKey>()
        for case .found(let path, _) in outcomes.values { paths.insert(ByteKey(path)) }
        return paths
    }
}
