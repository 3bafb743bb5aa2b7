import Foundation
import SitegenBuild
import SitegenCore
import SitegenLinks

/// Build, crawl and commit: the part of `sitegen build` that `sitegen serve` repeats on every change.
enum BuildPipeline {
    /// What a build that got past its input checks produced.
    struct Result: Sendable {
        var report: Report
        /// `strict: true` in sitegen.yml.
        var strict: Bool
        /// Everything the build held, for a one-shot command to hand to `keepUntilExit`.
        var outcome: BuildOutcome
        /// The previous bundle, when it could not be deleted.
        var leftover: StagedFolder.Leftover? = nil
        /// The crawl and the memo it read, held with `outcome`: freeing 10,000 memo entries takes
        /// milliseconds a one-shot command need not spend.
        var crawl: CrawlResult? = nil
        var memo: CrawlMemoFile.Loaded? = nil
    }

    /// A build that stopped on an input error (nothing was committed) or was stopped. `message` is
    /// the one line to print.
    struct Failure: Error, Sendable {
        var message: String
        /// The input error behind `message`, when there is one: for reports that carry it as a finding.
        var inputError: InputError? = nil
        /// Stopped after its bundle was moved into the output folder: a rebuild in place commits
        /// before its crawl, so the folder holds the new bundle, unchecked.
        var committed = false

        init(message: String) { self.message = message }

        /// The failure for `error`, whose column counts bytes: the message counts characters, as reports do.
        init(_ error: InputError, workingDirectory: URL) {
            var shown = error
            shown.location = error.location.map { CharacterColumns.convert($0, workingDirectory: workingDirectory) }
            message = "\(shown)"
            inputError = error
        }
    }

    /// Builds `options.siteDirectory` into a staged bundle, crawls it through the scheme resolver
    /// (reusing what the previous build's cache remembers), maps crawl findings back to Markdown,
    /// and commits the bundle over `options.outputDirectory` with the cache beside it.
    static func run(
        _ options: BuildOptions, workingDirectory: URL, started: ContinuousClock.Instant, progress: ProgressLine? = nil
    ) async
        -> Swift.Result<Result, Failure>
    {
        // The crawl memo is read while the site is built: only the crawl needs it.
        async let memoOnDisk = CrawlMemoFile.load(for: options.outputDirectory)
        let outcome: BuildOutcome
        do {
            outcome = try await SiteBuilder(options: options, progress: progress?.handler).build()
        } catch {
            return .failure(Failure(error, workingDirectory: workingDirectory))
        }
        var timer = StageTimer()
        if Task.isCancelled {
            outcome.staged.discard()
            return .failure(Failure(message: "stopped"))
        }
        if outcome.commitsBeforeCrawl {
            do { try outcome.commitBundle() } catch { return .failure(Failure(error, workingDirectory: workingDirectory)) }
        }
        // The cache's head does not depend on the crawl: written while it runs.
        async let pendingCache = outcome.startSavingCache()
        let crawl: CrawlResult
        let savedMemo = await memoOnDisk.flatMap { saved in
            saved.generation != 0 && saved.generation == outcome.previousMemoGeneration ? saved : nil
        }
        let memo = savedMemo?.memo
        if let cached = outcome.cache.crawl {
            crawl = CrawlResult(cached, memo: memo ?? CrawlMemo())
        } else {
            do {
                crawl = try await Crawl.run(
                    bundle: outcome.bundleToCrawl, displayRoot: options.outputDisplay, entries: [],
                    external: CheckPolicy.external(outcome.config.externalLinks), ignore: outcome.config.ignoreLinks,
                    progress: progress?.handler, memo: memo, baseline: outcome.previousCrawl.map { CrawlResult($0).report },
                    resolver: outcome.crawlResolver)
            } catch {
                // The cache's files first: the folders made for the output go with the staged bundle once empty.
                await pendingCache?.discard()
                outcome.staged.discard()
                return .failure(Failure(message: "\(options.outputDisplay)\(error)"))
            }
        }
        timer.lap("crawl")
        var seen = Set<String>()
        var diagnostics: [Diagnostic] = []
        let mapped = await mapToSources(crawl.findings, outcome: outcome, outputDisplay: options.outputDisplay)
        // A Markdown link is found twice, by the Markdown check and by the crawl, at one line: kept once.
        // Findings with no line (mapped to the template) are told apart by their messages.
        for diagnostic in outcome.diagnostics + mapped {
            var key = "\(diagnostic.rule)|\(diagnostic.location?.description ?? "")"
            if (diagnostic.location?.line ?? 0) == 0 { key += "|" + diagnostic.message }
            if seen.insert(key).inserted { diagnostics.append(diagnostic) }
        }
        diagnostics.sort()
        timer.lap("map findings to sources")
        // A page's details, read to map a finding, that changed on disk gave wrong places; the cache
        // that holds them would give them again on every build. Once more, without the cache.
        if outcome.foundDamagedCache, options.trustsCache, !Task.isCancelled {
            await pendingCache?.discard()
            outcome.staged.discard()
            var untrusting = options
            untrusting.trustsCache = false
            return await run(untrusting, workingDirectory: workingDirectory, started: started, progress: progress)
        }
        if Task.isCancelled {
            var stopped = Failure(message: "stopped")
            stopped.committed = outcome.commitsBeforeCrawl
            // Committed, the bundle is this build's: its cache, without the crawl, saves the next
            // build from starting over.
            if stopped.committed {
                outcome.saveCacheWithoutCrawl(into: await pendingCache)
            } else {
                await pendingCache?.discard()
            }
            outcome.staged.discard()
            return .failure(stopped)
        }
        var leftover: StagedFolder.Leftover?
        if !outcome.commitsBeforeCrawl {
            do { leftover = try outcome.commitBundle() } catch {
                await pendingCache?.discard()
                return .failure(Failure(error, workingDirectory: workingDirectory))
            }
        }
        // The columns are counted in characters (reading the files with findings) while the caches are saved.
        async let shown = Report(
            command: "build", files: outcome.sourceFiles, diagnostics: diagnostics, pages: outcome.pageCount,
            assets: outcome.assetCount, linksChecked: crawl.linksChecked, seconds: 0
        ).withCharacterColumns(workingDirectory: workingDirectory)
        if !outcome.reusesPreviousCrawl {
            CrawlMemoFile.save(
                crawl.memo, generation: outcome.cache.memoGeneration, for: options.outputDirectory, previous: savedMemo)
        }
        outcome.saveCache(crawl: crawl.cached, into: await pendingCache)
        var report = await shown
        report.seconds = seconds(since: started)
        timer.lap("commit")
        return .success(
            Result(
                report: report, strict: outcome.config.strict, outcome: outcome, leftover: leftover, crawl: crawl,
                memo: await memoOnDisk))
    }

    /// The crawl's findings pointed at their Markdown sources (`mapToSource`), in their order, less
    /// those about Markdown links that `ignore_links` names. Findings are mapped a page at a time, the
    /// pages in two groups on both cores once there are enough: each finding reads its page's
    /// Markdown details and generated HTML, a few milliseconds for the 200 findings of a rebuild.
    static func mapToSources(_ findings: [LinkFinding], outcome: BuildOutcome, outputDisplay: String) async -> [Diagnostic] {
        guard !findings.isEmpty else { return [] }
        let groups = pageGroups(findings, count: findings.count >= 64 ? 2 : 1)
        let context = MappingContext(
            sources: outcome.sources, assets: outcome.sources.assetSources(), outputDisplay: outputDisplay,
            bundleFolder: outcome.bundleToCrawl.path + "/")
        let parts = await withTaskGroup(of: (Int, [Diagnostic?]).self) { group in
            for (number, indices) in groups.enumerated() {
                group.addTask { (number, context.map(findings, at: indices)) }
            }
            var parts = [[Diagnostic?]](repeating: [], count: groups.count)
            for await (number, part) in group { parts[number] = part }
            return parts
        }
        var mapped = [Diagnostic?](repeating: nil, count: findings.count)
        for (indices, part) in zip(groups, parts) {
            for (index, diagnostic) in zip(indices, part) { mapped[index] = diagnostic }
        }
        return mapped.compactMap { $0 }
    }

    /// The positions of `findings` in up to `count` groups of whole pages (every finding of a page in
    /// one group, in order), of about as many findings each; findings of no page go with the first.
    static func pageGroups(_ findings: [LinkFinding], count: Int) -> [[Int]] {
        guard count > 1 else { return [Array(findings.indices)] }
        var groupOfPage: [String: Int] = [:]
        var groups = [[Int]](repeating: [], count: count)
        var findingsOfPage: [String: Int] = [:]
        for finding in findings { findingsOfPage[finding.page ?? "", default: 0] += 1 }
        var assigned = 0
        for (index, finding) in findings.enumerated() {
            let page = finding.page ?? ""
            let group: Int
            if let known = groupOfPage[page] {
                group = known
            } else {
                group = finding.page == nil ? 0 : min(count - 1, assigned * count / findings.count)
                groupOfPage[page] = group
                assigned += findingsOfPage[page] ?? 1
            }
            groups[group].append(index)
        }
        return groups.filter { !$0.isEmpty }
    }

    /// What mapping findings to sources reads, shared by the groups of pages.
    private struct MappingContext: Sendable {
        var sources: SourceMap
        /// Copied assets' sources, by bundle path.
        var assets: [String: String]
        var outputDisplay: String
        /// The bundle's folder with a `/`: a path glued to it, as a `URL` made for each of hundreds
        /// of findings is felt.
        var bundleFolder: String

        /// The findings at `indices` (every finding of their pages), mapped; nil for one to leave out.
        func map(_ findings: [LinkFinding], at indices: [Int]) -> [Diagnostic?] {
            var duplicates = DuplicateIDPlaces(indices.map { findings[$0] }, sources: sources)
            var mapped: [Diagnostic?] = []
            mapped.reserveCapacity(indices.count)
            // Links of one page with the same href: the n-th in the generated page is the n-th in the
            // Markdown (findings come sorted by place); two findings of one link are one place.
            var linkPlaces: [String: [String: Int]] = [:]
            var generatedPages: [String: GeneratedLinkPlaces] = [:]
            let places = SourcePlaces()
            for index in indices {
                // Thousands of findings take a second to map: a stopped `serve` does not wait for them
                // (a stop during the crawl ends here too, before the first).
                if Task.isCancelled { break }
                let finding = findings[index]
                if finding.diagnostic.link != nil, let page = finding.page, let href = finding.href,
                    sources.isIgnoredMarkdownLink(page: page, href: href)
                {
                    mapped.append(nil)
                    continue
                }
                var occurrence = 0
                var generated: (index: Int, count: Int)?
                if let page = finding.page, let href = finding.href, let place = finding.diagnostic.location {
                    let key = page + "\u{0}" + href
                    // Looked up, then written in place: a copy held across the write would copy the table each time.
                    if let known = linkPlaces[key]?[place.description] {
                        occurrence = known
                    } else {
                        occurrence = linkPlaces[key]?.count ?? 0
                        linkPlaces[key, default: [:]][place.description] = occurrence
                    }
                    if generatedPages[page] == nil {
                        generatedPages[page] = GeneratedLinkPlaces(page: FileBytes.read(bundleFolder + page) ?? [])
                    }
                    generated = generatedPages[page]?.index(of: href, line: place.line, column: place.column)
                }
                mapped.append(
                    BuildPipeline.mapToSource(
                        finding, sources, assets: assets, duplicates: &duplicates, outputDisplay: outputDisplay,
                        occurrence: occurrence, generated: generated, places: places))
            }
            return mapped
        }
    }

    /// Points a finding in a generated page at the Markdown line the link came from, else at the
    /// template, and one in a copied asset at the same place in the file it is copied from (`assets`,
    /// by bundle path); findings without a page stay where they are.
    fileprivate static func mapToSource(
        _ finding: LinkFinding, _ sources: SourceMap, assets: [String: String], duplicates: inout DuplicateIDPlaces,
        outputDisplay: String, occurrence: Int, generated: (index: Int, count: Int)?, places: SourcePlaces
    ) -> Diagnostic {
        var diagnostic = finding.diagnostic
        // The bundle path of the file the finding is in, when it names one.
        let output = diagnostic.location.flatMap { place in
            place.path.afterPrefix(bytesOf: outputDisplay)
        }
        if let output, let source = assets[output] {
            diagnostic.location?.path = source
            return diagnostic
        }
        // An orphan is a generated page no link reaches: the Markdown file is what to fix.
        if finding.page == nil, let place = diagnostic.location, let output, let source = sources.source(ofPage: output) {
            diagnostic.message += " (generated \(place.path))"
            diagnostic.location = source
            return diagnostic
        }
        // An id written twice in a page's raw HTML is fixed there, not in the template.
        if diagnostic.rule == .duplicateID, let page = finding.page, let id = finding.href,
            let mapped = duplicates.map(diagnostic, page: page, id: id)
        {
            return mapped
        }
        // An alias's finding belongs where the alias is declared.
        if diagnostic.rule == .aliasFolder, let page = finding.page, let alias = finding.href,
            let location = sources.location(page: page, alias: alias)
        {
            diagnostic.location = location
            return diagnostic
        }
        // Written as raw HTML, a link to a draft's page is a missing file of the bundle: say whose.
        if diagnostic.rule == .brokenLink, let page = finding.page, let href = finding.href,
            diagnostic.message.hasPrefix("no file "), let note = sources.draftNote(linkedAs: href, fromPage: page)
        {
            diagnostic.message += note
        }
        guard let page = finding.page,
            let location = sources.location(
                page: page, href: finding.href, occurrence: occurrence, generated: generated, memo: places)
        else { return diagnostic }
        if location.line == 0, let generated = diagnostic.location {
            diagnostic.message += " (in generated \(generated))"
        }
        diagnostic.location = location
        return diagnostic
    }
}
