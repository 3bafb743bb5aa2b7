import Foundation
import SitegenCore

/// SARIF 2.1.0, as GitHub code scanning and other static-analysis dashboards read it, with the
/// metadata of every rule sitegen has.
enum SARIFReport {
    static func render(_ report: Report) -> String {
        let rules: [[String: Any]] = RuleCatalog.all.map { rule in
            [
                "id": rule.id.rawValue,
                "shortDescription": ["text": rule.summary],
                "helpUri": "https://sitegen.invalid/checking/rules.html#\(rule.id.rawValue)",
                "defaultConfiguration": ["level": rule.defaultSeverity.sarifLevel],
            ]
        }
        let results: [[String: Any]] = report.diagnostics.map { d in
            var result: [String: Any] = [
                "ruleId": d.rule.rawValue,
                "level": d.severity.sarifLevel,
                "message": ["text": d.message],
            ]
            if let ruleIndex = RuleCatalog.all.firstIndex(where: { $0.id == d.rule }) {
                result["ruleIndex"] = ruleIndex
            }
            if let location = d.location {
                var physical: [String: Any] = ["artifactLocation": ["uri": location.path]]
                if location.line > 0 {
                    var region: [String: Any] = ["startLine": location.line]
                    if location.column > 0 { region["startColumn"] = location.column }
                    physical["region"] = region
                }
                result["locations"] = [["physicalLocation": physical]]
            }
            return result
        }
        let document: [String: Any] = [
            "$schema": "https://json.schemastore.org/sarif-2.1.0.json",
            "version": "2.1.0",
            "runs": [
                [
                    "tool": [
                        "driver": [
                            "name": "sitegen", "version": SitegenVersion.number,
                            "informationUri": "https://sitegen.invalid/", "rules": rules,
                        ]
                    ],
                    "results": results,
                    "columnKind": "unicodeCodePoints",
                ]
            ],
        ]
        let data =
            (try? JSONSerialization.data(
                withJSONObject: document, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])) ?? Data()
        return String(decoding: data, as: UTF8.self) + "\n"
    }
}

extension Severity {
    var sarifLevel: String { self == .error ? "error" : "warning" }
}
