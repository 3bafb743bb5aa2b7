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
        #expect(cases[0].attribute(forName: "classname")?.stringValue == "sitegen.check.dist/\(name.dropLast(5))_html")
        #expect(cases[1].attribute(forName: "name")?.stringValue == "dist/clean\n.html")
        let failure = try #require(cases[0].elements(forName: "failure").first)
        #expect(failure.attribute(forName: "message")?.stringValue == "broken-link: no file 'x\ty' in the bundle")
    }

    /// A control character XML cannot carry (ESC) is written `\u{1b}`, as the text report writes
    /// it: dropped, `e<ESC>x.html` would take the name of another file, `ex.html`.
    @Test func charactersXMLCannotCarryAreWrittenAsEscapes() throws {
        let report = Report(
            command: "check", files: ["esc/e\u{1B}x.html", "esc/ex.html"],
            diagnostics: [
                Diagnostic(.warning, .orphan, "no link reaches 'e\u{1B}x'", at: SourceLocation(path: "esc/e\u{1B}x.html")),
                Diagnostic(.warning, .orphan, "no link reaches this page", at: SourceLocation(path: "esc/ex.html")),
            ],
            pages: 2, assets: 0, linksChecked: 0, seconds: 0)
        let cases = try cases(ReportFormat.junit.render(report))
        #expect(cases.compactMap { $0.attribute(forName: "file")?.stringValue } == ["esc/e\\u{1b}x.html", "esc/ex.html"])
        let names = cases.compactMap { $0.attribute(forName: "name")?.stringValue }
        #expect(Set(names).count == 2, "\(names)")
        let failure = try #require(cases[0].elements(forName: "failure").first)
        #expect(failure.attribute(forName: "message")?.stringValue == "orphan: no link reaches 'e\\u{1b}x'")
    }

    /// GitLab keys test cases by suite, class and name and merges repeats: findings at one place
    /// with one rule are told apart by a counter, in the order the findings are sorted in.
    @Test func findingsAtOnePlaceWithOneRuleHaveNamesOfTheirOwn() throws {
        let place = SourceLocation(path: "d/index.html", line: 2, column: 19)
        let report = Report(
            command: "check", files: ["d/index.html", "d/other.html"],
            diagnostics: [
                Diagnostic(.error, .brokenLink, "no file 'm1.png' in the bundle", at: place),
                Diagnostic(.error, .brokenLink, "no file 'm2.png' in the bundle", at: place),
                Diagnostic(.error, .brokenLink, "no file 'm3.png' in the bundle", at: place),
                Diagnostic(.error, .brokenFragment, "no id 'x' in a.html", at: place),
                Diagnostic(.warning, .orphan, "no link reaches this page from the entry", at: nil),
                Diagnostic(.warning, .orphan, "no link reaches this page from the entry", at: nil),
            ],
            pages: 2, assets: 0, linksChecked: 4, seconds: 0)
        let names = try cases(ReportFormat.junit.render(report)).compactMap { $0.attribute(forName: "name")?.stringValue }
        #expect(
            names == [
                "(site) [orphan]", "(site) [orphan] (2)",
                "d/index.html:2:19 [broken-link]", "d/index.html:2:19 [broken-link] (2)",
                "d/index.html:2:19 [broken-link] (3)", "d/index.html:2:19 [broken-fragment]", "d/other.html",
            ])
    }

    /// Jenkins reads the part of a class name after its last dot as the class and the rest as the
    /// package: a file's dots would make every class `html` in a package per file.
    @Test(arguments: [
        ("t2/a b.html", "sitegen.check.t2/a b_html"), ("./index.md", "sitegen.check.index_md"),
        ("v1.2/x.html", "sitegen.check.v1_2/x_html"), ("e/", "sitegen.check.e/"),
    ])
    func theClassNameHasOneDotBeforeTheFile(path: String, classname: String) throws {
        let report = Report(
            command: "check", files: [path],
            diagnostics: [
                Diagnostic(.error, .brokenLink, "no file 'x' in the bundle", at: SourceLocation(path: path, line: 1, column: 4))
            ],
            pages: 1, assets: 0, linksChecked: 1, seconds: 0)
        let cases = try cases(ReportFormat.junit.render(report))
        #expect(cases.map { $0.attribute(forName: "classname")?.stringValue } == [classname])
        #expect(cases.map { $0.attribute(forName: "file")?.stringValue } == [path])
    }

    /// The tester's page: five broken links, two `srcset` candidates at one place and two `url()`
    /// of one `style` at another, are five failures with five names under the page's class.
    @Test func aCheckNamesEveryFailureUniquely() throws {
        let runner = try SitegenRunner()
        defer { runner.cleanUp() }
        try runner.write(
            "<html><body>\n<img src=\"m0.png\" srcset=\"m1.png 1x, m2.png 2x\">\n"
                + "<div style=\"background:url(a.png), url(b.png)\"></div>\n</body></html>\n", to: "d/index.html")
        let run = try runner.run(["check", "d", "--format", "junit"])
        #expect(run.status == 1, "\(run.stderr)")
        let cases = try cases(run.stdout)
        let keys = cases.map {
            "\($0.attribute(forName: "classname")?.stringValue ?? "") \($0.attribute(forName: "name")?.stringValue ?? "")"
        }
        #expect(cases.count == 5 && Set(keys).count == 5, "\(run.stdout)")
        #expect(keys.contains("sitegen.check.d/index_html d/index.html:3:6 [broken-link] (2)"), "\(keys)")
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
