import Foundation
import SitegenBundleCore
import SitegenCore

/// `--format`, `--output` and `--quiet`, shared by the commands that report findings.
struct ReportOptions: Sendable {
    var format: ReportFormat
    /// `--output`: a file, or `-` for standard output as a file would be written (the summary on
    /// standard error); `nil` without the option.
    var outputFile: String?
    var quiet: Bool

    static let specs: [OptionSpec] = [
        .value("--format", "FORMAT", "Report format: \(ReportFormat.names) (default text)."),
        .value("--output", "FILE", "Write the report to FILE instead of standard output ('-': standard output)."),
        .flag("--quiet", "Print only findings: no summary, no progress."),
    ]

    init(_ arguments: ParsedArguments, spec: CommandSpec) throws(UsageError) {
        let name = arguments.value("--format") ?? "text"
        guard let format = ReportFormat(rawValue: name) else {
            throw UsageError("unknown format '\(name)'; use one of \(ReportFormat.names)", command: spec)
        }
        self.format = format
        outputFile = arguments.value("--output")
        quiet = arguments.has("--quiet")
    }

    /// A folder a report must not be written into, as `--output` names it: what it is, for the message.
    struct ProtectedFolder {
        var url: URL
        var display: String
        /// `the bundle folder, which the build replaces`.
        var role: String
    }

    /// Why `--output` may not be written where it names, or `nil`: inside one of `folders` (a report
    /// there would replace one of its files, or change what it is about), or on one of `files`.
    func misplacedOutput(inside folders: [ProtectedFolder], files: [(URL, String)] = [], workingDirectory: URL) -> String? {
        guard let file = outputFile, file != "-" else { return nil }
        let real = Self.landing(FolderPlace.url(file, from: workingDirectory))
        for folder in folders {
            let place = FolderPlace.real(folder.url)
            if real == place || FolderPlace.isInside(real, place) {
                return "--output '\(file)' is inside \(folder.display), \(folder.role): write the report elsewhere"
            }
        }
        for (other, role) in files where FolderPlace.real(other) == real {
            return "--output '\(file)' is \(role): write the report elsewhere"
        }
        return Self.unwritable(real, as: file)
    }

    /// The exit code for `errors` and `warnings`: findings (1) when there are errors, or warnings
    /// under `strict`; then a line on standard error says that strict mode failed the run, unless quiet.
    func exitCode(errors: Int, warnings: Int, strict: Bool, command: String, console: Console) -> ExitCode {
        if errors > 0 { return .findings }
        guard strict, warnings > 0 else { return .success }
        if !quiet {
            console.err(
                "strict: \(warnings == 1 ? "the warning fails" : "the \(warnings) warnings fail") the \(command) (exit 1)\n")
        }
        return .findings
    }

    /// Why the report could not be written at `path` (where `--output` lands), found before any
    /// work: a folder there, or a folder to write it in that is missing or read-only. `nil` when it
    /// can be, as far as can be told before writing.
    private static func unwritable(_ path: String, as written: String) -> String? {
        var info = stat()
        if stat(path, &info) == 0 {
            return info.st_mode & S_IFMT == S_IFDIR ? "--output '\(written)' is a folder: name a file" : nil
        }
        let folder = (path as NSString).deletingLastPathComponent
        guard stat(folder.isEmpty ? "." : folder, &info) == 0, info.st_mode & S_IFMT == S_IFDIR else {
            return "--output '\(written)': no folder '\((written as NSString).deletingLastPathComponent)' to write it in"
        }
        guard access(folder.isEmpty ? "." : folder, W_OK | X_OK) == 0 else {
            return
                "--output '\(written)': cannot write in '\((written as NSString).deletingLastPathComponent)' (\(DirectoryWalker.reason(errno)))"
        }
        return nil
    }

    /// Where writing `url` lands: symbolic links followed to their targets, also to one that does
    /// not exist yet (the write creates it there).
    private static func landing(_ url: URL) -> String {
        var current = url
        for _ in 0..<16 {
            guard let target = try? FileManager.default.destinationOfSymbolicLink(atPath: current.path) else { break }
            current =
                target.hasPrefix("/")
                ? URL(fileURLWithPath: target) : current.deletingLastPathComponent().appendingPathComponent(target)
        }
        return FolderPlace.real(current)
    }

    /// Stops a command on `error`: prints it on standard error, reports it (`reportInputError`) and
    /// gives the exit code of an input error.
    func fail(
        _ error: InputError, command: String, console: Console, workingDirectory: URL, started: ContinuousClock.Instant
    ) -> ExitCode {
        console.err("\(error)\n")
        reportInputError(error, command: command, console: console, workingDirectory: workingDirectory, started: started)
        return .inputError
    }

    /// When a machine reads the report (a format other than text, or a file), emits `error` as its
    /// one `input-error` finding, so that a CI job's report file exists and the annotation shows even
    /// when the command stopped before its work. The caller has printed the error on standard error.
    func reportInputError(
        _ error: InputError, command: String, console: Console, workingDirectory: URL, started: ContinuousClock.Instant
    ) {
        guard format != .text || outputFile != nil else { return }
        let failed = Report(
            command: command, files: [], diagnostics: [Diagnostic(.error, .inputError, error.message, at: error.location)],
            pages: 0, assets: 0, linksChecked: 0, seconds: seconds(since: started))
        var quiet = self
        quiet.quiet = true  // no "built 0 pages" summary
        _ = quiet.emit(failed, console: console, workingDirectory: workingDirectory)
    }

    /// Prints or writes the report. Returns false (after saying why) when the file cannot be written.
    func emit(_ report: Report, console: Console, workingDirectory: URL) -> Bool {
        let report = report.withCharacterColumns(workingDirectory: workingDirectory)
        let text = format.render(report, summary: !quiet, workingDirectory: workingDirectory)
        guard let outputFile else {
            console.out(text)
            // A JSON, SARIF or JUnit document must stay whole on standard output: the line people read goes beside it.
            if !quiet, !format.carriesSummary { console.err(report.summaryLine + "\n") }
            return true
        }
        if outputFile == "-" {
            // The summary goes to standard error alone: both streams are often one terminal.
            console.out(format.render(report, summary: false, workingDirectory: workingDirectory))
            if !quiet { console.err(report.summaryLine + "\n") }
            return true
        }
        let path = FolderPlace.url(outputFile, from: workingDirectory).path
        do throws(ReportFile.Failure) {
            try ReportFile.write(Array(text.utf8), to: path)
        } catch {
            console.err("\(outputFile): error: cannot write the report: \(error.reason)\n")
            return false
        }
        if !quiet { console.err(report.summaryLine + "\n") }
        return true
    }
}
