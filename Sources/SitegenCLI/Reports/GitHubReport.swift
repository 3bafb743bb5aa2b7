import SitegenCore

/// GitHub Actions workflow commands: `::error file=F,line=L,col=C,title=rule::message`, which the
/// runner turns into annotations on the pull request.
enum GitHubReport {
    static func render(_ report: Report, summary: Bool) -> String {
        var out = ""
        for d in report.diagnostics {
            var properties: [String] = []
            if let location = d.location {
                properties.append("file=\(escapeProperty(location.path))")
                if location.line > 0 { properties.append("line=\(location.line)") }
                if location.column > 0 { properties.append("col=\(location.column)") }
            }
            properties.append("title=\(escapeProperty(d.rule.rawValue))")
            out += "::\(d.severity.rawValue) \(properties.joined(separator: ","))::\(escapeData(d.message))\n"
        }
        if summary { out += report.summaryLine + "\n" }
        return out
    }

    static func escapeData(_ text: String) -> String {
        text.replacingOccurrences(of: "%", with: "%25")
            .replacingOccurrences(of: "\r", with: "%0D")
            .replacingOccurrences(of: "\n", with: "%0A")
    }

    static func escapeProperty(_ text: String) -> String {
        escapeData(text).replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
    }
}
