import Foundation
import Testing

/// A name that starts with a combining mark (U+0301) makes one character with the `/` before it,
/// so a path compared as Swift characters does not start with its folder: such files were taken
/// for paths outside the folder (mirror), not matched by `ignore`, or reported in the bundle
/// rather than at their source.
@Suite struct CombiningMarkNameTests {
    private let mark = "\u{301}"

    @Test func aBuildIgnoresMapsAndChecksThem() throws {
        let runner = try SitegenRunner()
        defer { runner.cleanUp() }
        try runner.copyFixture("Themes/minimal", to: "Templates")
        try runner.write("# H\n\n[c](%CC%81x.md)\n\n<link rel=\"stylesheet\" href=\"%CC%81s.css\">\n", to: "Site/index.md")
        try runner.write("# C\n\nhi\n", to: "Site/\(mark)x.md")
        try runner.write("a { background: url(missing.png) }\n", to: "Site/\(mark)s.css")
        try runner.write("# S\n\n[b](nope.md)\n", to: "Site/\(mark)skip.md")
        try runner.write("ignore:\n  - \"/\(mark)skip.md\"\n", to: "Site/sitegen.yml")
        let run = try runner.run(["build"])
        let findings = run.stdout.split(separator: "\n").filter { $0.contains("error:") }
        #expect(findings == ["Site/\(mark)s.css:1:17: error: no file 'missing.png' in the bundle [broken-link]"], "\(run.stdout)")
        #expect(!FileManager.default.fileExists(atPath: runner.url("dist/\(mark)skip.html").path))

        let sarif = try runner.run(["check", "dist", "--entry", "/\(mark)x.html", "--format", "sarif"])
        #expect(sarif.stdout.contains("\"dist/%CC%81s.css\""), "\(sarif.stdout)")
    }

    @Test func aFolderMirrorFetchesThem() throws {
        let runner = try SitegenRunner()
        defer { runner.cleanUp() }
        try runner.write("<!doctype html><title>i</title><a href=\"%CC%81x.html\">c</a>", to: "src/index.html")
        try runner.write("<!doctype html><title>c</title>hi", to: "src/\(mark)x.html")
        let run = try runner.run(["mirror", "src", "--out", "out"])
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        #expect(try runner.read("out/\(mark)x.html").contains("hi"))
    }
}
