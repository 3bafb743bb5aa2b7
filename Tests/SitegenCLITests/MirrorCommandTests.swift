import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `sitegen mirror` run as a binary: exit codes, and the mirror checked again by `sitegen check`.
@Suite struct MirrorCommandTests {
    @Test func mirrorsTheFixtureAndChecksClean() throws {
        let runner = try SitegenRunner()
        defer { runner.cleanUp() }
        try runner.copyFixture("Mirror", to: "site")
        let mirror = try runner.run(["mirror", "site", "--out", "out"])
        #expect(mirror.status == 0, "\(mirror.stdout)\(mirror.stderr)")
        #expect(mirror.stdout.contains("0 errors, 0 warnings"))
        #expect(mirror.stderr.contains("mirrored 5 pages"))
        #expect(mirror.stderr.contains("note: out/index.html: external link left as written: https://example.com/elsewhere"))
        let check = try runner.run(["check", "out"])
        #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
        let verify = try runner.run(["verify", "out"])
        #expect(verify.status == 0, "\(verify.stdout)\(verify.stderr)")
        let again = try runner.run(["mirror", "site", "--out", "out", "--scheme", "help", "--host", "docs"])
        #expect(again.status == 0)
        #expect(try runner.read("out/manifest.json").contains(#""origin": "help://docs""#))
    }

    /// `/b` and `/b.html`, one page under `try_files $uri $uri.html`, are one file, named `b.html`.
    @Test func aPageReachedWithAndWithoutItsExtensionIsOneFile() throws {
        let runner = try SitegenRunner()
        defer { runner.cleanUp() }
        try runner.write("<a href=\"/b\">b</a> <a href=\"/b.html\">b2</a> <a href=\"/d/page\">p</a>", to: "site/index.html")
        try runner.write("<title>b</title>", to: "site/b.html")
        try runner.write("<a href=\"page.html\">self</a>", to: "site/d/page.html")
        let run = try runner.run(["mirror", "site", "--out", "out"])
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        let files = try runner.snapshot("out").keys.sorted()
        #expect(files == ["b.html", "d/page.html", "index.html", "manifest.json"], "\(files)")
        #expect(try runner.read("out/index.html").contains("<a href=\"b.html\">b</a> <a href=\"b.html\">b2</a>"))
        #expect(try runner.read("out/d/page.html").contains("<a href=\"page.html\">self</a>"))
        #expect(try runner.run(["check", "out"]).status == 0)
    }

    /// A link every page has (a footer's) is one note, at the first page, with how many others.
    @Test func anExternalLinkOnManyPagesIsOneNote() throws {
        let runner = try SitegenRunner()
        defer { runner.cleanUp() }
        let footer = "<a href=\"https://example.com/repo\">repo</a>"
        try runner.write("<a href=\"/a.html\">a</a><a href=\"/b.html\">b</a>" + footer, to: "site/index.html")
        try runner.write(footer + "<a href=\"https://example.com/only-a\">x</a>", to: "site/a.html")
        try runner.write(footer, to: "site/b.html")
        let run = try runner.run(["mirror", "site", "--out", "out"])
        #expect(run.status == 0, "\(run.stderr)")
        let notes = run.stderr.split(separator: "\n").filter { $0.hasPrefix("note:") }
        #expect(
            notes == [
                "note: out/a.html: external link left as written: https://example.com/only-a",
                "note: out/a.html: external link left as written: https://example.com/repo (and on 2 other pages)",
            ], "\(run.stderr)")
    }

    @Test func brokenLinksExitOne() throws {
        let runner = try SitegenRunner()
        defer { runner.cleanUp() }
        try runner.write("<a href=\"/missing\">m</a> <a href=\"/ok\">ok</a>", to: "site/index.html")
        try runner.write("<a href=\"/#nowhere\">back</a>", to: "site/ok.html")
        let run = try runner.run(["mirror", "site", "--out", "out"])
        #expect(run.status == 1, "\(run.stdout)\(run.stderr)")
        #expect(run.stdout.contains("warning: cannot mirror 'http://localhost/missing': not found (404) [mirror-fetch]"))
        #expect(run.stdout.contains("[broken-link]"))
        #expect(run.stdout.contains("[broken-fragment]"))
        #expect(FileManager.default.fileExists(atPath: runner.url("out/ok.html").path))
    }

    @Test func anUnreachableRootIsAnInputErrorAndKeepsThePreviousMirror() throws {
        let runner = try SitegenRunner()
        defer { runner.cleanUp() }
        try runner.write("<p>hi</p>", to: "site/index.html")
        let first = try runner.run(["mirror", "site", "--out", "out"])
        #expect(first.status == 0, "\(first.stdout)\(first.stderr)")
        #expect(first.stderr.contains("mirrored 1 page and 0 other resources (9 bytes) from site into out/: 1 file, 1 alias\n"))
        let port = try Self.closedPort()
        let run = try runner.run(["mirror", "http://127.0.0.1:\(port)/", "--out", "out"])
        #expect(run.status == 2, "\(run.stdout)\(run.stderr)")
        #expect(run.stderr == "error: cannot mirror 'http://127.0.0.1:\(port)/': connection refused (is the server running?)\n")
        #expect(try runner.read("out/index.html") == "<p>hi</p>")
        try FileManager.default.removeItem(at: runner.url("site/index.html"))
        let empty = try runner.run(["mirror", "site", "--out", "out"])
        #expect(empty.status == 2, "\(empty.stdout)\(empty.stderr)")
        #expect(empty.stderr == "site/: error: cannot mirror 'http://localhost/': not found (404)\n")
        #expect(try runner.read("out/index.html") == "<p>hi</p>")
    }

    /// A loopback port that nothing listens on: bound a moment ago, then closed.
    static func closedPort() throws -> UInt16 {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, length) == 0 && getsockname(fd, $0, &length) == 0
            }
        }
        try #require(bound)
        return UInt16(bigEndian: address.sin_port)
    }

    @Test(arguments: [
        ["mirror", "nowhere", "--out", "out"],
        ["mirror", "site", "--out", "out", "--scheme", "https"],
        ["mirror", "site", "--out", "out", "--max-pages", "zero"],
        ["mirror", "http://example.com/", "--out", "out"],
        ["mirror", "site"],
    ])
    func inputErrorsExitTwoAndWriteNothing(arguments: [String]) throws {
        let runner = try SitegenRunner()
        defer { runner.cleanUp() }
        try runner.write("<p>hi</p>", to: "site/index.html")
        let run = try runner.run(arguments)
        #expect(run.status == 2, "\(run.stdout)\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: runner.url("out").path))
    }

    /// A source that cannot be one says why: a port out of range is no refused connection, and a
    /// path that names nothing is no wrong kind of source.
    @Test(arguments: [
        (
            "http://127.0.0.1:99999/",
            "http://127.0.0.1:99999/: error: port 99999 is not valid: a port is a number from 1 to 65535"
        ),
        ("http://127.0.0.1:0/", "http://127.0.0.1:0/: error: port 0 is not valid: a port is a number from 1 to 65535"),
        (
            "http://127.0.0.1:99999999999999999999999/",
            "http://127.0.0.1:99999999999999999999999/: error: port 99999999999999999999999 is not valid: a port is a "
                + "number from 1 to 65535"
        ),
        ("nowhere", "nowhere: error: no such folder (the source is a folder or an http:// URL)"),
        ("site/index.html", "site/index.html: error: not a folder (a file): the source is a folder or an http:// URL"),
    ])
    func aSourceThatCannotBeOneSaysWhy(source: String, message: String) throws {
        let runner = try SitegenRunner()
        defer { runner.cleanUp() }
        try runner.write("<p>hi</p>", to: "site/index.html")
        let run = try runner.run(["mirror", source, "--out", "out"])
        #expect(run.status == 2, "\(run.stdout)\(run.stderr)")
        #expect(run.stderr == message + "\n")
        #expect(!FileManager.default.fileExists(atPath: runner.url("out").path))
    }

    @Test func theMirroredFolderIsNeverReplacedAndAnOutputSpelledWithDotWorks() throws {
        let runner = try SitegenRunner()
        defer { runner.cleanUp() }
        try runner.write("<a href=\"b.html\">b</a>", to: "out/site/index.html")
        try runner.write("<p>b</p>", to: "out/site/b.html")
        try runner.write("notes\n", to: "out/site/NOTES.txt")
        try runner.write("{\"format\": \"sitegen-bundle\"}\n", to: "out/manifest.json")
        let refused = try runner.run(["mirror", "out/site", "--out", "out"])
        #expect(refused.status == 2)
        #expect(refused.stderr.contains("out/: error: the output folder holds the folder mirrored"), "\(refused.stderr)")
        #expect(try runner.read("out/site/NOTES.txt") == "notes\n")
        try FileManager.default.createDirectory(at: runner.url("empty"), withIntermediateDirectories: true)
        for _ in 0..<2 {
            let dotted = try runner.run(["mirror", "out/site", "--out", "empty/."])
            #expect(dotted.status == 0, "\(dotted.stderr)")
        }
        #expect(FileManager.default.fileExists(atPath: runner.url("empty/b.html").path))
    }
}
