import Foundation
import SitegenCore

extension LinkChecker {
    /// An `alias-folder` finding for each alias in another folder than its page whose URL breaks
    /// links of the page: the app resolves them from the alias URL (`guide/install.html` served as
    /// `setup.html` links `other.html` to `setup.html`'s folder). Its `href` is the alias path.
    /// Errors the page has under its own URL too (`own`) are not counted. `files` limits the pages
    /// looked at; `nil` for all.
    func aliasFindings(
        state: CrawlState, table: PathTable, resolver: LinkResolver, own: [LinkFinding], files: Set<String>? = nil
    ) async -> [LinkFinding] {
        let aliases = fetcher.aliasesInOtherFolders.filter { files?.contains($0.file) ?? true }
        guard !aliases.isEmpty else { return [] }
        var state = state
        let reported = Set(own.map { FindingPlace($0) })
        var findings: [LinkFinding] = []
        for (alias, file) in aliases.sorted(by: { $0.alias < $1.alias }) {
            guard let (_, url) = resolver.url(forPath: alias) else { continue }
            let loaded = await Self.load(
                url, key: resolver.key(for: url), fetcher: fetcher, resolver: resolver, table: table, memo: nil,
                servedAs: alias)
            guard let document = loaded.document, document.isHTML, document.path == file else { continue }
            await fetchTargets(of: document, into: &state, resolver: resolver, table: table)
            state.documents[file] = document
            var rules = LinkRules(state: state, options: options, table: table)
            rules.judged = [file]
            let broken = rules.report(orphans: false).findings.filter {
                $0.diagnostic.severity == .error && !reported.contains(FindingPlace($0))
            }
            // One cause, one fix: a finding per alias, at the first link it breaks.
            guard let first = broken.first else { continue }
            let parent = file.split(separator: "/").dropLast().joined(separator: "/")
            let folder = parent.isEmpty ? "the top folder" : "'\(parent)/'"
            let count = broken.count == 1 ? "1 of its links" : "\(broken.count) of its links"
            var diagnostic = first.diagnostic
            diagnostic.rule = .aliasFolder
            diagnostic.message =
                "served as its alias '\(alias)', this page breaks \(count) (first: \(first.diagnostic.message)): an alias serves the page's bytes, whose relative links then resolve from the alias's folder; keep the alias in \(folder)"
            findings.append(LinkFinding(diagnostic: diagnostic, page: file, href: alias))
        }
        return findings
    }

    /// Fetch outcomes of the same-origin targets of `document` the crawl did not fetch, and the
    /// documents they land on, for fragment checks.
    private func fetchTargets(of document: ParsedDocument, into state: inout CrawlState, resolver: LinkResolver, table: PathTable)
        async
    {
        for link in document.links {
            guard case .sameOrigin(let target) = link.target, !target.escapesRoot, state.outcomes[target.key] == nil,
                let url = URL(string: target.key)
            else { continue }
            let loaded = await Self.load(url, key: target.key, fetcher: fetcher, resolver: resolver, table: table, memo: nil)
            state.outcomes[target.key] = loaded.outcome
            if let parsed = loaded.document, state.documents[parsed.path] == nil { state.documents[parsed.path] = parsed }
        }
    }
}

/// What tells two findings about one link apart, whatever their messages say.
private struct FindingPlace: Hashable {
    var rule: String
    var location: String
    var href: String?

    init(_ finding: LinkFinding) {
        rule = finding.diagnostic.rule.rawValue
        location = finding.diagnostic.location?.description ?? ""
        href = finding.href
    }
}
