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
        let resolver = LinkResolver(
            scheme: fetcher.scheme, host: fetcher.host, ignorePatterns: options.ignorePatterns, siteURL: options.siteURL)
        let paths = fetcher.allPaths
        guard memo.paths == paths, memo.context == context(entries: entries.map { resolver.key(for: $0) }) else {
            return nil
        }
        var changed: [String] = []
        var seen = 0
        let known = fetcher.forEachFileHash { path, sha256 in
            guard let remembered = memo.sha256(at: path) else { return }
            seen += 1
            if remembered != sha256 { changed.append(path) }
        }
        guard known, seen == memo.count else { return nil }
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
                let sha256 = loaded.sha256,
                document.kind == old.kind, document.anchorNames == old.anchorNames, document.mapNames == old.mapNames,
                document.scheduledKeys(table) == old.scheduledKeys(table)
            else { return nil }
            state.documents[path] = document
            linksChecked += document.checkedLinkCount - old.checkedLinkCount
            updated.remember(CrawlMemo.Entry(sha256: sha256, mimeType: mimeType, document: document), at: path)
        }
        let judged = Set(changed)
        await resolveTargets(of: changed, into: &state, memo: memo, changed: judged)

        var rules = LinkRules(state: state, options: options, table: table)
        rules.judged = judged
        let fresh = rules.report(orphans: false)
        let underAliases = await aliasFindings(
            state: state, table: table, resolver: resolver, own: fresh.findings, files: judged)
        let kept = baseline.findings.filter { finding in finding.page.map { !judged.contains($0) } ?? true }
        let report = CheckReport(
            pages: baseline.pages, assets: baseline.assets, linksChecked: linksChecked,
            findings: (kept + fresh.findings + underAliases).sorted())
        return (report, updated)
    }

    /// Fetch outcomes of every same-origin target of `paths`, and the parsed documents they land on
    /// (for fragment checks), as the full crawl would have them.
    private func resolveTargets(of paths: [String], into state: inout CrawlState, memo: CrawlMemo, changed: Set<String>)
        async
    {
        var keys: [String] = []
        for path in paths {
            for link in state.documents[path]?.links ?? [] {
                if case .sameOrigin(let target) = link.target, !target.escapesRoot { keys.append(target.key) }
            }
        }
        /// The document of `path` from the memo, put into the state unless it is there or changed.
        func remembered(_ path: String) -> ParsedDocument? {
            guard state.documents[path] == nil, !changed.contains(path), let document = memo.entry(at: path)?.document
            else { return nil }
            state.documents[path] = document
            return document
        }
        for key in keys where state.outcomes[key] == nil {
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
            // Every other file the memo holds is as it was parsed (`recheck` compared them all).
            if case .found(let path, _) = state.outcomes[key], let document = remembered(path) {
                // A redirect stub's fragments are looked up in the page it redirects to as well.
                if let index = document.refreshTarget, memo.paths.indices.contains(Int(index)) {
                    _ = remembered(memo.paths[Int(index)])
                }
            }
        }
    }
}
