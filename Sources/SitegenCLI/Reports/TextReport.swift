import SitegenCore

/// GCC-style lines (`FILE:LINE:COL: error: MESSAGE [rule]`) then a per-rule count and the summary.
enum TextReport {
    static func render(_ report: Report, summary: Bool) -> String {
        var out = ""
        for diagnostic in report.diagnostics { out += "\(diagnostic)\n" }
        guard summary else { return out }
        if !report.diagnostics.isEmpty {
            let counts = Dictionary(grouping: report.diagnostics, by: \.rule)
                .map { "\($0.key): \($0.value.count)" }
                .sorted()
            out += "findings by rule: \(counts.joined(separator: ", "))\n"
        }
        out += report.summaryLine + "\n"
        return out
    }
}
