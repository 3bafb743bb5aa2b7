import Foundation
import FoundationXML
import SitegenCore
import Testing

@testable import SitegenCLI

/// JUnit XML keeps every character of a path or message, control characters included.
@Suite struct JUnitReportTests {
    private func cases(_ xml: String) throws -> [XMLElement] {
        let document = try XMLDocument(data: Data(xml.utf8))
        let suite = try #require(document.rootElement()?.elements(forName: "testsuite").first)
        return suite.elements(forName: "testcase")
    }

    @Test(arguments: ["a\nb.html", "a\rb.html", "a\tb.html", "a\r\nb.html"])
    func controlCharactersInAttributesSurviveAttributeNormalisation(name: String) throws {
        let path = "dist/" + name
        let report = Report(
            command: "check", files: [path, "dist/clean\n.html"],
            diagnostics: [
                Diagnostic(
                    .error, .brokenLink, "no file 'x\ty' in the bundle", at: SourceLocation(path: path, line: 2, column: 3))
            ],
            pages: 2, assets: 0, linksChecked: 1, seconds: 0)
        let cases = try cases(ReportFormat.junit.render(report))
        #expect(cases.compactMap { $0.attribute(forName: "file")?.stringValue } == [path, "dist/clean\n.html"])
        #expect(cases[0].attribute(forName: "name")?.stringValue == "\(path):2:3 [broken-link]")
        #expect(cases[0].attribute(forName: "classname")?.stringValue == "sitegen.check.\(path)")
        #expect(cases[1].attribute(forName: "name")?.stringValue == "dist/clean\n.html")
        let failure = try #require(cases[0].elements(forName: "failure").first)
        #expect(failure.attribute(forName: "message")?.stringValue == "broken-link: no file 'x\ty' in the bundle")
    }

    @Test func aFileNameWithANewlineKeepsItInACheck() throws {
        let runner = try SitegenRunner()
        defer { runner.cleanUp() }
        try runner.write("<p>i</p>\n", to: "n/index.html")
        try runner.write("<p>o</p>", to: "n/a\nb.html")
        let run = try runner.run(["check", "n", "--format", "junit"])
        #expect(run.status == 0, "\(run.stderr)")
        let files = try cases(run.stdout).compactMap { $0.attribute(forName: "file")?.stringValue }
        #expect(files == ["n/a\nb.html", "n/index.html"], "\(run.stdout)")
    }
}
