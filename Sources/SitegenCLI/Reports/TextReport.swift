import SitegenCore

/// GCC-style lines (`FILE:LINE:COL: error: MESSAGE [rule]`) then a per-rule count and the summary.
enum TextReport {
    static func render(_ report: Report, summary: Bool) -> String {
        var out = ""
        for diagnostic in report.diagnostics { out += line(diagnostic) + "\n" }
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

    /// `diagnostic` as its one line: control characters in its path are written as `\u{a}`, the way
    /// `Diagnostic` writes those of its message, so that a file name with a newline does not split it.
    static func line(_ diagnostic: Diagnostic) -> String {
        var shown = diagnostic
        if let path = shown.location?.path { shown.location?.path = printable(path) }
        return shown.description
    }

    /// `text` with its control characters (below U+0020, and U+007F) written as `\u{…}`: the escaping
    /// of `Diagnostic.printable`, which `SitegenCore` keeps internal.
    static func printable(_ text: String) -> String {
        guard text.utf8.contains(where: { $0 < 0x20 || $0 == 0x7F }) else { return text }
        var out = ""
        for scalar in text.unicodeScalars {
            if scalar.value < 0x20 || scalar.value == 0x7F {
                out += "\\u{" + String(scalar.value, radix: 16) + "}"
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
