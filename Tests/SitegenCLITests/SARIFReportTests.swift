import Foundation
import SitegenCore
import Testing

@testable import SitegenCLI

/// SARIF as GitHub's upload-sarif accepts it: URI references in `artifactLocation.uri`, and a
/// location for every result.
@Suite struct SARIFReportTests {
    /// The `physicalLocation` of each result of a SARIF document.
    private func physicalLocations(_ sarif: String) throws -> [[String: Any]] {
        let document = try #require(try JSONSerialization.jsonObject(with: Data(sarif.utf8)) as? [String: Any])
        let run = try #require((document["runs"] as? [[String: Any]])?.first)
        let results = try #require(run["results"] as? [[String: Any]])
        return try results.map { result in
            try #require((result["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any])
        }
    }

    private func uris(_ sarif: String) throws -> [String] {
        try physicalLocations(sarif).map { try #require(($0["artifactLocation"] as? [String: Any])?["uri"] as? String) }
    }

    @Test(arguments: [
        ("s/100% done.html", "s/100%25%20done.html"),
        ("s/a\nb.html", "s/a%0Ab.html"),
        ("dist/a,b:c.html", "dist/a%2Cb%3Ac.html"),
        ("dist/caf\u{E9}#?.html", "dist/caf%C3%A9%23%3F.html"),
        ("dist/Guide-1_x~y.html", "dist/Guide-1_x~y.html"),
        ("/abs/path.html", "file:///abs/path.html"),
        ("./index.md", "index.md"),
        ("./", "./"),
    ])
    func theURIIsPercentEncodedButForUnreservedCharactersAndSlashes(path: String, uri: String) throws {
        let report = Report(
            command: "check", files: [path],
            diagnostics: [
                Diagnostic(.error, .brokenLink, "no file 'x' in the bundle", at: SourceLocation(path: path, line: 1, column: 2))
            ],
            pages: 1, assets: 0, linksChecked: 1, seconds: 0)
        #expect(try uris(ReportFormat.sarif.render(report)) == [uri])
        #expect(URLComponents(string: uri)?.percentEncodedPath == (uri.hasPrefix("file://") ? String(uri.dropFirst(7)) : uri))
    }

    /// GitHub code scanning reads a relative URI from the repository root, where sitegen runs in CI:
    /// a file there is named relative to it, whatever the path given, and a file elsewhere by an
    /// absolute `file://` URI.
    @Test(arguments: [
        ("/w/site/a b.html", "/w", "site/a%20b.html"), ("site/../a.html", "/w", "a.html"),
        ("../w/e/", "/w", "e/"), ("/w/", "/w", "./"), ("./", "/w", "./"), ("/x.html", "/", "x.html"),
        ("/elsewhere/a.html", "/w", "file:///elsewhere/a.html"), ("/wx/a.html", "/w", "file:///wx/a.html"),
        ("../x/100% done.html", "/w/sub", "file:///w/x/100%25%20done.html"), ("../", "/w/sub", "file:///w/"),
    ])
    func aFileInsideTheWorkingDirectoryIsRelativeAndOneOutsideAFileURI(path: String, directory: String, uri: String)
        throws
    {
        let report = Report(
            command: "check", files: [path],
            diagnostics: [Diagnostic(.warning, .orphan, "no link reaches this page", at: SourceLocation(path: path))],
            pages: 1, assets: 0, linksChecked: 0, seconds: 0)
        let sarif = ReportFormat.sarif.render(report, workingDirectory: URL(fileURLWithPath: directory))
        #expect(try uris(sarif) == [uri])
        // A relative URI is relative to `%SRCROOT%`, which the run says is the working directory.
        let artifact = try #require(try physicalLocations(sarif).first?["artifactLocation"] as? [String: Any])
        #expect(artifact.count == (uri.hasPrefix("file://") ? 1 : 2))
        #expect(uri.hasPrefix("file://") || artifact["uriBaseId"] as? String == "%SRCROOT%")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(sarif.utf8)) as? [String: Any])
        let run = try #require((document["runs"] as? [[String: Any]])?.first)
        let bases = try #require(run["originalUriBaseIds"] as? [String: [String: String]])
        #expect(bases == ["%SRCROOT%": ["uri": "file://" + (directory == "/" ? "/" : directory + "/")]])
    }

    @Test func aCheckedFolderGivenAbsoluteOrThroughALinkOrOutsideIsNamedAsGitHubReadsIt() throws {
        let runner = try SitegenRunner()
        defer { runner.cleanUp() }
        let outside = try SitegenRunner()
        defer { outside.cleanUp() }
        let link = FileManager.default.temporaryDirectory.appendingPathComponent("sitegen-link-\(UUID().uuidString)")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: runner.directory)
        defer { try? FileManager.default.removeItem(at: link) }
        for tree in [runner, outside] {
            try tree.write("<a href=\"a%20b.html\">a</a>\n", to: "t2/index.html")
            try tree.write("<a href=\"nope.html\">x</a>\n", to: "t2/a b.html")
        }
        let inside = ["t2/a%20b.html"]
        for folder in [
            runner.url("t2").path, "../\(runner.directory.lastPathComponent)/t2", link.appendingPathComponent("t2").path,
        ] {
            let run = try runner.run(["check", folder, "--format", "sarif"])
            #expect(run.status == 1, "\(run.stderr)")
            #expect(try uris(run.stdout) == inside, "\(folder): \(run.stdout)")
        }
        let elsewhere = outside.url("t2/a b.html").standardizedFileURL.path
        for folder in [outside.url("t2").path, "../\(outside.directory.lastPathComponent)/t2"] {
            let run = try runner.run(["check", folder, "--format", "sarif"])
            #expect(run.status == 1, "\(run.stderr)")
            #expect(try uris(run.stdout) == ["file://" + SARIFArtifactURI.encode(elsewhere)], "\(folder): \(run.stdout)")
        }
    }

    /// Every rule has help text and no link to an address that does not exist.
    @Test func rulesCarryHelpTextAndNoDeadLinks() throws {
        let sarif = ReportFormat.sarif.render(
            Report(command: "check", files: [], diagnostics: [], pages: 0, assets: 0, linksChecked: 0, seconds: 0))
        #expect(!sarif.contains("sitegen.invalid") && !sarif.contains("helpUri") && !sarif.contains("informationUri"))
        let document = try #require(try JSONSerialization.jsonObject(with: Data(sarif.utf8)) as? [String: Any])
        let run = try #require((document["runs"] as? [[String: Any]])?.first)
        let rules = try #require(((run["tool"] as? [String: Any])?["driver"] as? [String: Any])?["rules"] as? [[String: Any]])
        #expect(!rules.isEmpty)
        for rule in rules { #expect(((rule["help"] as? [String: Any])?["text"] as? String)?.isEmpty == false) }
    }

    @Test func aFileNameWithAPercentSignAndASpaceIsAValidURIInACheck() throws {
        let runner = try SitegenRunner()
        defer { runner.cleanUp() }
        try runner.write("<a href=\"100%25%20done.html\">x</a>\n", to: "s/index.html")
        try runner.write("<a href=\"nope.html\">x</a>\n", to: "s/100% done.html")
        let run = try runner.run(["check", "s", "--format", "sarif"])
        #expect(run.status == 1, "\(run.stderr)")
        #expect(try uris(run.stdout) == ["s/100%25%20done.html"], "\(run.stdout)")
    }

    @Test func aFindingAboutNoFileIsAtTheFolderSitegenRanIn() throws {
        let report = Report(
            command: "check", files: ["e/sub/x.html"],
            diagnostics: [
                Diagnostic(.error, .brokenLink, "entry 'docs://app/index.html' is not in the bundle", at: nil),
                Diagnostic(.error, .inputError, "no path", at: SourceLocation(path: "")),
                Diagnostic(.warning, .orphan, "no link reaches this page", at: SourceLocation(path: "e/sub/x.html")),
            ],
            pages: 1, assets: 0, linksChecked: 0, seconds: 0)
        let sarif = ReportFormat.sarif.render(report)
        #expect(try uris(sarif) == ["./", "./", "e/sub/x.html"])
        #expect(try physicalLocations(sarif).allSatisfy { $0["region"] == nil })
    }

    @Test(arguments: [
        // A missing entry is the checked folder's finding; an input error without a place is at ./.
        (["check", "e", "--entry", "a.html", "--entry", "c.html"], 1, "entry 'docs://app/c.html' is not in the bundle", "e/"),
        (["check", "e", "--scheme", "http"], 2, "URL scheme 'http' is reserved", "./"),
    ])
    func everyResultOfARunHasALocation(arguments: [String], status: Int32, message: String, uri: String) throws {
        let runner = try SitegenRunner()
        defer { runner.cleanUp() }
        try runner.write("<a href=\"b.html\">b</a>\n", to: "e/a.html")
        try runner.write("<p>b</p>\n", to: "e/b.html")
        let run = try runner.run(arguments + ["--format", "sarif"])
        #expect(run.status == status, "\(run.stderr)")
        #expect(run.stdout.contains(message), "\(run.stdout)")
        #expect(try uris(run.stdout) == [uri], "\(run.stdout)")
    }
}

extension SARIFReportTests {
    /// A mirror over HTTP places findings at the page's URL: the URI is that URL, in or out of a
    /// working directory, where it was `http%3A/127.0.0.1%3A18435/` (a path, its `//` collapsed).
    @Test(arguments: [
        ("http://127.0.0.1:18435/", "http://127.0.0.1:18435/"),
        ("http://[::1]:8000/guide/a%20b.html?q=1", "http://[::1]:8000/guide/a%20b.html?q=1"),
        ("HTTPS://example.org/caf\u{E9} x|y", "HTTPS://example.org/caf%C3%A9%20x%7Cy"),
    ])
    func aFindingAtAWebURLIsNamedByTheURL(path: String, uri: String) throws {
        let report = Report(
            command: "mirror", files: [],
            diagnostics: [
                Diagnostic(.warning, RuleID("mirror-fetch"), "cannot mirror", at: SourceLocation(path: path, line: 3, column: 4))
            ],
            pages: 1, assets: 0, linksChecked: 0, seconds: 0)
        for directory in [nil, URL(fileURLWithPath: "/w")] {
            let sarif = ReportFormat.sarif.render(report, workingDirectory: directory)
            #expect(try uris(sarif) == [uri])
            #expect(URL(string: uri)?.host != nil)
        }
    }

    /// The other formats name the page as they did: JSON by its URL, GitHub escaped as its `file=`
    /// property must be.
    @Test func otherFormatsKeepTheURL() {
        let report = Report(
            command: "mirror", files: [],
            diagnostics: [
                Diagnostic(
                    .warning, RuleID("mirror-fetch"), "cannot mirror",
                    at: SourceLocation(path: "http://127.0.0.1:18435/", line: 3, column: 4))
            ],
            pages: 1, assets: 0, linksChecked: 0, seconds: 0)
        #expect(ReportFormat.json.render(report).contains(#""http://127.0.0.1:18435/""#))
        #expect(ReportFormat.github.render(report).contains("file=http%3A//127.0.0.1%3A18435/,"))
    }
}
