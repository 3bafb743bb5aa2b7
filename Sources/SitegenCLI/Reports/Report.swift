import Foundation
import SitegenCore

/// Everything a run found, ready for any output format.
struct Report: Sendable {
    /// `build` or `check`: names the JUnit suite and the summary line.
    var command: String
    /// Every file that was examined (display paths), so JUnit can list passing pages too.
    var files: [String]
    var diagnostics: [Diagnostic]
    var pages: Int
    var assets: Int
    var linksChecked: Int
    var seconds: Double
    /// Whether the diagnostics' columns count characters already; otherwise they count UTF-8 bytes,
    /// as every stage finds them, and `withCharacterColumns` converts them.
    var columnsCountCharacters = false

    /// The report with its columns counting characters (code points), as editors and SARIF do:
    /// each file with a finding past column 1 is read once.
    func withCharacterColumns(workingDirectory: URL) -> Report {
        guard !columnsCountCharacters else { return self }
        var converted = self
        converted.diagnostics = CharacterColumns.convert(diagnostics, workingDirectory: workingDirectory)
        converted.columnsCountCharacters = true
        return converted
    }

    var errors: Int { diagnostics.errorCount }
    var warnings: Int { diagnostics.warningCount }

    /// One line: what was done and what was found.
    var summaryLine: String {
        let time = String(format: "%.2f", seconds)
        let verb = ["build": "built", "mirror": "mirrored"][command] ?? "crawled"
        return "\(verb) \(plural(pages, "page")) and \(plural(assets, "asset")), checked \(plural(linksChecked, "link")): "
            + "\(plural(errors, "error")), \(plural(warnings, "warning")) in \(time) s"
    }
}

func plural(_ count: Int, _ noun: String) -> String {
    "\(count) \(noun)\(count == 1 ? "" : "s")"
}

extension Report {
    /// `./index.md` (a build of `--site .`) as dashboards name it, `index.md`; `./` itself stays.
    static func withoutDotSlash(_ path: String) -> String {
        path.hasPrefix("./") && path.count > 2 ? String(path.dropFirst(2)) : path
    }
}
