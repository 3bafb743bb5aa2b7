import Foundation
import FoundationXML
import SitegenCore
import Testing

@testable import SitegenCLI

/// Every machine format parses with a standard parser and carries every finding.
@Suite struct ReportFormatTests {
    static let report = Report(
        command: "check", files: ["dist/index.html", "dist/a,b:c.html", "dist/clean.html"],
        diagnostics: [
            Diagnostic(
                .error, .brokenLink, "no file 'x <&> \"y\".html' in the bundle",
                at: SourceLocation(path: "dist/index.html", line: 3, column: 7)),
            Diagnostic(
                .warning, .absolutePath, "root-relative link '/a'\nsecond line 100%",
                at: SourceLocation(path: "dist/a,b:c.html", line: 1, column: 2)),
            Diagnostic(.warning, .orphan, "no link reaches this page from the entry", at: SourceLocation(path: "dist/old.html")),
            Diagnostic(
                .error, .brokenFragment, "no id 'caf\u{E9}' in index.html",
                at: SourceLocation(path: "dist/index.html", line: 9, column: 1)),
        ],
        pages: 3, assets: 2, linksChecked: 17, seconds: 0.25)

    private func json(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    @Test func jsonHasSummaryAndEveryFinding() throws {
        let document = try json(ReportFormat.json.render(Self.report))
        let summary = try #require(document["summary"] as? [String: Any])
        #expect(summary["command"] as? String == "check")
        #expect(summary["errors"] as? Int == 2 && summary["warnings"] as? Int == 2)
        #expect(summary["pages"] as? Int == 3 && summary["assets"] as? Int == 2 && summary["linksChecked"] as? Int == 17)
        let findings = try #require(document["findings"] as? [[String: Any]])
        #expect(findings.count == 4)
        #expect(findings[0]["file"] as? String == "dist/index.html")
        #expect(findings[0]["line"] as? Int == 3 && findings[0]["column"] as? Int == 7)
        #expect(findings[0]["severity"] as? String == "error" && findings[0]["rule"] as? String == "broken-link")
        #expect(findings[0]["message"] as? String == "no file 'x <&> \"y\".html' in the bundle")
        #expect(findings[2]["line"] == nil && findings[2]["rule"] as? String == "orphan")
    }

    @Test func junitParsesAsXMLWithAFailedTestCasePerFinding() throws {
        let xml = try XMLDocument(data: Data(ReportFormat.junit.render(Self.report).utf8))
        let root = try #require(xml.rootElement())
        #expect(root.name == "testsuites")
        let suites = root.elements(forName: "testsuite")
        #expect(suites.count == 1)
        let cases = suites[0].elements(forName: "testcase")
        let names = cases.compactMap { $0.attribute(forName: "name")?.stringValue }
        #expect(
            names == [
                "dist/a,b:c.html:1:2 [absolute-path]", "dist/index.html:3:7 [broken-link]",
                "dist/index.html:9:1 [broken-fragment]",
                "dist/old.html [orphan]", "dist/clean.html",
            ])
        // One failure per failed case: dashboards count passed tests as tests minus failures.
        #expect(cases.map { $0.elements(forName: "failure").count } == [1, 1, 1, 1, 0])
        #expect(suites[0].attribute(forName: "tests")?.stringValue == "5")
        #expect(suites[0].attribute(forName: "failures")?.stringValue == "4")
        #expect(root.attribute(forName: "failures")?.stringValue == "4")
        #expect(cases[1].attribute(forName: "classname")?.stringValue == "sitegen.check.dist/index_html")
        let failure = try #require(cases[1].elements(forName: "failure").first)
        #expect(failure.attribute(forName: "message")?.stringValue == "broken-link: no file 'x <&> \"y\".html' in the bundle")
        #expect(failure.attribute(forName: "type")?.stringValue == "error")
    }

    @Test func junitOfARunWithoutFindingsHasAPassingTest() throws {
        let clean = Report(command: "check", files: [], diagnostics: [], pages: 3, assets: 0, linksChecked: 9, seconds: 0.1)
        let xml = try XMLDocument(data: Data(ReportFormat.junit.render(clean).utf8))
        let suite = try #require(xml.rootElement()?.elements(forName: "testsuite").first)
        #expect(suite.attribute(forName: "tests")?.stringValue == "1")
        #expect(suite.attribute(forName: "failures")?.stringValue == "0")
    }

    @Test func githubLinesAreWorkflowCommands() throws {
        let lines = ReportFormat.github.render(Self.report, summary: false).split(separator: "\n").map(String.init)
        #expect(
            lines == [
                "::error file=dist/index.html,line=3,col=7,title=broken-link::no file 'x <&> \"y\".html' in the bundle",
                "::warning file=dist/a%2Cb%3Ac.html,line=1,col=2,title=absolute-path::root-relative link '/a'%0Asecond line 100%25",
                "::warning file=dist/old.html,title=orphan::no link reaches this page from the entry",
                "::error file=dist/index.html,line=9,col=1,title=broken-fragment::no id 'caf\u{E9}' in index.html",
            ])
        let pattern = /^::(error|warning) file=[^,:]+(,line=\d+,col=\d+)?,title=[a-z-]+::[^\n]+$/
        for line in lines { #expect(line.wholeMatch(of: pattern) != nil, "\(line)") }
        #expect(ReportFormat.github.render(Self.report).hasSuffix(Self.report.summaryLine + "\n"))
    }

    @Test func sarifHasTheRequiredFields() throws {
        let document = try json(ReportFormat.sarif.render(Self.report))
        #expect(document["version"] as? String == "2.1.0")
        #expect(document["$schema"] is String)
        let runs = try #require(document["runs"] as? [[String: Any]])
        #expect(runs.count == 1)
        let driver = try #require((runs[0]["tool"] as? [String: Any])?["driver"] as? [String: Any])
        #expect(driver["name"] as? String == "sitegen")
        let rules = try #require(driver["rules"] as? [[String: Any]])
        let ids = rules.compactMap { $0["id"] as? String }
        #expect(
            Set(ids).isSuperset(of: [
                "broken-link", "broken-fragment", "orphan", "absolute-path", "escapes-root", "external-link",
            ]))
        for rule in rules { #expect((rule["shortDescription"] as? [String: Any])?["text"] is String) }
        let results = try #require(runs[0]["results"] as? [[String: Any]])
        #expect(results.count == 4)
        for result in results {
            let ruleID = try #require(result["ruleId"] as? String)
            #expect(["error", "warning"].contains(result["level"] as? String))
            #expect((result["message"] as? [String: Any])?["text"] is String)
            if let index = result["ruleIndex"] as? Int { #expect(ids[index] == ruleID) }
            let location = try #require((result["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any])
            #expect((location["artifactLocation"] as? [String: Any])?["uri"] is String)
        }
        let first = try #require((results[0]["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any])
        #expect((first["region"] as? [String: Any])?["startLine"] as? Int == 3)
        #expect((first["region"] as? [String: Any])?["startColumn"] as? Int == 7)
    }
}
