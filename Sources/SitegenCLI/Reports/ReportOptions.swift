import Foundation
import SitegenBundleCore
import SitegenCore

/// `--format`, `--output` and `--quiet`, shared by the commands that report findings.
struct ReportOptions: Sendable {
    var format: ReportFormat
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
        outputFile = arguments.value("--output").flatMap { $0 == "-" ? nil : $0 }
        quiet = arguments.has("--quiet")
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
            return true
        }
        let path = outputFile.hasPrefix("/") ? outputFile : workingDirectory.appendingPathComponent(outputFile).path
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
