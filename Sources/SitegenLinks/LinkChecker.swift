import Foundation
import SitegenBundleCore
import SitegenCore

/// Crawls a bundle through a `ResourceFetching` the way a WebView would, and reports broken links,
/// fragments, orphans and risky references.
///
/// Map then reduce: child tasks fetch one URL each and parse same-origin HTML and CSS into
/// `DocumentFacts` with resolved links; the parent merges serially, schedules newly seen URLs, and once
/// the crawl is closed applies the rules and sorts the findings.
public struct LinkChecker: Sendable {
    let fetcher: any ResourceFetching
    /// The options this checker applies.
    public let options: CheckOptions
    private let progress: ProgressHandler?

    /// Creates a checker reading through `fetcher`; `progress` hears how the crawl advances.
    public init(fetcher: some ResourceFetching, options: CheckOptions = CheckOptions(), progress: ProgressHandler? = nil) {
        self.fetcher = fetcher
        self.options = options
        self.progress = progress
    }

    /// Crawls from `entries` (URLs of the fetcher's origin): each URL is fetched once and each file
    /// parsed once, parsing spread over all cores.
    public func check(entries: [URL]) async -> CheckReport {
        await check(entries: entries, memo: nil).report
    }

    /// Like `check(entries:)`, reusing what `memo` remembers of files whose SHA-256 is unchanged,
    /// and returning the memo for the next crawl.
    public func check(entries: [URL], memo: CrawlMemo?) async -> (report: CheckReport, memo: CrawlMemo) {
        // Links to files of the bundle's list are accepted without fetching them. A list can name
        // files that are not there (a manifest whose files were deleted): once the crawl has fetched
        // such a file and been refused, it crawls again without it, and the links are judged.
        var unserved: Set<String> = []
        while true {
            let pass = await crawl(entries: entries, memo: memo, unserved: unserved)
            guard !pass.unserved.isSubset(of: unserved) else { return (pass.report, pass.memo) }
            unserved.formUnion(pass.unserved)
        }
    }

    /// One crawl with the bundle's files but `unserved` as the files links may be accepted to; also
    /// returns the accepted files the fetcher did not serve.
    private func crawl(entries: [URL], memo: CrawlMemo?, unserved: Set<String>) async -> (
        report: CheckReport, memo: CrawlMemo, unserved: Set<String>
    ) {
        let resolver = LinkResolver(
            scheme: fetcher.scheme, host: fetcher.host, ignorePatterns: options.ignorePatterns, siteURL: options.siteURL)
        var state = CrawlState()
        var queue: [(key: String, url: URL)] = []
        var entryKeys: [(key: String, url: URL)] = []
        for entry in entries {
            let key = resolver.key(for: entry)
            entryKeys.append((key, entry))
            if state.scheduled.insert(key).inserted { queue.append((key, entry)) }
        }
        let fetcher = self.fetcher
        let paths = fetcher.allPaths
        let table = PathTable(paths: unserved.isEmpty ? paths : paths.filter { !unserved.contains($0) }, resolver: resolver)
        var remembered = CrawlMemo(paths: table.paths, context: context(entries: entryKeys.map(\.key)))
        let carriesOver = memo?.paths == table.paths
        let previous = memo
        let memo = memo.map { MemoView(memo: $0, table: table) }
        state.keyOfPath = table.keys
        let folders = FolderLinkCache()
        let limit = max(2, ProcessInfo.processInfo.activeProcessorCount * 4)
        // Once the entries' crawl is done, it goes on from the pages it did not reach (orphans), so that
        // their links are checked too; they stay orphans.
        var reachedFromEntries: Set<ByteKey>?
        await withTaskGroup(of: LoadedResource.self) { group in
            var head = 0, running = 0
            // A stopped crawl (Ctrl-C during a build) fetches nothing more; its caller drops the report.
            while !Task.isCancelled {
                if running == 0, head == queue.count, reachedFromEntries == nil {
                    let reached = state.reachedPaths
                    reachedFromEntries = reached
                    let unreached = LinkRules.unreachedPages(
                        paths, reached: reached, isServed: { fetcher.serves($0) }, isLeftOut: resolver.leavesOut)
                    for path in unreached {
                        guard let (_, url) = resolver.url(forPath: path) else { continue }
                        let key = resolver.key(for: url)
                        if state.scheduled.insert(key).inserted { queue.append((key, url)) }
                    }
                }
                while running < limit, head < queue.count {
                    let (key, url) = queue[head]
                    head += 1
                    running += 1
                    group.addTask {
                        await Self.load(
                            url, key: key, fetcher: fetcher, resolver: resolver, table: table, memo: memo,
                            folders: folders)
                    }
                }
                guard let loaded = await group.next() else { break }
                running -= 1
                if let document = loaded.document, let sha256 = loaded.sha256, case .found(_, let mimeType) = loaded.outcome {
                    if loaded.fromMemo, carriesOver, let previous {
                        remembered.carry(document.path, from: previous)
                    } else if let encoded = loaded.encoded {
                        remembered.remember(encoded: encoded, sha256: sha256, at: document.path)
                    } else {
                        remembered.remember(
                            CrawlMemo.Entry(sha256: sha256, mimeType: mimeType, document: document), at: document.path)
                    }
                }
                queue.append(contentsOf: state.merge(loaded))
                if head % 64 == 0 || head == queue.count {
                    progress?(StageProgress(stage: "checking", done: head - running, total: queue.count))
                }
            }
        }
        // Stopped, the partial crawl is not judged: its caller drops it.
        if Task.isCancelled { return (CheckReport(pages: 0, assets: 0, linksChecked: 0, findings: []), remembered, []) }
        var rules = LinkRules(state: state, options: options, table: table)
        rules.isServed = { [fetcher] path in fetcher.serves(path) }
        rules.isLeftOut = { [resolver] path in resolver.leavesOut(path) }
        rules.whyUnserved = { [fetcher] path in fetcher.whyUnserved(path) }
        rules.reachedFromEntries = reachedFromEntries
        rules.listedButUnserved = unserved
        rules.checkEntries(entryKeys)
        var report = rules.report()
        let underAliases = await aliasFindings(state: state, table: table, resolver: resolver, own: report.findings)
        if !underAliases.isEmpty { report.findings = (report.findings + underAliases).sorted() }
        return (report, remembered, state.acceptedButUnserved(table))
    }

    /// What the findings depend on besides the bundle's files: a memo made under another context
    /// cannot update a report (`recheck`), though its parsed documents remain good. How the bundle
    /// folder is named (`displayRoot`) is not part of it: a caller that keeps a report from a build
    /// that named it otherwise moves the report's paths first, as the build cache does.
    func context(entries: [String]) -> UInt64 {
        var fingerprint = Fingerprint()
        fingerprint.add(fetcher.scheme)
        fingerprint.add(fetcher.host)
        fingerprint.add(Int(truncatingIfNeeded: fetcher.resolutionFingerprint))
        for entry in entries { fingerprint.add(entry) }
        fingerprint.add(options.external.rawValue)
        fingerprint.add(options.reportOrphans ? "orphans" : "")
        for pattern in options.ignorePatterns { fingerprint.add(pattern) }
        fingerprint.add(options.siteURL?.description ?? "")
        return fingerprint.value
    }

    /// `href`, the page's `<base href>` as written, when it sets another folder than the page's
    /// (`./` sets none, and no finding need name it) or is root-relative (which `file://` reads as
    /// the disk's root, whatever the folder).
    static func movingBase(_ href: String?, base: URL?, page: URL) -> String? {
        guard let href, let base else { return nil }
        func folder(_ url: URL) -> Substring {
            let text = url.absoluteString.prefix { $0 != "?" && $0 != "#" }
            return text[...(text.lastIndex(of: "/") ?? text.startIndex)]
        }
        return folder(base) != folder(page) || href.trimmingC0ControlOrSpace().hasPrefix("/") ? href : nil
    }

    /// The map step for one URL: fetch, and parse and resolve if it is same-origin HTML or CSS.
    static func load(
        _ url: URL, key: String, fetcher: any ResourceFetching, resolver: LinkResolver, table: PathTable, memo: MemoView?,
        folders: FolderLinkCache? = nil, servedAs alias: String? = nil
    ) async -> LoadedResource {
        let located = await fetcher.locate(url)
        if let located {
            let outcome = FetchOutcome.found(path: located.path, mimeType: located.mimeType)
            if DocumentKind(mimeType: located.mimeType) == .other { return LoadedResource(key: key, outcome: outcome) }
            if let document = memo?.document(at: located.path, sha256: located.sha256) {
                return LoadedResource(key: key, outcome: outcome, document: document, sha256: located.sha256, fromMemo: true)
            }
        }
        let fetched = if let located { await fetcher.fetch(url, located: located) } else { await fetcher.fetch(url) }
        switch fetched {
        case .notFound: return LoadedResource(key: key, outcome: .notFound)
        case .outsideBundle: return LoadedResource(key: key, outcome: .outsideBundle)
        case .found(let path, let mimeType, let body):
            let outcome = FetchOutcome.found(path: path, mimeType: mimeType)
            let kind = DocumentKind(mimeType: mimeType)
            // Under an alias, relative links resolve from the alias URL, as the app resolves them.
            guard kind != .other, let (pagePath, pageURL) = resolver.url(forPath: alias ?? path) else {
                return LoadedResource(key: key, outcome: outcome)
            }
            var facts: DocumentFacts
            var settled = SettledLinks()
            let pageFolder = folders?.folder(of: pagePath)
            let known = pageFolder?.snapshot()
            if kind == .html || kind == .svg {
                (facts, settled) = HTMLExtractor.extract(body, xml: kind == .svg, known: known)
                // A `<base href>` anywhere in the page takes every reference off its folder's outcomes.
                if facts.baseHref != nil, pageFolder != nil {
                    (facts, settled) = HTMLExtractor.extract(body, xml: kind == .svg, known: nil)
                }
            } else {
                facts = DocumentFacts(links: CSSExtractor.extract(body))
            }
            // Left out of the crawl on purpose (`--ignore`): its ids stay targets, its own links
            // and faults are not judged.
            let leftOut = resolver.leavesOut(path) || alias.map(resolver.leavesOut) == true
            if leftOut {
                facts = DocumentFacts(anchors: facts.anchors, mapNames: facts.mapNames)
                settled = SettledLinks()
            }
            // As browsers freeze a base URL: a `data:` or `javascript:` one is not used (HTML standard).
            let base = facts.baseHref.flatMap { resolver.baseURL(of: $0, page: pageURL) }
            var links: [ResolvedLink] = []
            var accepted = Set(settled.accepted)
            var acceptedCount = settled.accepted.count
            let anchorNames = Set(facts.anchors.map { ByteKey($0.name) })
            let mapNames = Set(facts.mapNames.map(ByteKey.init))
            let folder = base == nil ? pageFolder : nil
            let shared = facts.links.map { folder != nil && FolderLinkCache.isFolderWide($0.url) }
            let folderOutcomes = known.flatMap { folder?.outcomes(of: facts.links, shared: shared, settled: $0) }
            var learned: [(link: ExtractedLink, outcome: FolderLinkCache.Outcome)] = []
            var refreshTarget: Int32?
            for (position, link) in facts.links.enumerated() {
                var outcome = folderOutcomes?[position]
                if outcome == nil {
                    let target = resolver.resolve(
                        link.url, page: pageURL, pagePath: pagePath, base: link.namesThisPage ? nil : base)
                    switch target {
                    case .ignored:
                        outcome = .skipped
                        // Never judged, but the page it names is linked: no orphan, and crawled.
                        if let reached = resolver.reachedThroughIgnored(link.url, page: pageURL, pagePath: pagePath, base: base) {
                            // An alias's URL names no file of the table: the file it serves is reached.
                            // Unless the patterns leave that file out too (a section left out on purpose).
                            if let index = table.index(reached.path, key: reached.key), !resolver.leavesOut(reached.path) {
                                accepted.insert(index)
                            } else if let url = URL(string: reached.key), let served = await servedPath(of: url, fetcher),
                                served != reached.path, !resolver.leavesOut(served), let index = table.index(of: served)
                            {
                                accepted.insert(index)
                            }
                        }
                    case .notALink:
                        outcome = .skipped
                    case .samePage(let fragment)
                    where !kind.definesIDs
                        || (link.attribute == "usemap"
                            ? mapNames.contains(ByteKey(fragment)) : LinkRules.hasAnchor(fragment, in: anchorNames)):
                        // Judged here, against the page's own ids: a table of contents needs no memo.
                        acceptedCount += 1
                        continue
                    case .sameOrigin(let same) where same.fragment == nil && !same.escapesRoot && !same.absolutePath:
                        // A style sheet or script is fine on its path alone only when its type, as the
                        // fetcher serves it, is one a browser uses it under; else the rules judge it.
                        let typeFits: Bool
                        if link.destination == .other {
                            typeFits = true
                        } else if let url = URL(string: same.key), let located = await fetcher.locate(url) {
                            typeFits = LinkRules.typeFits(located.mimeType, link.destination)
                        } else {
                            typeFits = false
                        }
                        outcome =
                            typeFits
                            ? table.index(same.path, key: same.key).map { .accepted($0) } ?? .pending(target) : .pending(target)
                    default:
                        outcome = .pending(target)
                    }
                    if shared[position], let outcome { learned.append((link, outcome)) }
                }
                switch outcome {
                case .skipped?, nil:
                    continue
                case .accepted(let index)?:
                    accepted.insert(index)
                    acceptedCount += 1
                    if link.element == "meta", refreshTarget == nil { refreshTarget = index }
                case .pending(let target)?:
                    links.append(ResolvedLink(link: link, target: target))
                }
            }
            if !learned.isEmpty { folder?.remember(learned) }
            let document = ParsedDocument(
                path: path, kind: kind, duplicateIDs: leftOut ? [] : facts.duplicateIDs, links: links,
                acceptedTargets: accepted.sorted(), acceptedCount: acceptedCount, anchorNames: anchorNames,
                mapNames: mapNames,
                encoding: !leftOut && servesUTF8(mimeType) ? body.withUnsafeBytes { EncodingProblem.find(in: $0) } : nil,
                refreshTarget: refreshTarget, baseHref: Self.movingBase(facts.baseHref, base: base, page: pageURL))
            let encoded = located.map {
                CrawlMemo.encode(CrawlMemo.Entry(sha256: $0.sha256, mimeType: mimeType, document: document))
            }
            return LoadedResource(key: key, outcome: outcome, document: document, sha256: located?.sha256, encoded: encoded)
        }
    }
}

/// The bundle path of the file `url` is served from (an alias's file), located or else fetched.
private func servedPath(of url: URL, _ fetcher: any ResourceFetching) async -> String? {
    if let located = await fetcher.locate(url) { return located.path }
    if case .found(let path, _, _) = await fetcher.fetch(url) { return path }
    return nil
}

/// Whether a resource of `mimeType` reaches the app as UTF-8: text types get `charset=utf-8`
/// unless the type names another charset (a manifest may).
func servesUTF8(_ mimeType: String) -> Bool {
    let lowered = mimeType.lowercased()
    guard let range = lowered.range(of: "charset=") else { return true }
    let value = lowered[range.upperBound...].prefix { $0 != ";" }.trimmingCharacters(in: .whitespaces)
    return ["utf-8", "\"utf-8\"", "utf8"].contains(value)
}

/// Which resources the crawler parses for further links.
package enum DocumentKind: Int, Sendable, Hashable {
    /// Raw values as the crawl memo stores them.
    case other = 0, html = 1, css = 2
    /// An SVG image: its ids are what `sprite.svg#icon` names, and it may link to more.
    case svg = 3

    /// The kind of a resource of `mimeType`, parameters and case ignored.
    package init(mimeType: String) {
        let essence = mimeType.split(separator: ";").first.map { String($0).trimmingASCIIWhitespace().lowercased() } ?? ""
        switch essence {
        case "text/html", "application/xhtml+xml": self = .html
        case "text/css": self = .css
        case "image/svg+xml": self = .svg
        default: self = .other
        }
    }

    /// Whether its ids are fragment targets, checked for links to `#fragment`s in it.
    var definesIDs: Bool { self == .html || self == .svg }
}
