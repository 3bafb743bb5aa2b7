import Foundation
import SitegenBuild
import SitegenCore
import SitegenLinks

/// `sitegen build`: Markdown and templates → a checked bundle with its manifest.
enum BuildCommand: Command {
    static let spec = CommandSpec(
        name: "build",
        summary: "Build Site/ with Templates/ into a bundle, crawl it through the scheme resolver, write manifest.json.",
        options: [
            .value("--site", "DIR", "The site folder (default Site)."),
            .value("--templates", "DIR", "The theme folder (default Templates)."),
            .value("--out", "DIR", "The bundle folder to write (default dist); replaced only by a build without input errors."),
            .flag("--strict", "Warnings fail the build too (exit 1); also 'strict: true' in sitegen.yml."),
        ] + ReportOptions.specs,
        discussion: """
            A build with link errors still writes its bundle (exit 1) so that you can look at it; a build that \
            hits an input error writes nothing and leaves the previous bundle as it was (exit 2).
            """)

    static func run(_ arguments: ParsedArguments, console: Console, environment: Environment) async -> ExitCode {
        let started = ContinuousClock.now
        let report: ReportOptions
        do { report = try ReportOptions(arguments, spec: spec) } catch {
            console.err("\(error)\n")
            return .inputError
        }
        let options = BuildOptions(
            site: arguments.value("--site") ?? "Site", templates: arguments.value("--templates") ?? "Templates",
            output: arguments.value("--out") ?? "dist", workingDirectory: environment.workingDirectory)
        let progress = ProgressLine(enabled: environment.stderrIsTerminal && !report.quiet)
        defer { progress.finish() }
        let outcome: BuildOutcome
        do {
            outcome = try await SiteBuilder(options: options, progress: progress.handler).build()
        } catch {
            progress.finish()
            console.err("\(error)\n")
            return .inputError
        }
        let crawl: CrawlResult
        if let cached = outcome.cache.crawl {
            crawl = CrawlResult(
                findings: cached.findings.map { LinkFinding(diagnostic: $0.diagnostic, page: $0.page, href: $0.href) },
                pages: cached.pages, assets: cached.assets, linksChecked: cached.linksChecked,
                memo: CrawlMemo(bytes: outcome.cache.crawlMemo) ?? CrawlMemo())
        } else {
            do {
                crawl = try await Crawl.run(
                    bundle: outcome.staged.directory, displayRoot: options.outputDisplay, entries: [],
                    external: CheckPolicy.external(outcome.config.externalLinks), ignore: outcome.config.ignoreLinks,
                    progress: progress.handler, memo: CrawlMemo(bytes: outcome.cache.crawlMemo))
            } catch {
                outcome.staged.discard()
                console.err("\(options.outputDisplay)\(error)\n")
                return .inputError
            }
        }
        var seen = Set<String>()
        var diagnostics: [Diagnostic] = []
        for diagnostic in outcome.diagnostics + crawl.findings.map({ mapToSource($0, outcome.sources) }) {
            let key = "\(diagnostic.rule)|\(diagnostic.location?.description ?? "")"
            if seen.insert(key).inserted { diagnostics.append(diagnostic) }
        }
        diagnostics.sort()
        let cachedCrawl = BuildCache.CachedCrawl(
            findings: crawl.findings.map { BuildCache.CachedFinding(diagnostic: $0.diagnostic, page: $0.page, href: $0.href) },
            pages: crawl.pages, assets: crawl.assets, linksChecked: crawl.linksChecked)
        do { try outcome.commit(crawl: cachedCrawl, crawlMemo: crawl.memo.encoded()) } catch {
            console.err("\(error)\n")
            return .inputError
        }
        progress.finish()
        let result = Report(
            command: "build", files: outcome.sourceFiles, diagnostics: diagnostics, pages: outcome.pageCount,
            assets: outcome.assetCount, linksChecked: crawl.linksChecked,
            seconds: seconds(since: started))
        guard report.emit(result, console: console, workingDirectory: environment.workingDirectory) else { return .inputError }
        let strict = arguments.has("--strict") || outcome.config.strict
        return result.errors > 0 || strict && result.warnings > 0 ? .findings : .success
    }

    /// Points a finding in a generated page at the Markdown line the link came from, else at the
    /// template; orphans and findings without a page stay where they are.
    private static func mapToSource(_ finding: LinkFinding, _ sources: SourceMap) -> Diagnostic {
        var diagnostic = finding.diagnostic
        guard let page = finding.page, let location = sources.location(page: page, href: finding.href) else { return diagnostic }
        if location.line == 0, let generated = diagnostic.location {
            diagnostic.message += " (in generated \(generated))"
        }
        diagnostic.location = location
        return diagnostic
    }
}

func seconds(since start: ContinuousClock.Instant) -> Double {
    let elapsed = ContinuousClock.now - start
    return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
}
