import Foundation
import SitegenBundleCore
import SitegenCore
import SitegenLinks

/// `sitegen check DIR`: the link checker on any HTML tree, with or without a manifest.
enum CheckCommand: Command {
    static let spec = CommandSpec(
        name: "check",
        summary: "Check every link, asset and #fragment of an HTML tree (a sitegen bundle, Hugo or MkDocs output, ...).",
        positionals: ["DIR"],
        options: [
            .value(
                "--entry", "PATH",
                "Also crawl from PATH (bundle-relative, or a URL of the bundle's origin); the default entry is the manifest's, else index.html.",
                repeatable: true),
            .value(
                "--scheme", "S",
                "The scheme of a tree without manifest (default docs): an app's own, not one a browser keeps (http, https, file, data, ...)."
            ),
            .value("--host", "H", "The host of a tree without manifest (default app)."),
            .value(
                "--site-url", "URL",
                "Check the tree as the web site served at URL (Hugo's baseURL, MkDocs' site_url): links resolve as there, and those below URL are checked in the tree."
            ),
            .value("--external", "POLICY", "External links: ignore, warn or error (default warn). They are never fetched."),
            .value(
                "--ignore", "PATTERN",
                "Skip links whose text as written, URL or bundle path matches PATTERN ('*' matches anything, slashes too).",
                repeatable: true),
            .flag("--strict", "Warnings fail the check too (exit 1)."),
        ] + ReportOptions.specs)

    static func run(_ arguments: ParsedArguments, console: Console, environment: Environment) async -> ExitCode {
        let started = ContinuousClock.now
        let report: ReportOptions
        let external: ExternalLinkPolicy
        var siteURL: SiteURL?
        do {
            report = try ReportOptions(arguments, spec: spec)
            let name = arguments.value("--external") ?? "warn"
            guard let policy = ExternalLinkPolicy(rawValue: name) else {
                throw UsageError("--external must be ignore, warn or error, not '\(name)'", command: spec)
            }
            external = policy
            if let text = arguments.value("--site-url") {
                guard let parsed = SiteURL(parsing: text) else {
                    throw UsageError(
                        "--site-url must be an http or https URL with a host and no query or fragment, such as "
                            + "https://example.org/docs/, not '\(text)'", command: spec)
                }
                // A page's URL would put every link of the tree outside the site: all external, none checked.
                if let page = SiteURL.pageName(in: text) {
                    throw UsageError(
                        "--site-url must name the folder the site is served at, not a page ('\(page)'): "
                            + "write '\(parsed.folderOfPage)'", command: spec)
                }
                siteURL = parsed
            }
        } catch {
            console.err("\(error)\n")
            return .inputError
        }
        func stop(_ error: InputError) -> ExitCode {
            report.fail(
                error, command: "check", console: console, workingDirectory: environment.workingDirectory, started: started)
        }
        let path = arguments.positionals[0]
        let display = path.hasSuffix("/") ? path : path + "/"
        let directory = FolderPlace.url(path, from: environment.workingDirectory)
        if let problem = FolderArgument.problem(path, workingDirectory: environment.workingDirectory) { return stop(problem) }
        let checked = ReportOptions.ProtectedFolder(
            url: directory, display: display, role: "the folder checked, whose files a report would replace or add to")
        if let problem = report.misplacedOutput(inside: [checked], workingDirectory: environment.workingDirectory) {
            console.err("\(UsageError(problem, command: spec))\n")
            return .inputError
        }
        let origin: BundleOrigin
        do {
            origin = try BundleOrigin(
                validatingScheme: arguments.value("--scheme") ?? "docs", host: arguments.value("--host") ?? "app")
        } catch {
            return stop(InputError("\(error.message) (see 'sitegen check --help')"))
        }
        // A start page is a path inside the folder (`guide/a.html`, `/guide/a.html`): one that leaves
        // it is a mistake in the command, not a finding of the bundle.
        // Under `--site-url`, a start page may be given as its URL on the site: it is the tree's path.
        let entries = arguments.all("--entry").map { entry in siteURL?.treePath(ofStartPage: entry) ?? entry }
        for entry in entries {
            // A URL's path is after its authority, and decoded: `docs://app/%2e%2e/a.html` leaves the
            // folder too. A path is taken as written, as the crawl takes it.
            let isURL = StartPage.isURL(entry)
            let written = isURL ? StartPage.path(ofURL: entry) : entry
            let path = written.droppingLeadingSlash
            guard SitePath(normalizing: isURL ? StartPage.decodedDots(path) : path) != nil else {
                return stop(InputError("--entry '\(entry)' is not a path inside the checked folder (see 'sitegen check --help')"))
            }
        }
        // A bundle with a manifest is served under the manifest's origin: options that would name
        // another are said to be unused rather than silently dropped.
        let hasManifest = FileManager.default.fileExists(atPath: directory.appendingPathComponent(Manifest.fileName).path)
        if arguments.value("--scheme") != nil || arguments.value("--host") != nil, !report.quiet, hasManifest {
            console.err("note: \(display) has a manifest, whose origin the check uses: --scheme and --host are left unused\n")
        }
        let crawl: CrawlResult
        let progress = ProgressLine(enabled: environment.stderrIsTerminal && !report.quiet)
        // Ctrl-C stops the crawl and ends the check as stopped, with no report written (a report
        // being written is written whole first).
        let stopSignals = StopSignals()
        let ignored = arguments.all("--ignore")
        let checking = Task { () -> Result<CrawlResult, InputError> in
            do {
                return .success(
                    try await Crawl.run(
                        bundle: directory, displayRoot: display, entries: entries, external: external, ignore: ignored,
                        origin: origin, typeSource: hasManifest ? .manifest : .fileNames, siteURL: siteURL,
                        progress: progress.handler))
            } catch {
                // Without a manifest, the folder was listed instead: a file or folder it could not
                // read names itself.
                let otherwise = hasManifest ? display + Manifest.fileName : display
                let place = (error as? ManifestError).map { FolderArgument.location(of: $0, in: display, otherwise: otherwise) }
                return .failure(InputError("\(error)", at: place ?? SourceLocation(path: otherwise)))
            }
        }
        let outcome = await stopSignals.outcome(of: checking)
        progress.finish()
        stopSignals.endIfArrived(saying: "stopped", on: console)
        switch outcome {
        case .success(let result): crawl = result
        case .failure(let error): return stop(error)
        }
        // A page whose name is not UTF-8 is no path of the crawl (no URL can name it): left out
        // silently, its links would never be judged. A bundle's `verify` names such files.
        let unnamable =
            hasManifest
            ? []
            : DirectoryWalker.listingInParallel(below: directory.path) { _, _ in false }.invalidNames.filter(MIMEType.isHTMLPage)
                .map {
                    Diagnostic(
                        .warning, .orphan,
                        "name is not valid UTF-8 (invalid bytes shown as \\xHH), so no URL can name it and no app can load this page: rename it",
                        at: SourceLocation(path: display + $0))
                }
        let diagnostics = (crawl.findings.map(\.diagnostic) + unnamable).sorted()
        var pages = Set(crawl.findings.compactMap(\.page))
        // JUnit lists every page, the passing ones too; only it pays for the walk.
        if report.format == .junit {
            pages.formUnion(
                DirectoryWalker.files(below: directory.path).filter(MIMEType.isHTMLPage))
        }
        let files = pages.sorted().map { display + $0 }
        let result = Report(
            command: "check", files: files, diagnostics: diagnostics, pages: crawl.pages, assets: crawl.assets,
            linksChecked: crawl.linksChecked, seconds: seconds(since: started))
        guard report.emit(result, console: console, workingDirectory: environment.workingDirectory) else { return .inputError }
        let code = report.exitCode(
            errors: result.errors, warnings: result.warnings, strict: arguments.has("--strict"), command: "check",
            console: console)
        stopSignals.endIfArrived(saying: "stopped", on: console)
        return code
    }
}
