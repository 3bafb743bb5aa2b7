import Foundation
import SitegenCore

/// SARIF 2.1.0, as GitHub code scanning and other static-analysis dashboards read it, with the
/// metadata of every rule sitegen has.
enum SARIFReport {
    /// Where a finding about no file is (an entry missing from the bundle, an input error without a
    /// place): the folder sitegen ran in, as a relative reference. Every result gets a location,
    /// since GitHub code scanning rejects a whole file when one result has none; a `Report` does not
    /// know the checked or output folder, and naming one of its files would point at the wrong one.
    static let wholeRunPath = "./"

    /// The base of every relative URI (SARIF 2.1.0 §3.4.4, the name code scanning tools use): the
    /// folder sitegen ran in, given in the run's `originalUriBaseIds` when it is known.
    static let sourceRoot = "%SRCROOT%"

    /// The path of `folder` with one trailing `/`.
    private static func folderPath(_ folder: URL) -> String {
        let path = folder.standardizedFileURL.path
        return path.hasSuffix("/") ? path : path + "/"
    }

    /// - Parameter workingDirectory: the folder sitegen ran in, which relative paths start from and
    ///   relative URIs are written from (see `SARIFArtifactURI`).
    static func render(_ report: Report, workingDirectory: URL?) -> String {
        let rules: [[String: Any]] = RuleCatalog.all.map { rule in
            [
                "id": rule.id.rawValue,
                "shortDescription": ["text": rule.summary],
                // No helpUri: the rules are documented in the docs every bundle of sitegen's own carries,
                // at no public address a dashboard could link to.
                "help": [
                    "text": "\(rule.summary) See 'Rules' in sitegen's documentation (checking/rules.md#\(rule.id.rawValue))."
                ],
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
            var location = d.location ?? SourceLocation(path: wholeRunPath)
            if location.path.isEmpty { location.path = wholeRunPath }
            let uri = SARIFArtifactURI.make(location.path, workingDirectory: workingDirectory)
            var artifact: [String: Any] = ["uri": uri]
            // A relative URI is relative to the folder sitegen ran in, which `originalUriBaseIds` names.
            if !uri.contains("://") { artifact["uriBaseId"] = SARIFReport.sourceRoot }
            var physical: [String: Any] = ["artifactLocation": artifact]
            if location.line > 0 {
                var region: [String: Any] = ["startLine": location.line]
                if location.column > 0 { region["startColumn"] = location.column }
                physical["region"] = region
            }
            result["locations"] = [["physicalLocation": physical]]
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
                            "rules": rules,
                        ]
                    ],
                    "results": results,
                    "columnKind": "unicodeCodePoints",
                ].merging(
                    workingDirectory.map {
                        [
                            "originalUriBaseIds": [
                                sourceRoot: ["uri": "file://" + SARIFArtifactURI.encode(Self.folderPath($0))]
                            ]
                        ]
                    } ?? [:]
                ) { $1 }
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
