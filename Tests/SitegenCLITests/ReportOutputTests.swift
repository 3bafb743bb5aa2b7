import Foundation
import Testing

/// `--output` writes through what the path is: a link keeps its place, a pipe is written, `-` is
/// standard output; `check` and `mirror` keep it out of their folders (`build`'s: BuildCommandTests).
@Suite struct ReportOutputTests {
    private func brokenTree(_ runner: SitegenRunner) throws {
        try runner.write("<a href=\"missing.html\">m</a>\n", to: "t/index.html")
    }

    @Test(arguments: ["/dev/stdout", "-"])
    func standardOutputIsWrittenThrough(output: String) throws {
        let runner = try SitegenRunner()
        defer { runner.cleanUp() }
        try brokenTree(runner)
        let run = try runner.run(["check", "t", "--format", "json", "--output", output])
        #expect(run.status == 1, "\(run.stderr)")
        let report = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any]
        #expect((report?["findings"] as? [Any])?.count == 1, "\(run.stdout)")
        #expect(!FileManager.default.fileExists(atPath: runner.url("-").path))
        #expect(run.stderr.hasPrefix("crawled 1 page and 0 assets"), "the summary as with any file: \(run.stderr)")
        let kind = try FileManager.default.attributesOfItem(atPath: "/dev/stdout")[.type] as? FileAttributeType
        #expect(kind == .typeSymbolicLink)
    }

    /// With `-`, the text report goes to standard output without its summary, which goes to
    /// standard error alone (both are often one terminal).
    @Test func theTextReportOnStandardOutputLeavesTheSummaryToStandardError() throws {
        let runner = try SitegenRunner()
        defer { runner.cleanUp() }
        try brokenTree(runner)
        let run = try runner.run(["check", "t", "--output", "-"])
        #expect(run.stdout == "t/index.html:1:4: error: no file 'missing.html' in the bundle [broken-link]\n", "\(run.stdout)")
        #expect(run.stderr.hasPrefix("crawled 1 page and 0 assets"), "\(run.stderr)")
    }

    /// A JSON, SARIF or JUnit document on standard output stays whole; the summary line goes to
    /// standard error, as with `--output`. The line formats keep it at their end; `--quiet` drops it.
    @Test func aMachineFormatOnStandardOutputPutsTheSummaryOnStandardError() throws {
        let runner = try SitegenRunner()
        defer { runner.cleanUp() }
        try brokenTree(runner)
        for format in ["json", "sarif", "junit"] {
            let run = try runner.run(["check", "t", "--format", format])
            #expect(run.status == 1, "\(format): \(run.stderr)")
            #expect(!run.stdout.contains("crawled 1 page"), "\(format): \(run.stdout)")
            #expect(run.stderr.hasPrefix("crawled 1 page and 0 assets"), "\(format): \(run.stderr)")
            let quiet = try runner.run(["check", "t", "--format", format, "--quiet"])
            #expect(quiet.stderr.isEmpty, "\(format): \(quiet.stderr)")
        }
        let github = try runner.run(["check", "t", "--format", "github"])
        #expect(github.stdout.contains("crawled 1 page and 0 assets"), "\(github.stdout)")
        #expect(github.stderr.isEmpty, "\(github.stderr)")
    }

    /// A report that could not be written is found before any work: the build has not replaced the
    /// bundle when it stops (exit 2), and the findings are not lost to a typo.
    @Test func anUnwritableOutputStopsBeforeTheBuild() throws {
        let runner = try SitegenRunner()
        defer { runner.cleanUp() }
        try runner.copyFixture("Themes/minimal", to: "Templates")
        try runner.write("# Home\n", to: "Site/index.md")
        let run = try runner.run(["build", "--output", "reprots/report.txt"])
        #expect(run.status == 2)
        #expect(run.stderr.contains("--output 'reprots/report.txt': no folder 'reprots' to write it in"), "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: runner.url("dist").path))
        try FileManager.default.createDirectory(at: runner.url("reports"), withIntermediateDirectories: true)
        let folder = try runner.run(["build", "--output", "reports"])
        #expect(folder.status == 2)
        #expect(folder.stderr.contains("--output 'reports' is a folder: name a file"), "\(folder.stderr)")
    }

    @Test func aSymbolicLinkKeepsItsPlaceAndItsTargetIsReplaced() throws {
        let runner = try SitegenRunner()
        defer { runner.cleanUp() }
        try brokenTree(runner)
        try runner.write("old\n", to: "reports/real.json")
        try FileManager.default.createSymbolicLink(atPath: runner.url("link.json").path, withDestinationPath: "reports/real.json")
        let run = try runner.run(["check", "t", "--format", "json", "--output", "link.json"])
        #expect(run.status == 1, "\(run.stderr)")
        let kind = try FileManager.default.attributesOfItem(atPath: runner.url("link.json").path)[.type] as? FileAttributeType
        #expect(kind == .typeSymbolicLink)
        #expect(try runner.read("reports/real.json").contains("\"findings\""))
        try FileManager.default.createSymbolicLink(atPath: runner.url("folder-link").path, withDestinationPath: "reports")
        let folder = try runner.run(["check", "t", "--format", "json", "--output", "folder-link"])
        #expect(folder.status == 2)
        #expect(
            folder.stderr == "error: --output 'folder-link' is a folder: name a file (see 'sitegen check --help')\n",
            "\(folder.stderr)")
    }

    /// A JSON finding about a link names it as the page writes it, in `check` and in `build` (both
    /// from a rebuild's cache); one about no link has none.
    @Test func jsonFindingsNameTheirLink() throws {
        let runner = try SitegenRunner()
        defer { runner.cleanUp() }
        try brokenTree(runner)
        let check = try runner.run(["check", "t", "--format", "json"])
        let checked = try #require(try JSONSerialization.jsonObject(with: Data(check.stdout.utf8)) as? [String: Any])
        #expect((checked["findings"] as? [[String: Any]])?.map { $0["link"] as? String } == ["missing.html"])
        try runner.copyFixture("Themes/minimal", to: "Templates")
        try runner.write("# Home\n\n[a](instal.md#x) [b][r]\n\n[r]: gone.png\n", to: "Site/index.md")
        try runner.write("# Lost\n", to: "Site/lost.md")
        try runner.write("nav:\n  - index.md\n", to: "Site/sitegen.yml")
        for _ in 0..<2 {
            let build = try runner.run(["build", "--format", "json"])
            let built = try #require(try JSONSerialization.jsonObject(with: Data(build.stdout.utf8)) as? [String: Any])
            let findings = try #require(built["findings"] as? [[String: Any]])
            #expect(
                findings.map { "\($0["rule"] ?? ""):\($0["link"] as? String ?? "-")" } == [
                    "broken-link:instal.md#x", "broken-link:gone.png", "orphan:-",
                ], "\(build.stdout)")
        }
    }

    /// `check` and `mirror` keep a report out of the folders they read or write, as `build` does.
    @Test(arguments: [
        (["check", "t", "--output", "t/manifest.json"], "--output 't/manifest.json' is inside t/, the folder checked"),
        (["mirror", "t", "--out", "m", "--output", "m/r.txt"], "--output 'm/r.txt' is inside m/, the bundle folder"),
        (["mirror", "t", "--out", "m", "--output", "./t/r.txt"], "--output './t/r.txt' is inside t/, the folder mirrored"),
        (["check", "t", "--output", "into-t.json"], "--output 'into-t.json' is inside t/, the folder checked"),
    ])
    func checkAndMirrorKeepTheReportOutOfTheirFolders(arguments: [String], message: String) throws {
        let runner = try SitegenRunner()
        defer { runner.cleanUp() }
        try brokenTree(runner)
        // A link to a file not there yet lands where it points.
        try FileManager.default.createSymbolicLink(atPath: runner.url("into-t.json").path, withDestinationPath: "t/new.json")
        let before = try runner.snapshot(".")
        let run = try runner.run(arguments)
        #expect(run.status == 2)
        #expect(run.stderr.hasPrefix("error: " + message), "\(run.stderr)")
        #expect(try runner.snapshot(".") == before)
    }

    /// Warnings that fail a run under strict mode say so: the summary counts no error.
    @Test func strictSaysWhyTheRunFailed() throws {
        let runner = try SitegenRunner()
        defer { runner.cleanUp() }
        try runner.write("<a href=\"/a.html\">a</a>\n", to: "t/index.html")
        try runner.write("<p>a</p>\n", to: "t/a.html")
        let plain = try runner.run(["check", "t"])
        #expect(plain.status == 0 && !plain.stderr.contains("strict"))
        let strict = try runner.run(["check", "t", "--strict"])
        #expect(strict.status == 1)
        #expect(strict.stderr.contains("strict: the warning fails the check (exit 1)\n"), "\(strict.stderr)")
        let quiet = try runner.run(["check", "t", "--strict", "--quiet"])
        #expect(quiet.status == 1 && quiet.stderr.isEmpty)
    }
}
