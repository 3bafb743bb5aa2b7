import Foundation

/// The output formats of `--format`.
enum ReportFormat: String, CaseIterable, Sendable {
    case text, json, junit, github, sarif

    /// `text|json|…`, for usage lines. Joined by hand: the generic `joined(separator:)` costs a
    /// start-up lookup of the Swift runtime's, nearly a millisecond, on every run.
    static var names: String {
        var names = ""
        for format in allCases { names += (names.isEmpty ? "" : "|") + format.rawValue }
        return names
    }

    /// Whether the report ends with the summary line (the line formats, `text` and `github`); the
    /// others are documents with a summary of their own.
    var carriesSummary: Bool { self == .text || self == .github }

    /// Renders the findings in this format; `summary` adds the closing lines of the line formats.
    /// `workingDirectory`, the folder relative paths start from, tells SARIF which files are inside
    /// it; without one (a report made in memory) every relative path is taken to be.
    func render(_ report: Report, summary: Bool = true, workingDirectory: URL? = nil) -> String {
        switch self {
        case .text: TextReport.render(report, summary: summary)
        case .json: JSONReport.render(report)
        case .junit: JUnitReport.render(report)
        case .github: GitHubReport.render(report, summary: summary)
        case .sarif: SARIFReport.render(report, workingDirectory: workingDirectory)
        }
    }
}
