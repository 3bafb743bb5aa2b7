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
