import Foundation
import SitegenCore

/// A stable JSON document: `{summary, findings: [{file, line, column, severity, rule, message, link}]}`,
/// `link` only for findings about a link.
enum JSONReport {
    struct Finding: Encodable {
        var file: String?
        var line: Int?
        var column: Int?
        var severity: String
        var rule: String
        var message: String
        var link: String?
    }

    struct Summary: Encodable {
        var command: String
        var pages: Int
        var assets: Int
        var linksChecked: Int
        var errors: Int
        var warnings: Int
        var seconds: Double
    }

    struct Document: Encodable {
        var summary: Summary
        var findings: [Finding]
    }

    static func render(_ report: Report) -> String {
        let findings = report.diagnostics.map { d in
            Finding(
                file: d.location?.path, line: d.location.flatMap { $0.line > 0 ? $0.line : nil },
                column: d.location.flatMap { $0.column > 0 ? $0.column : nil },
                severity: d.severity.rawValue, rule: d.rule.rawValue, message: d.message, link: d.link)
        }
        let summary = Summary(
            command: report.command, pages: report.pages, assets: report.assets,
            linksChecked: report.linksChecked, errors: report.errors, warnings: report.warnings,
            seconds: (report.seconds * 1000).rounded() / 1000)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let data = (try? encoder.encode(Document(summary: summary, findings: findings))) ?? Data("{}".utf8)
        return String(decoding: data, as: UTF8.self) + "\n"
    }
}
