import Foundation
import SitegenCore
import Testing

@testable import SitegenCLI

/// The text format prints one line per finding, whatever characters its path holds.
@Suite struct TextReportTests {
    @Test func anInputErrorsPlaceStaysOnItsLineToo() {
        #expect(InputError("not a folder", path: "a\nb").description == "a\\u{a}b: error: not a folder")
    }

    /// C1 controls too (a `&#x9B;` in a link decodes to one): U+009B starts an escape sequence in
    /// some terminals. The characters after them in Latin-1, such as a no-break space, stay.
    @Test func c1ControlCharactersAreEscapedButNotTheirNeighbours() {
        let finding = Diagnostic(
            .error, .brokenLink, "no file 'a\u{80}b\u{9B}c\u{9F}\u{A0}d\u{E9}' in the bundle",
            at: SourceLocation(path: "dist/\u{85}.html", line: 1, column: 2))
        #expect(
            finding.description
                == "dist/\\u{85}.html:1:2: error: no file 'a\\u{80}b\\u{9b}c\\u{9f}\u{A0}d\u{E9}' in the bundle [broken-link]")
    }

    @Test func controlCharactersInAPathAreEscapedAsInMessages() {
        let report = Report(
            command: "check", files: [],
            diagnostics: [
                Diagnostic(
                    .error, .brokenLink, "no file 'x\ny' in the bundle",
                    at: SourceLocation(path: "dist/a\nb\tc\r\u{7F}\u{0}.html", line: 2, column: 3)),
                Diagnostic(
                    .warning, .orphan, "no link reaches this page from the entry", at: SourceLocation(path: "dist/caf\u{E9}.html")
                ),
                Diagnostic(.error, .brokenLink, "entry 'docs://app/index.html' is not in the bundle", at: nil),
            ],
            pages: 2, assets: 0, linksChecked: 1, seconds: 0)
        #expect(
            ReportFormat.text.render(report, summary: false) == """
                dist/a\\u{a}b\\u{9}c\\u{d}\\u{7f}\\u{0}.html:2:3: error: no file 'x\\u{a}y' in the bundle [broken-link]
                dist/caf\u{E9}.html: warning: no link reaches this page from the entry [orphan]
                error: entry 'docs://app/index.html' is not in the bundle [broken-link]

                """)
    }

    @Test func aFileNameWithANewlineStaysOnOneLineInACheck() throws {
        let runner = try SitegenRunner()
        defer { runner.cleanUp() }
        try runner.write("<a href=\"a%0Ab.html\">a</a>\n", to: "n/index.html")
        try runner.write("<a href=\"gone.html\">o</a>", to: "n/a\nb.html")
        try runner.write("<p>o</p>", to: "n/c\nd.html")
        let run = try runner.run(["check", "n", "--quiet"])
        #expect(run.status == 1, "\(run.stderr)")
        #expect(
            run.stdout == """
                n/a\\u{a}b.html:1:4: error: no file 'gone.html' in the bundle [broken-link]
                n/c\\u{a}d.html: warning: no link reaches this page from the entry [orphan]

                """, "\(run.stdout)")
    }
}
