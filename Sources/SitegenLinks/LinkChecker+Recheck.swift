import Foundation
import SitegenCore

extension LinkChecker {
    /// Updates `baseline`, the report of the crawl that produced `memo`, for a bundle in which only a
    /// few parsed files changed: only those are read and parsed, and only their links judged.
    ///
    /// Returns `nil` whenever a change could alter what the links of other files find, and the
    /// caller then crawls in full (`check(entries:memo:)`): a file added or removed, a changed file
    /// whose anchors or link targets differ (other pages' fragments, or what the crawl reaches), other
    /// entries or options, or more changed files than a full crawl would be slower for.
    public func recheck(entries: [URL], baseline: CheckReport, memo: CrawlMemo) async -> (
        report: CheckReport, memo: CrawlMemo
    )? {
        let resolver = LinkResolver(scheme: fetcher.scheme, host: fetcher.host, ignorePatterns: options.ignorePatterns)
        let paths = fetcher.allPaths
        guard memo.paths == paths, memo.context == context(entries: entries.map { resolver.key(for: $0) }) else {
            return nil
        }
        var changed: [String] = []
        for path in memo.rememberedPaths {
            guard let now = fetcher.sha256(ofPath: path) else { return nil }
            if now != memo.sha256(at: path) { changed.append(path) }
        }
        if changed.isEmpty { return (baseline, memo) }
        guard changed.count <= max(16, memo.count / 8) else { return nil }
        changed.sort()

        let table = PathTable(paths: paths, resolver: resolver, eagerKeys: false)
        var updated = memo
        var state = CrawlState()
        var linksChecked = baseline.linksChecked
        for path in changed {
            guard let old = memo.entry(at: path)?.document, let (_, url) = resolver.url(forPath: path) else { return nil }
            let loaded = await Self.load(
                url, key: resolver.key(for: url), fetcher: fetcher, resolver: resolver, table: table, memo: nil)
            guard let document = loaded.document, case .found(_, let mimeType) = loaded.outcome,
                let sha256 = fetcher.sha256(ofPath: path),
                document.isHTML == old.isHTML, document.anchorNames == old.anchorNames,
                document.scheduledKeys(table) == old.scheduledKeys(table)
            else { return nil }
            state.documents[path] = document
            linksChecked += document.checkedLinkCount - old.checkedLinkCount
            updated.remember(CrawlMemo.Entry(sha256: sha256, mimeType: mimeType, document: document), at: path)
        }
        await resolveTargets(of: changed, into: &state, memo: memo)

        let judged = Set(changed)
        var rules = LinkRules(state: state, options: options, allPaths: paths)
        rules.judged = judged
        let fresh = rules.report(orphans: false)
        let kept = baseline.findings.filter { finding in finding.page.map { !judged.contains($0) } ?? true }
        let report = CheckReport(
            pages: baseline.pages, assets: baseline.assets, linksChecked: linksChecked,
            findings: (kept + fresh.findings).sorted())
        return (report, updated)
    }

    /// Fetch outcomes of every same-origin target of `paths`, and the parsed documents they land on
    /// (for fragment checks), as the full crawl would have them.
    private func resolveTargets(of paths: [String], into state: inout CrawlState, memo: CrawlMemo) async {
        var keys: [(key: String, path: String)] = []
        for path in paths {
            for link in state.documents[path]?.links ?? [] {
                if case .sameOrigin(let target) = link.target, !target.escapesRoot { keys.append((target.key, target.path)) }
            }
        }
        for (key, _) in keys where state.outcomes[key] == nil {
            guard let url = URL(string: key) else { continue }
            if let located = await fetcher.locate(url) {
                state.outcomes[key] = .found(path: located.path, mimeType: located.mimeType)
            } else {
                switch await fetcher.fetch(url) {
                case .found(let path, let mimeType, _): state.outcomes[key] = .found(path: path, mimeType: mimeType)
                case .notFound: state.outcomes[key] = .notFound
                case .outsideBundle: state.outcomes[key] = .outsideBundle
                }
            }
            if case .found(let path, _) = state.outcomes[key], state.documents[path] == nil,
                memo.sha256(at: path) == fetcher.sha256(ofPath: path), let entry = memo.entry(at: path)
            {
                state.documents[path] = entry.document
            }
        }
    }
}
