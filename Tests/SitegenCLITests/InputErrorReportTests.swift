import Foundation
import Testing

/// `check` and `mirror`, like `build`, put an input error (exit 2) into machine-read reports, so that
/// a CI job's report file exists and its annotation shows.
@Suite struct InputErrorReportTests {
    @Test(arguments: [
        (["check", "missing"], "missing: error: no such folder", "::error file=missing,title=input-error::no such folder"),
        (
            ["check", "site", "--scheme", "http"], "error: URL scheme 'http' is reserved",
            "::error title=input-error::URL scheme 'http' is reserved"
        ),
        (
            ["check", "site", "--entry", "../x.html"], "error: --entry '../x.html' is not a path inside the checked folder",
            "::error title=input-error::--entry '../x.html' is not a path inside the checked folder"
        ),
        (
            ["mirror", "nowhere", "--out", "out"], "nowhere: error: no such folder (the source is a folder or an http:// URL)",
            "::error file=nowhere,title=input-error::no such folder (the source is a folder or an http:// URL)"
        ),
    ])
    func theGithubFormatCarriesTheInputError(arguments: [String], stderr: String, annotation: String) throws {
        let runner = try SitegenRunner()
        defer { runner.cleanUp() }
        try runner.write("<p>hi</p>", to: "site/index.html")
        let run = try runner.run(arguments + ["--format", "github"])
        #expect(run.status == 2, "\(run.stderr)")
        #expect(run.stderr.contains(stderr), "\(run.stderr)")
        #expect(run.stdout.hasPrefix(annotation), "\(run.stdout)")
        #expect(run.stdout.split(separator: "\n").count == 1, "\(run.stdout)")
        #expect(!FileManager.default.fileExists(atPath: runner.url("out").path))
    }

    @Test func aReportFileIsWrittenForAnInputErrorAndNoneForText() throws {
        let runner = try SitegenRunner()
        defer { runner.cleanUp() }
        let sarif = try runner.run(["check", "missing", "--format", "sarif", "--output", "links.sarif"])
        #expect(sarif.status == 2)
        let text = try runner.read("links.sarif")
        #expect(text.contains("input-error") && text.contains("no such folder"), "\(text)")
        let junit = try runner.run(["mirror", "nowhere", "--out", "out", "--format", "junit", "--output", "mirror.xml"])
        #expect(junit.status == 2)
        #expect(try runner.read("mirror.xml").contains("input-error"))
        // On the terminal the error line on standard error is the whole report.
        let plain = try runner.run(["check", "missing"])
        #expect(plain.status == 2)
        #expect(plain.stdout.isEmpty)
        #expect(plain.stderr == "missing: error: no such folder\n")
    }
}
