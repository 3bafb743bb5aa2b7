import Foundation
import Testing

/// A mirror has no `sitegen.yml`: a style sheet of the wrong type is the server's doing over HTTP,
/// and its name's in a folder, and the `wrong-type` finding says so.
@Suite struct MirrorTypeAdviceTests {
    @Test func overHTTPTheAdviceNamesTheTypeTheServerSent() throws {
        let runner = try SitegenRunner()
        defer { runner.cleanUp() }
        try runner.write(#"<link rel="stylesheet" href="style.css"><p>x</p>"#, to: "src/index.html")
        try runner.write("p{}", to: "src/style.css")
        #expect(try runner.run(["mirror", "src", "--out", "served"]).status == 0)
        // A server that sends the style sheet as HTML: the bundle's manifest says so, and serve follows it.
        let manifest = try runner.read("served/manifest.json")
        try runner.write(manifest.replacingOccurrences(of: "\"text/css\"", with: "\"text/html\""), to: "served/manifest.json")
        let server = try ServeProcess(runner, ["--bundle", "served", "--port", "0"])
        defer { server.stop() }
        let run = try runner.run(["mirror", "http://127.0.0.1:\(server.port)/", "--out", "out"])
        #expect(run.status == 1, "\(run.stdout)\(run.stderr)")
        #expect(
            run.stdout.contains(
                "out/index.html:1:24: error: style sheet 'style.css.html' is served as text/html, and a browser applies a "
                    + "style sheet only if it is text/css (the bundle sends nosniff): the server sent it with the "
                    + "Content-Type text/html; have it send text/css, then mirror again [wrong-type]"), "\(run.stdout)")
    }

    @Test func fromAFolderTheAdviceIsTheName() throws {
        let runner = try SitegenRunner()
        defer { runner.cleanUp() }
        try runner.write(#"<link rel="stylesheet" href="/theme.less"><p>x</p>"#, to: "src/index.html")
        try runner.write("p{}", to: "src/theme.less")
        let run = try runner.run(["mirror", "src", "--out", "out"])
        #expect(run.status == 1, "\(run.stdout)\(run.stderr)")
        let findings = run.stdout.split(separator: "\n").filter { $0.hasSuffix("[wrong-type]") }
        #expect(
            findings.count == 1 && findings[0].hasSuffix("(the bundle sends nosniff): name it .css [wrong-type]"), "\(run.stdout)"
        )
        #expect(!run.stdout.contains("sitegen.yml"))
    }

    /// `check` of a folder without a manifest (a Hugo or MkDocs tree) has no `sitegen.yml` to name
    /// either: its types come from the names.
    @Test func aFolderCheckedWithoutAManifestIsAdvisedAName() throws {
        let runner = try SitegenRunner()
        defer { runner.cleanUp() }
        try runner.write(#"<link rel="stylesheet" href="theme.less"><p>x</p>"#, to: "public/index.html")
        try runner.write("p{}", to: "public/theme.less")
        let run = try runner.run(["check", "public"])
        #expect(run.status == 1)
        #expect(run.stdout.contains("(the bundle sends nosniff): name it .css [wrong-type]"), "\(run.stdout)")
        #expect(!run.stdout.contains("sitegen.yml"))
    }
}
