import Foundation
import SitegenBundleCore
import SitegenCore
import SitegenLinks
import SitegenMirror

/// `sitegen mirror SOURCE --out DIR`: a site authored for a web server (a folder or a loopback
/// `http://` URL) → an offline bundle with relative links, aliases and a manifest, then the same
/// crawl as `sitegen build`.
enum MirrorCommand: Command {
    static let spec = CommandSpec(
        name: "mirror",
        summary: "Mirror a site written for a web server (a folder or an http:// URL on loopback) into a checked offline bundle.",
        positionals: ["SOURCE"],
        options: [
            .value("--out", "DIR", "The bundle folder to write (required); replaced only by a run without input errors."),
            .value("--scheme", "S", "The scheme of the bundle (default docs)."),
            .value("--host", "H", "The host of the bundle (default app)."),
            .value("--max-pages", "N", "Fetch at most N HTML pages (default 5000)."),
            .value("--max-bytes", "N", "Fetch at most N bytes in all (default 536870912)."),
            .value("--timeout", "SECONDS", "Per-request timeout over HTTP, in seconds, decimals allowed (default 10)."),
            .value(
                "--max-seconds", "SECONDS",
                "Stop fetching after this many seconds (decimals allowed) and write what was fetched (default 600)."),
            .flag("--strict", "Warnings fail the run too (exit 1)."),
        ] + ReportOptions.specs,
        discussion: """
            Every same-origin link in HTML and CSS becomes a relative path, so the mirror works under the \
            scheme and from file:// alike; the original URLs stay reachable as manifest aliases; links to \
            other origins are left as written and listed. Exit 0 when the mirror is closed, 1 on link errors, \
            2 on usage or input errors, such as a source root that cannot be fetched (nothing written).
            """)

    static func run(_ arguments: ParsedArguments, console: Console, environment: Environment) async -> ExitCode {
        let started = ContinuousClock.now
        let report: ReportOptions
        do { report = try ReportOptions(arguments, spec: spec) } catch {
            console.err("\(error)\n")
            return .inputError
        }
        func stop(_ error: InputError) -> ExitCode {
            report.fail(
                error, command: "mirror", console: console, workingDirectory: environment.workingDirectory, started: started)
        }
        var options: MirrorOptions
        let source: any MirrorSource
        let origin: BundleOrigin
        let out: String
        let timeLimit: Double
        do {
            guard let value = arguments.value("--out") else { throw UsageError("--out DIR is required", command: spec) }
            out = value
            origin = try BundleOrigin(
                validatingScheme: (arguments.value("--scheme") ?? "docs").lowercased(), host: arguments.value("--host") ?? "app")
            let defaults = MirrorOptions()
            let maxPages = try number("--max-pages", arguments, default: defaults.maxPages)
            let maxBytes = try number("--max-bytes", arguments, default: defaults.maxBytes)
            let timeout = try duration("--timeout", arguments, default: 10)
            timeLimit = try duration("--max-seconds", arguments, default: 600)
            (source, options) = try makeSource(
                arguments.positionals[0], environment: environment, timeout: timeout, maxBytes: maxBytes, maxPages: maxPages)
        } catch let error as InputError {
            return stop(error)
        } catch let error as ManifestError {
            return stop(InputError("\(error.message) (see 'sitegen mirror --help')"))
        } catch {
            console.err("\(error)\n")  // the command line itself: no report to put it in
            return .inputError
        }
        let display = out.hasSuffix("/") ? out : out + "/"
        let destination = FolderPlace.url(out, from: environment.workingDirectory).standardizedFileURL
        var protected = [
            ReportOptions.ProtectedFolder(
                url: destination, display: display, role: "the bundle folder, which the mirror replaces")
        ]
        if let folder = source as? FolderSource {
            protected.append(
                ReportOptions.ProtectedFolder(url: folder.folder, display: options.sourceDisplay, role: "the folder mirrored"))
        }
        if let problem = report.misplacedOutput(inside: protected, workingDirectory: environment.workingDirectory) {
            console.err("\(UsageError(problem, command: spec))\n")
            return .inputError
        }
        // `--max-seconds` is kept by the mirror itself, which reports every URL it did not fetch.
        options.maxSeconds = timeLimit
        // Ctrl-C stops the mirror at its next step, which removes what it staged; a mirror being
        // moved into place is moved in whole first.
        let stopSignals = StopSignals()
        let mirroring = Task { [options] in
            await Self.mirror(source, options: options, destination: destination, display: display, origin: origin)
        }
        let outcome = await stopSignals.outcome(of: mirroring)
        stopSignals.endIfArrived(
            saying: "stopped: \(display) \((try? outcome.get()) != nil ? "holds this mirror" : "is as it was")", on: console)
        let result: MirrorResult
        let manifest: Manifest
        let crawl: CrawlResult
        switch outcome {
        case .success(let mirrored):
            (result, manifest, crawl) = (mirrored.result, mirrored.manifest, mirrored.crawl)
            if let leftover = mirrored.leftover, !report.quiet {
                console.err("note: \(String(describing: leftover).replacingOccurrences(of: "bundle", with: "mirror"))\n")
            }
        case .failure(let error): return stop(error)
        }
        // `--quiet`: findings only, as for build.
        if !report.quiet {
            // What the manifest lists: the folder indexes (`guide/`) too, which its scan adds.
            let aliases = manifest.aliases.count == 1 ? "1 alias" : "\(manifest.aliases.count) aliases"
            console.err(
                "mirrored \(plural(result.pages, "page")) and \(plural(result.resources - result.pages, "other resource")) "
                    + "(\(plural(result.bytes, "byte"))) from \(arguments.positionals[0]) into \(display): "
                    + "\(plural(result.files.count, "file")), \(aliases)\n")
            // One line per link, at the first page that has it: a footer on every page is one line, not hundreds.
            struct Written: Hashable {
                var url: String
                var original: String?
            }
            var pagesOf: [Written: [String]] = [:]
            for link in result.externalLinks {
                pagesOf[Written(url: link.url, original: link.original), default: []].append(link.page)
            }
            for (link, pages) in pagesOf.sorted(by: { ($0.value[0], $0.key.url) < ($1.value[0], $1.key.url) }) {
                let how = link.original.map { "written in full: \(link.url) (was \($0))" } ?? "left as written: \(link.url)"
                let others = pages.count > 1 ? " (and on \(plural(pages.count - 1, "other page")))" : ""
                console.err("note: \(display)\(pages[0]): external link \(how)\(others)\n")
            }
        }
        let diagnostics = (result.diagnostics + crawl.findings.map(\.diagnostic)).sorted()
        let summary = Report(
            command: "mirror", files: result.files.keys.sorted().map { display + $0 }, diagnostics: diagnostics,
            pages: crawl.pages, assets: crawl.assets, linksChecked: crawl.linksChecked, seconds: seconds(since: started))
        guard report.emit(summary, console: console, workingDirectory: environment.workingDirectory) else { return .inputError }
        let code = report.exitCode(
            errors: summary.errors, warnings: summary.warnings, strict: arguments.has("--strict"), command: "mirror",
            console: console)
        // Stopped while the report was written: written whole, and the mirror still ends as stopped.
        stopSignals.endIfArrived(saying: "stopped: \(display) holds this mirror", on: console)
        return code
    }

    /// What a run mirrored, moved into place.
    private struct Mirrored: Sendable {
        var result: MirrorResult
        var manifest: Manifest
        var crawl: CrawlResult
        /// The previous mirror, when it could not be deleted.
        var leftover: StagedFolder.Leftover?
    }

    /// Fetches the source, writes the mirror into a folder staged beside `destination`, crawls it and
    /// moves it into place. Cancelled (Ctrl-C), it stops at its next step and removes what it staged.
    private static func mirror(
        _ source: any MirrorSource, options: MirrorOptions, destination: URL, display: String, origin: BundleOrigin
    ) async -> Result<Mirrored, InputError> {
        let stopped = InputError("stopped")
        // Nothing to mirror when the root itself failed: an input error, and the previous mirror stays.
        let result: MirrorResult
        do throws(MirrorError) {
            result = try await Mirror(source: source, options: options).run()
        } catch {
            let folder = source is FolderSource ? options.sourceDisplay : nil
            return .failure(InputError(error.description, at: folder.map { SourceLocation(path: $0) }))
        }
        if Task.isCancelled { return .failure(stopped) }
        // The output is replaced whole: it may be neither the folder mirrored nor hold it.
        if let folder = source as? FolderSource {
            let (output, mirrored) = (FolderPlace.real(destination), FolderPlace.real(folder.folder))
            if output == mirrored || FolderPlace.isInside(mirrored, output) {
                return .failure(
                    InputError(
                        "the output folder \(output == mirrored ? "is" : "holds") the folder mirrored, which a mirror would replace",
                        path: display))
            }
        }
        do throws(InputError) {
            let (output, manifest) = try await MirrorOutput.write(
                result, to: destination, displayPath: display, origin: origin, generator: SitegenVersion.generator)
            let crawl: CrawlResult
            do {
                // The advice for a file of the wrong type: over HTTP, the type is the server's.
                let types: TypeSource = source is FolderSource ? .fileNames : .server(sent: result.servedTypes)
                crawl = try await Crawl.run(
                    bundle: output.directory, displayRoot: display, entries: [], external: .ignore, ignore: [], origin: origin,
                    typeSource: types)
            } catch {
                output.discard()
                throw InputError("\(error)", path: display + Manifest.fileName)
            }
            if Task.isCancelled {
                output.discard()
                return .failure(stopped)
            }
            let leftover = try output.commit()
            return .success(Mirrored(result: result, manifest: manifest, crawl: crawl, leftover: leftover))
        } catch {
            return .failure(error)
        }
    }

    private static func number(_ name: String, _ arguments: ParsedArguments, default value: Int) throws(UsageError) -> Int {
        guard let text = arguments.value(name) else { return value }
        guard let number = Int(text), number > 0 else {
            throw UsageError("\(name) must be a positive whole number, not '\(text)'", command: spec)
        }
        return number
    }

    /// A duration in seconds: a positive decimal number (`1.5`).
    private static func duration(_ name: String, _ arguments: ParsedArguments, default value: Double) throws(UsageError) -> Double
    {
        guard let text = arguments.value(name) else { return value }
        guard let number = Double(text), number.isFinite, number > 0 else {
            throw UsageError("\(name) must be a positive number of seconds, such as 10 or 1.5, not '\(text)'", command: spec)
        }
        return number
    }

    private static func makeSource(
        _ argument: String, environment: Environment, timeout: Double, maxBytes: Int, maxPages: Int
    ) throws -> (any MirrorSource, MirrorOptions) {
        if argument.lowercased().hasPrefix("http://") || argument.lowercased().hasPrefix("https://") {
            guard let url = URL(string: argument) else { throw InputError("not a valid URL", path: argument) }
            let root = url.path.isEmpty ? url.appendingPathComponent("") : url
            do {
                let source = try HTTPSource(root: root, timeout: timeout, maxBytes: maxBytes)
                return (source, MirrorOptions(maxPages: maxPages, maxBytes: maxBytes, sourceDisplay: Mirror.key(root)))
            } catch {
                throw InputError(error.description, path: argument)
            }
        }
        let folder = FolderPlace.url(argument, from: environment.workingDirectory)
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder.path, isDirectory: &isDirectory) else {
            throw InputError("no such folder (the source is a folder or an http:// URL)", path: argument)
        }
        guard isDirectory.boolValue else {
            throw InputError("not a folder (a file): the source is a folder or an http:// URL", path: argument)
        }
        let display = argument.hasSuffix("/") ? argument : argument + "/"
        return (FolderSource(folder: folder), MirrorOptions(maxPages: maxPages, maxBytes: maxBytes, sourceDisplay: display))
    }
}
