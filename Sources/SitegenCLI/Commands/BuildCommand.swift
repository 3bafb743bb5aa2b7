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
            .flag("--drafts", "Build pages marked 'draft: true' too, to preview them (not for a bundle you ship)."),
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
        var options = BuildOptions(
            site: arguments.value("--site") ?? "Site", templates: arguments.value("--templates") ?? "Templates",
            output: arguments.value("--out") ?? "dist", workingDirectory: environment.workingDirectory)
        options.toolIdentity = environment.toolIdentity
        options.includesDrafts = arguments.has("--drafts")
        let folders = [
            ReportOptions.ProtectedFolder(
                url: options.outputDirectory, display: options.outputDisplay, role: "the bundle folder, which the build replaces"),
            ReportOptions.ProtectedFolder(url: options.siteDirectory, display: options.siteDisplay, role: "the site folder"),
            ReportOptions.ProtectedFolder(
                url: options.templatesDirectory, display: options.templatesDisplay, role: "the theme folder"),
        ]
        let caches = BuildCache.files(for: options.outputDirectory).map {
            ($0, "a file the build keeps beside \(options.outputDisplay)")
        }
        if let problem = report.misplacedOutput(inside: folders, files: caches, workingDirectory: environment.workingDirectory) {
            console.err("\(UsageError(problem, command: spec))\n")
            return .inputError
        }
        let result: Report
        let configStrict: Bool
        let outsideNav: [String]
        let drafts: [String]
        var leftover: StagedFolder.Leftover?
        var configElsewhere: String?
        let progress = ProgressLine(enabled: environment.stderrIsTerminal && !report.quiet)
        defer { progress.finish() }
        // Ctrl-C stops the build at its next stage, which removes what it staged; a bundle being
        // moved into place is moved in whole first.
        let stop = StopSignals()
        let (buildOptions, workingDirectory) = (options, environment.workingDirectory)
        let building = Task {
            await BuildPipeline.run(buildOptions, workingDirectory: workingDirectory, started: started, progress: progress)
        }
        let outcome = await stop.outcome(of: building)
        if stop.hasArrived {
            progress.finish()
            let shown: String
            switch outcome {
            case .success: shown = "holds this build's bundle"
            case .failure(let failure): shown = failure.committed ? "holds this build's bundle, unchecked" : "is as it was"
            }
            stop.endIfArrived(saying: "stopped: \(options.outputDisplay) \(shown)", on: console)
        }
        switch outcome {
        case .failure(let failure):
            progress.finish()
            console.err("\(failure.message)\n")
            // A CI job that reads a report file or annotations gets the error there too.
            if let error = failure.inputError {
                report.reportInputError(
                    error, command: "build", console: console, workingDirectory: environment.workingDirectory,
                    started: started)
            }
            return .inputError
        case .success(let built):
            result = built.report
            configStrict = built.strict
            outsideNav = built.outcome.pagesOutsideNav
            drafts = built.outcome.draftsBuilt
            configElsewhere = built.outcome.configElsewhere
            leftover = built.leftover
            keepUntilExit(built)
        }
        progress.finish()
        guard report.emit(result, console: console, workingDirectory: environment.workingDirectory) else { return .inputError }
        if let note = Self.outsideNavNote(outsideNav), !report.quiet { console.err(note) }
        if let note = Self.draftsNote(drafts), !report.quiet { console.err(note) }
        if let leftover, !report.quiet { console.err("note: \(leftover)\n") }
        if let configElsewhere, !report.quiet { console.err("note: \(configElsewhere)\n") }
        let strict = arguments.has("--strict") || configStrict
        let code = report.exitCode(
            errors: result.errors, warnings: result.warnings, strict: strict, command: "build", console: console)
        // Stopped while the report was written: written whole, and the build still ends as stopped.
        stop.endIfArrived(saying: "stopped: \(options.outputDisplay) holds this build's bundle", on: console)
        return code
    }
}

extension BuildCommand {
    /// The note naming the pages an explicit nav leaves out (`BuildOutcome.pagesOutsideNav`), or
    /// `nil` when there are none.
    static func outsideNavNote(_ pages: [String]) -> String? {
        guard !pages.isEmpty else { return nil }
        let (count, them) = pages.count == 1 ? ("1 page is", "it") : ("\(pages.count) pages are", "them")
        return "note: \(count) not in the nav of sitegen.yml, so the sidebar does not show \(them): \(firstFive(pages))\n"
    }

    /// The note naming the drafts `--drafts` put in the bundle, or `nil` when there are none: a
    /// bundle built so is no bundle to ship, and the note says so.
    static func draftsNote(_ drafts: [String]) -> String? {
        guard !drafts.isEmpty else { return nil }
        let count = drafts.count == 1 ? "1 draft is" : "\(drafts.count) drafts are"
        return "note: --drafts: \(count) in the bundle (\(firstFive(drafts))); build without --drafts for a bundle to ship\n"
    }

    /// `a, b, c, d, e, and 3 more`: a note names a few and counts the rest.
    private static func firstFive(_ paths: [String]) -> String {
        paths.prefix(5).joined(separator: ", ") + (paths.count > 5 ? ", and \(paths.count - 5) more" : "")
    }
}

func seconds(since start: ContinuousClock.Instant) -> Double {
    let elapsed = ContinuousClock.now - start
    return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
}
