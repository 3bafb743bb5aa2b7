import Foundation
import SitegenCorpus
import Testing

@Suite(.serialized) struct CheckCommandTests {
    @Test func projectDistChecksClean() throws {
        let runner = try SitegenRunner()
        defer { runner.cleanUp() }
        let root = SitegenRunner.packageRoot
        let build = try runner.run([
            "build", "--site", root.appendingPathComponent("Site").path, "--templates",
            root.appendingPathComponent("Templates").path,
            "--out", runner.url("dist").path, "--quiet",
        ])
        #expect(build.status == 0, "\(build.stdout)\(build.stderr)")
        let run = try runner.run(["check", "dist"])
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        #expect(run.stdout.contains(": 0 errors, 0 warnings in "), "\(run.stdout)")
    }

    @Test func brokenTreeExitsOneWithExactLines() throws {
        let runner = try SitegenRunner()
        defer { runner.cleanUp() }
        try runner.write(
            "<h1 id=top-id>Home</h1>\n<a href=\"guide/\">g</a>\n<a href=\"missing.html\">m</a>\n<a href=\"guide/#nope\">f</a>\n<a href=\"https://example.org/\">x</a>\n",
            to: "site/index.html")
        try runner.write("<a href=\"../index.html#top-id\">home</a>\n<img src=\"../../up.png\">\n", to: "site/guide/index.html")
        try runner.write("<p>nobody links here</p>\n", to: "site/old.html")
        let run = try runner.run(["check", "site", "--quiet"])
        #expect(run.status == 1)
        #expect(
            run.stdout == """
                site/guide/index.html:2:6: error: '../../up.png' leaves the bundle root [escapes-root]
                site/index.html:3:4: error: no file 'missing.html' in the bundle [broken-link]
                site/index.html:4:4: error: no id 'nope' in guide/index.html [broken-fragment]
                site/index.html:5:4: warning: external link 'https://example.org/' (not checked) [external-link]
                site/old.html: warning: no link reaches this page from the entry [orphan]

                """, "\(run.stdout)")
        let ignoring = try runner.run([
            "check", "site", "--quiet", "--external", "ignore", "--ignore", "missing*", "--ignore", "*up.png",
        ])
        #expect(
            ignoring.stdout.split(separator: "\n").map { $0.hasSuffix("[broken-fragment]") || $0.hasSuffix("[orphan]") } == [
                true, true,
            ], "\(ignoring.stdout)")
    }

    @Test func junitListsEveryPageThePassingOnesToo() throws {
        let runner = try SitegenRunner()
        defer { runner.cleanUp() }
        try runner.write("<a href=\"a.html\">a</a><a href=\"b.html\">b</a>", to: "site/index.html")
        try runner.write("<a href=\"gone.html\">x</a>", to: "site/a.html")
        try runner.write("<p>b</p>", to: "site/sub/b.htm")
        try runner.write("<a href=\"sub/b.htm\">b</a>", to: "site/b.html")
        let run = try runner.run(["check", "site", "--format", "junit"])
        #expect(run.status == 1)
        #expect(run.stdout.contains("<testsuite name=\"sitegen check\" tests=\"4\" failures=\"1\""), "\(run.stdout)")
        for page in ["site/index.html", "site/b.html", "site/sub/b.htm"] {
            #expect(run.stdout.contains("name=\"\(page)\" file=\"\(page)\"/>"), "\(page)")
        }
    }

    @Test(arguments: [
        (["check"], "missing"), (["check", "nowhere"], "no such folder"),
        (["check", "site/index.html"], "not a folder (a file)"), (["check", "site", "--format", "xml"], "unknown format"),
        (["check", "site", "--external", "maybe"], "--external"), (["check", "site", "--scheme", "https"], "reserved"),
        (["check", "site", "--bogus"], "--bogus"), (["check", "site", "--scheme", "a b"], "invalid URL scheme 'a b'"),
        (["check", "site", "--scheme", "1x"], "invalid URL scheme '1x'"),
        (["check", "site", "--host", "a/b"], "invalid host 'a/b'"),
    ])
    func badArgumentsExitTwo(arguments: [String], mention: String) throws {
        let runner = try SitegenRunner()
        defer { runner.cleanUp() }
        try runner.write("<p>x</p>", to: "site/index.html")
        let run = try runner.run(arguments)
        #expect(run.status == 2, "\(run.stdout)\(run.stderr)")
        #expect(run.stderr.lowercased().contains(mention.lowercased()), "\(run.stderr)")
    }

    @Test func treeWithoutManifestUsesSchemeAndHost() throws {
        let runner = try SitegenRunner()
        defer { runner.cleanUp() }
        try runner.write("<a href=\"help://book/a.html\">a</a><a href=\"help://book/gone.html\">b</a>", to: "site/index.html")
        try runner.write("<p>a</p>", to: "site/a.html")
        let own = try runner.run(["check", "site", "--scheme", "help", "--host", "book", "--quiet"])
        #expect(own.status == 1)
        #expect(own.stdout == "site/index.html:1:38: error: no file 'gone.html' in the bundle [broken-link]\n", "\(own.stdout)")
        let other = try runner.run(["check", "site", "--quiet"])
        #expect(other.status == 0)
        #expect(other.stdout.components(separatedBy: "[external-link]").count == 3, "\(other.stdout)")
        #expect(other.stdout.contains("site/a.html: warning: no link reaches this page from the entry [orphan]"))
    }

    @Test func hugoLikePrettyURLs() throws {
        let runner = try SitegenRunner()
        defer { runner.cleanUp() }
        try runner.write(
            "<link rel=stylesheet href=\"css/site.css\"><a href=\"posts/\">p</a><a href=\"posts/first/#intro\">f</a>",
            to: "public/index.html")
        try runner.write("body{background:url(../img/bg.png)}", to: "public/css/site.css")
        try runner.write("png", to: "public/img/bg.png")
        try runner.write(
            "<a href=\"../\">home</a><a href=\"first/\">first</a><a href=\"/posts/first/\">abs</a>", to: "public/posts/index.html"
        )
        try runner.write(
            "<h2 id=intro>Intro</h2><a href=\"../../\">home</a><img src=\"../../img/bg.png\">",
            to: "public/posts/first/index.html")
        let run = try runner.run(["check", "public", "--entry", "posts/first/index.html"])
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        #expect(
            run.stdout.hasPrefix("public/posts/index.html:1:52: warning: root-relative link '/posts/first/'"), "\(run.stdout)")
        #expect(run.stdout.contains("crawled 3 pages and 2 assets"), "\(run.stdout)")
        let strict = try runner.run(["check", "public", "--strict", "--quiet"])
        #expect(strict.status == 1)
    }

    @Test func outputFileGetsTheReportAndStderrTheSummary() throws {
        let runner = try SitegenRunner()
        defer { runner.cleanUp() }
        try runner.write("<a href=\"gone.html\">x</a>", to: "site/index.html")
        let run = try runner.run(["check", "site", "--format", "json", "--output", "report.json"])
        #expect(run.status == 1)
        #expect(run.stdout.isEmpty)
        #expect(run.stderr.contains("crawled 1 page and 0 assets, checked 1 link: 1 error, 0 warnings"), "\(run.stderr)")
        let document = try JSONSerialization.jsonObject(with: Data(try runner.read("report.json").utf8)) as? [String: Any]
        #expect((document?["findings"] as? [[String: Any]])?.first?["rule"] as? String == "broken-link")
    }

    @Test func faultCorpusGivesExactlyTheInjectedFindings() throws {
        let runner = try SitegenRunner()
        defer { runner.cleanUp() }
        let manifest = try HTMLFaultCorpus.write(pages: 300, seed: 5, to: runner.url("corpus"))
        let run = try runner.run(["check", "corpus", "--format", "json"])
        #expect(run.status == 1)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        let found = try #require(document["findings"] as? [[String: Any]]).map {
            HTMLFaultCorpus.ExpectedFinding(
                file: String(($0["file"] as? String ?? "").dropFirst("corpus/".count)), line: $0["line"] as? Int ?? 0,
                rule: $0["rule"] as? String ?? "")
        }
        #expect(found.sorted() == manifest.findings)
    }

    /// A link in NFC to a file named in NFD (as copied from a Mac): two names to the app, which
    /// look alike, so the finding says how they differ rather than suggest the same-looking name.
    @Test func aFileNamedInAnotherUnicodeNormalizationIsNamedAsSuch() throws {
        let runner = try SitegenRunner()
        defer { runner.cleanUp() }
        try runner.write("<a href=\"caf\u{E9}.html\">c</a>\n", to: "t/index.html")
        try runner.write("<a href=\"index.html\">i</a>\n", to: "t/cafe\u{301}.html")
        let run = try runner.run(["check", "t"])
        #expect(run.status == 1)
        #expect(
            run.stdout.contains(
                "t/index.html:1:4: error: no file 'caf\u{E9}.html' in the bundle, but 'cafe\u{301}.html' is there in another "
                    + "Unicode normalization (NFD on disk, NFC in the link); the app finds files by their bytes: spell both "
                    + "the same (NFC) [broken-link]"), "\(run.stdout)")
    }

    /// Pages of one folder share what their links resolved to, by the links' bytes: once a page has
    /// linked to the composed `café.html`, a sibling's decomposed spelling is still another file.
    @Test func aSiblingsLinkInNFCVouchesForNoLinkInNFD() throws {
        let runner = try SitegenRunner()
        defer { runner.cleanUp() }
        try runner.write("<a href=\"a.html\">a</a>\n", to: "t/index.html")
        // b.html is reached through a.html only, so it is read after a.html's links were resolved.
        try runner.write("<a href=\"caf\u{E9}.html\">c</a><a href=\"b.html\">b</a>\n", to: "t/a.html")
        try runner.write("<a href=\"cafe\u{301}.html\">c</a>\n", to: "t/b.html")
        try runner.write("<a href=\"index.html\">i</a>\n", to: "t/caf\u{E9}.html")
        let run = try runner.run(["check", "t"])
        #expect(run.status == 1)
        #expect(run.stdout.contains("t/b.html:1:4: error: no file 'cafe\u{301}.html' in the bundle"), "\(run.stdout)")
        #expect(!run.stdout.contains("t/a.html:"), "\(run.stdout)")
    }

    /// A page whose name is not UTF-8 can be named by no URL: its links are never crawled, and the
    /// check says so rather than leaving it out silently. Other files (an image) are no pages.
    @Test func aPageNamedInBytesThatAreNotUTF8IsReported() throws {
        let runner = try SitegenRunner()
        defer { runner.cleanUp() }
        try runner.write("<a href=\"ok.html\">ok</a>\n", to: "t/index.html")
        try runner.write("ok\n", to: "t/ok.html")
        for ext in [".html", ".png"] {
            let path = Array(runner.url("t/sub").path.utf8) + [UInt8(ascii: "/"), 0xFF] + Array(ext.utf8) + [0]
            try FileManager.default.createDirectory(at: runner.url("t/sub"), withIntermediateDirectories: true)
            let descriptor = path.withUnsafeBufferPointer {
                $0.withMemoryRebound(to: CChar.self) { open($0.baseAddress!, O_CREAT | O_WRONLY, 0o644) }
            }
            #expect(descriptor >= 0)
            close(descriptor)
        }
        let run = try runner.run(["check", "t"])
        #expect(run.status == 0)
        #expect(
            run.stdout.split(separator: "\n").filter { $0.contains("warning:") } == [
                "t/sub/\\xFF.html: warning: name is not valid UTF-8 (invalid bytes shown as \\xHH), so no URL can name it and no app can load this page: rename it [orphan]"
            ], "\(run.stdout)")
    }

    /// A link to a symbolic link that no resolver serves says what is there, not that nothing is:
    /// Debian's Sphinx trees link `_static/jquery.js` to `/usr/share/javascript`.
    @Test func aLinkToASymbolicLinkOutOfTheBundleSaysSo() throws {
        let runner = try SitegenRunner()
        defer { runner.cleanUp() }
        try runner.write("x\n", to: "outside/j.js")
        try runner.write("<script src=\"j.js\"></script><script src=\"gone.js\"></script>\n", to: "t/index.html")
        try FileManager.default.createSymbolicLink(atPath: runner.url("t/j.js").path, withDestinationPath: "../outside/j.js")
        try FileManager.default.createSymbolicLink(atPath: runner.url("t/gone.js").path, withDestinationPath: "nowhere.js")
        // Two links that lead to each other: followed, they never end.
        try runner.write(
            "<script src=\"j.js\"></script><script src=\"gone.js\"></script><script src=\"ping.js\"></script>\n",
            to: "t/index.html")
        try FileManager.default.createSymbolicLink(atPath: runner.url("t/ping.js").path, withDestinationPath: "pong.js")
        try FileManager.default.createSymbolicLink(atPath: runner.url("t/pong.js").path, withDestinationPath: "ping.js")
        let run = try runner.run(["check", "t"])
        #expect(run.status == 1)
        let real = runner.url("outside/j.js").resolvingSymlinksInPath().path
        #expect(
            run.stdout.contains(
                "t/index.html:1:9: error: no file 'j.js' in the bundle: it is a symbolic link out of the bundle (to \(real)), "
                    + "which no resolver serves [broken-link]"), "\(run.stdout)")
        #expect(
            run.stdout.contains(
                "no file 'gone.js' in the bundle: it is a symbolic link to nothing, which no resolver serves [broken-link]"),
            "\(run.stdout)")
        #expect(
            run.stdout.contains(
                "no file 'ping.js' in the bundle: it is a symbolic link that loops back on itself, which no resolver serves"),
            "\(run.stdout)")

        // A folder linked out of the tree, a folder where a page was, an index that is a link out.
        try runner.write("o\n", to: "outside/lib/o.js")
        try FileManager.default.createSymbolicLink(atPath: runner.url("t/lib").path, withDestinationPath: "../outside/lib")
        try FileManager.default.createDirectory(at: runner.url("t/page.html"), withIntermediateDirectories: true)
        try runner.write("<script src=\"lib/o.js\"></script><a href=\"page.html\">p</a>\n", to: "t/index.html")
        let more = try runner.run(["check", "t"])
        let lib = runner.url("outside/lib").resolvingSymlinksInPath().path
        #expect(
            more.stdout.contains(
                "no file 'lib/o.js' in the bundle: it is under 'lib', a symbolic link out of the bundle (to \(lib)), which no resolver serves"
            ),
            "\(more.stdout)")
        #expect(more.stdout.contains("no file 'page.html' in the bundle: it is a folder, which no resolver serves"))
        // A folder linked inside the tree: a folder without manifest is served without it.
        try runner.write("<p id=\"a\">a</p>\n", to: "t/real/a.html")
        try FileManager.default.createSymbolicLink(atPath: runner.url("t/alias").path, withDestinationPath: "real")
        try runner.write("<a href=\"alias/a.html#a\">a</a><a href=\"real/a.html\">r</a>\n", to: "t/index.html")
        let inside = try runner.run(["check", "t"])
        #expect(
            inside.stdout.contains(
                "t/index.html:1:4: error: no file 'alias/a.html' in the bundle: it is under 'alias', a symbolic link to a folder, "
                    + "which no resolver serves [broken-link]"), "\(inside.stdout)")
        try FileManager.default.removeItem(at: runner.url("t/alias"))
        try FileManager.default.removeItem(at: runner.url("t/real"))
        try FileManager.default.removeItem(at: runner.url("t/index.html"))
        try FileManager.default.createSymbolicLink(
            atPath: runner.url("t/index.html").path, withDestinationPath: "../outside/j.js")
        #expect(
            try runner.run(["check", "t"]).stdout.contains(
                "t/: error: entry 'docs://app/index.html' is not in the bundle: 'index.html' is a symbolic link out of the bundle (to \(real)), which no resolver serves [broken-link]"
            ))
    }

    /// In a bundle with a manifest, a listed page replaced by a link out of the bundle or by a
    /// folder says what is there.
    @Test func aListedPageReplacedByALinkOutOrAFolderSaysSo() throws {
        let runner = try SitegenRunner.cleanSite()
        defer { runner.cleanUp() }
        #expect(try runner.run(["build"]).status == 0)
        try runner.write("x\n", to: "outside.html")
        try FileManager.default.removeItem(at: runner.url("dist/guide/usage.html"))
        try FileManager.default.createSymbolicLink(
            atPath: runner.url("dist/guide/usage.html").path, withDestinationPath: runner.url("outside.html").path)
        try FileManager.default.removeItem(at: runner.url("dist/guide/install.html"))
        try FileManager.default.createDirectory(at: runner.url("dist/guide/install.html"), withIntermediateDirectories: false)
        let run = try runner.run(["check", "dist"])
        #expect(run.status == 1)
        let outside = runner.url("outside.html").resolvingSymlinksInPath().path
        #expect(
            run.stdout.contains(
                "no file 'guide/usage.html' in the bundle: it is a symbolic link out of the bundle (to \(outside)), which no resolver serves [broken-link]"
            ), "\(run.stdout)")
        #expect(
            run.stdout.contains(
                "no file 'guide/install.html' in the bundle: it is a folder, which no resolver serves [broken-link]"),
            "\(run.stdout)")
        #expect(!run.stdout.contains("[escapes-root]"))

        // The entry itself linked out of the bundle is said the same way; a link to a served file
        // on the way (`usage.html/x.html`) has no such reason.
        try FileManager.default.removeItem(at: runner.url("dist/index.html"))
        try FileManager.default.createSymbolicLink(
            atPath: runner.url("dist/index.html").path, withDestinationPath: runner.url("outside.html").path)
        let entry = try runner.run(["check", "dist"])
        #expect(
            entry.stdout.contains(
                "dist/: error: entry 'help://book/index.html' is not in the bundle: 'index.html' is a symbolic link out of the bundle (to \(outside)), which no resolver serves [broken-link]"
            ), "\(entry.stdout)")
    }

    /// The site's top folders are walked at once, each opened when walked: a site of more top
    /// folders than the process may hold open files builds.
    @Test func aSiteOfMoreTopFoldersThanOpenFilesBuilds() throws {
        let runner = try SitegenRunner()
        defer { runner.cleanUp() }
        try runner.copyFixture("Themes/minimal", to: "Templates")
        var index = "# Home\n\n"
        for folder in 0..<300 {
            try runner.write("# Page \(folder)\n", to: "Site/d\(folder)/p.md")
            index += "[\(folder)](d\(folder)/p.md) "
        }
        try runner.write(index + "\n", to: "Site/index.md")
        let command = "ulimit -n 128 && exec \"\(SitegenRunner.executable.path)\" build"
        let run = try runner.run(URL(fileURLWithPath: "/bin/sh"), ["-c", command])
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        #expect(run.stdout.contains("built 301 pages"), "\(run.stdout)")
    }

    @Test func aPathThroughALinkToAServedFileHasNoReason() throws {
        let runner = try SitegenRunner()
        defer { runner.cleanUp() }
        try runner.write("<a href=\"inlink.html/x.html\">x</a><a href=\"real.html\">r</a>\n", to: "t/index.html")
        try runner.write("<a href=\"index.html\">i</a>\n", to: "t/real.html")
        try FileManager.default.createSymbolicLink(atPath: runner.url("t/inlink.html").path, withDestinationPath: "real.html")
        let run = try runner.run(["check", "t"])
        #expect(run.stdout.contains("t/index.html:1:4: error: no file 'inlink.html/x.html' in the bundle"), "\(run.stdout)")
        #expect(!run.stdout.contains("symbolic link"), "\(run.stdout)")
    }

    /// `--scheme` and `--host` name the origin of a folder without manifest; with one, a note says
    /// they are left unused.
    @Test func anOriginGivenForAFolderWithAManifestIsSaidToBeUnused() throws {
        let runner = try SitegenRunner()
        defer { runner.cleanUp() }
        try runner.copyFixture("Sites/clean", to: "Site")
        try runner.copyFixture("Themes/minimal", to: "Templates")
        #expect(try runner.run(["build"]).status == 0)
        let run = try runner.run(["check", "dist", "--scheme", "foo", "--host", "bar"])
        #expect(run.status == 0)
        #expect(
            run.stderr.hasPrefix("note: dist/ has a manifest, whose origin the check uses: --scheme and --host are left unused\n")
        )
        #expect(try runner.run(["check", "dist"]).stderr.isEmpty)
    }

    /// rustdoc writes no top `index.html`: start pages given replace that guess, and a folder that
    /// has one keeps it as a start page beside them.
    @Test func startPagesGivenReplaceAMissingIndex() throws {
        let runner = try SitegenRunner()
        defer { runner.cleanUp() }
        try runner.write("<a href=\"b.html\">b</a>\n", to: "doc/crate/index.html")
        try runner.write("<a href=\"index.html\">up</a>\n", to: "doc/crate/b.html")
        let given = try runner.run(["check", "doc", "--entry", "crate/index.html"])
        #expect(given.status == 0, "\(given.stdout)\(given.stderr)")
        #expect(!given.stdout.contains("[broken-link]"), "\(given.stdout)")
        let none = try runner.run(["check", "doc"])
        #expect(
            none.stdout.contains(
                "doc/: error: entry 'docs://app/index.html' is not in the bundle: a folder without manifest is checked "
                    + "from its index.html; name its start pages with --entry PAGE [broken-link]"), "\(none.stdout)")
        try runner.write("<a href=\"nowhere.html\">x</a>\n", to: "doc/index.html")
        let both = try runner.run(["check", "doc", "--entry", "crate/index.html"])
        #expect(both.stdout.contains("doc/index.html:1:4: error: no file 'nowhere.html'"), "\(both.stdout)")
    }

    /// `--site-url`: a tree checked as the web site served there. Links below it (root-relative,
    /// absolute, `http` too, the folder without its slash) are checked in the tree, with their
    /// fragments and no absolute-path warning; the host's other pages and `//cdn` are external.
    @Test func aTreeIsCheckedAsTheWebSiteAtItsURL() throws {
        let runner = try SitegenRunner()
        defer { runner.cleanUp() }
        try runner.write(
            """
            <link rel="stylesheet" href="/docs/css/s.css">
            <a href="/docs/about/">a</a>
            <a href="https://example.org/docs/about/#team">b</a>
            <a href="https://example.org/docs/nothere/">c</a>
            <a href="/">d</a>
            <a href="//cdn.example.com/x.js">e</a>
            <a href="about/#teamz">f</a>
            <a href="http://example.org/docs">g</a>
            <a href="/docs/about/#crew">h</a>

            """, to: "public/index.html")
        try runner.write("<h1 id=\"team\">Team</h1><a href=\"../\">home</a>\n", to: "public/about/index.html")
        try runner.write("body {}\n", to: "public/css/s.css")
        let run = try runner.run(["check", "public", "--site-url", "https://example.org/docs/"])
        #expect(run.status == 1)
        #expect(
            run.stdout.components(separatedBy: "\n").filter { $0.hasPrefix("public/") } == [
                "public/index.html:4:4: error: no file 'nothere/index.html' in the tree [broken-link]",
                "public/index.html:5:4: warning: external link 'https://example.org/' (not checked) [external-link]",
                "public/index.html:6:4: warning: external link 'https://cdn.example.com/x.js' (not checked) [external-link]",
                "public/index.html:7:4: error: no id 'teamz' in about/index.html (did you mean 'team'?) [broken-fragment]",
                "public/index.html:9:4: error: no id 'crew' in about/index.html [broken-fragment]",
            ], "\(run.stdout)")
        // Served at the host's root, every root-relative link is the tree's.
        let root = try runner.run(["check", "public", "--site-url", "http://localhost:1313"])
        #expect(
            root.stdout.contains("public/index.html:2:4: error: no file 'docs/about/index.html' in the tree"), "\(root.stdout)")
        #expect(!root.stdout.contains("absolute-path"))
        for bad in ["ftp://example.org/", "https://example.org/docs/?x=1", "example.org/docs/", "https:///docs/"] {
            let refused = try runner.run(["check", "public", "--site-url", bad])
            #expect(refused.status == 2, "\(bad)")
            #expect(refused.stderr.hasPrefix("error: --site-url must be an http or https URL"), "\(refused.stderr)")
        }
    }

    /// A folder linked without its slash is what a web server redirects to the folder: under
    /// `--site-url` a warning, its page reached and its fragments checked; under the scheme, which
    /// answers no redirects, an error, and the page an orphan.
    @Test func aWebSiteRedirectsAFolderWithoutItsSlash() throws {
        let runner = try SitegenRunner()
        defer { runner.cleanUp() }
        try runner.write("<a href=\"/docs/about\">a</a>\n<a href=\"about#crew\">b</a>\n", to: "public/index.html")
        try runner.write("<h1 id=\"team\">Team</h1><a href=\"../\">home</a>\n", to: "public/about/index.html")
        let web = try runner.run(["check", "public", "--site-url", "https://example.org/docs/"])
        #expect(
            web.stdout.components(separatedBy: "\n").filter { $0.hasPrefix("public/") } == [
                "public/index.html:1:4: warning: 'about' is a folder, which a web server serves by a redirect to 'about/': "
                    + "link to 'about/' [directory-no-slash]",
                "public/index.html:2:4: error: no id 'crew' in about/index.html (and 'about' is a folder: link to 'about/') "
                    + "[broken-fragment]",
            ], "\(web.stdout)")
        let app = try runner.run(["check", "public"])
        #expect(app.stdout.contains("public/about/index.html: warning: no link reaches this page from the entry [orphan]"))
        #expect(
            app.stdout.contains(
                "public/index.html:2:4: error: 'about' is a folder and is not served without its slash (no redirects under the scheme)"
            ),
            "\(app.stdout)")
    }

    /// Under `--site-url`, links are read as a browser on that `https` site reads them: the default
    /// port is no other site, `sub\\a.html` is `sub/a.html`, `https:a.html` is relative; `--ignore`
    /// and `--entry` take the site's URLs; and a page's URL is refused as the site's.
    @Test func aWebSiteIsReadAsBrowsersReadIt() throws {
        let runner = try SitegenRunner()
        defer { runner.cleanUp() }
        try runner.write(
            """
            <a href="https://example.org:443/docs/about/#team">a</a>
            <a href="http://example.org:80/docs/about/">b</a>
            <a href="about\\index.html#team">c</a>
            <a href="https:about/#team">d</a>
            <a href="/docs/about/#nope">e</a>
            <a href="https://example.org:8443/docs/about/">f</a>

            """, to: "public/index.html")
        try runner.write("<h1 id=\"team\">Team</h1><a href=\"../\">home</a>\n", to: "public/about/index.html")
        try runner.write("<a href=\"../gone/\">gone</a>\n", to: "public/orphan/index.html")
        let web = try runner.run(["check", "public", "--site-url", "https://example.org/docs/"])
        #expect(
            web.stdout.components(separatedBy: "\n").filter { $0.hasPrefix("public/") } == [
                "public/index.html:5:4: error: no id 'nope' in about/index.html [broken-fragment]",
                "public/index.html:6:4: warning: external link 'https://example.org:8443/docs/about/' (not checked) [external-link]",
                "public/orphan/index.html: warning: no link reaches this page from the entry [orphan]",
                "public/orphan/index.html:1:4: error: no file 'gone/index.html' in the tree [broken-link]",
            ], "\(web.stdout)")
        // The site's URLs, as the user knows them (in any spelling: http, a default port), for --ignore and --entry.
        let told = try runner.run([
            "check", "public", "--site-url", "https://example.org:443/docs/", "--ignore", "HTTP://Example.org:80/docs/about/*",
            "--entry", "https://example.org/docs/orphan/",
        ])
        #expect(
            told.stdout.components(separatedBy: "\n").filter { $0.hasPrefix("public/") } == [
                "public/index.html:6:4: warning: external link 'https://example.org:8443/docs/about/' (not checked) [external-link]",
                "public/orphan/index.html:1:4: error: no file 'gone/index.html' in the tree [broken-link]",
            ], "\(told.stdout)")
        // Dots in an absolute URL, a root-relative base and a root-relative start page, as the site reads them.
        try runner.write(
            """
            <a href="https://example.org/docs/../docs/about/#team">a</a>
            <a href="https://example.org/x/../docs/about/">b</a>
            <a href="../docs/about/">c</a>

            """, to: "dots/index.html")
        try runner.write("<h1 id=\"team\">Team</h1>\n", to: "dots/about/index.html")
        try runner.write(
            "<base href=\"/docs/about/\"><a href=\"index.html#team\">t</a><a href=\"#nope\">n</a>\n", to: "dots/x/b.html")
        let dots = try runner.run(["check", "dots", "--site-url", "https://example.org/docs/", "--entry", "/docs/x/b.html"])
        #expect(
            dots.stdout.components(separatedBy: "\n").filter { $0.hasPrefix("dots/") } == [
                "dots/x/b.html:1:61: error: no id 'nope' in about/index.html (resolved against the page's <base href=\"/docs/about/\">) [broken-fragment]"
            ], "\(dots.stdout)")
        // Worded for a web site: a web server, not the app's resolver or devices.
        try runner.write("<a href=\"About/\">a</a><a href=\"empty/\">e</a>\n", to: "web/index.html")
        try runner.write("<p>a</p>\n", to: "web/about/index.html")
        try runner.write("x\n", to: "web/empty/x.txt")
        let worded = try runner.run(["check", "web", "--site-url", "https://example.org/"])
        #expect(
            worded.stdout.contains("but 'about/index.html' exists (letter case matters on most web servers)"), "\(worded.stdout)")
        #expect(worded.stdout.contains("no file 'empty/index.html' in the tree"), "\(worded.stdout)")
        let page = try runner.run(["check", "public", "--site-url", "https://example.org/docs/index.html"])
        #expect(page.status == 2)
        #expect(
            page.stderr.hasPrefix(
                "error: --site-url must name the folder the site is served at, not a page ('index.html'): write 'https://example.org/docs/'"
            ),
            "\(page.stderr)")
    }

    /// A start page may be given as a URL of the bundle's origin, as `resolve` takes it; one of
    /// another origin is not in the bundle, and is told so.
    @Test func aStartPageMayBeAURL() throws {
        let runner = try SitegenRunner()
        defer { runner.cleanUp() }
        try runner.write("<p>home</p>\n", to: "doc/index.html")
        try runner.write("<a href=\"index.html\">up</a>\n", to: "doc/guía rápida.html")
        let given = try runner.run(["check", "doc", "--entry", "docs://app/guía%20rápida.html"])
        #expect(given.status == 0, "\(given.stdout)\(given.stderr)")
        #expect(given.stdout.contains("crawled 2 pages"), "\(given.stdout)")
        let other = try runner.run(["check", "doc", "--entry", "docs://other/guía%20rápida.html"])
        #expect(other.status == 1)
        #expect(
            other.stdout.contains(
                "doc/: error: entry 'docs://other/gu%C3%ADa%20r%C3%A1pida.html' is of another origin than the bundle's (docs://app): "
                    + "name a path inside the folder, or a URL of docs://app [broken-link]"),
            "\(other.stdout)")
        // Not said to be a folder, though its path is one of the bundle's.
        try runner.write("<p>a</p>\n", to: "doc/about/index.html")
        let web = try runner.run(["check", "doc", "--entry", "https://example.org/about"])
        #expect(web.stdout.contains("doc/: error: entry 'https://example.org/about' is of another origin"), "\(web.stdout)")
        // One whose path leaves the folder is a mistake of the command, as `../x` is.
        for leaving in ["docs://app/../x.html", "docs://app/%2e%2e/x.html", "docs://app/%2E%2e/%ff.html"] {
            let run = try runner.run(["check", "doc", "--entry", leaving])
            #expect(run.status == 2)
            #expect(run.stderr.hasPrefix("error: --entry '\(leaving)' is not a path inside the checked folder"), "\(run.stderr)")
        }
        // A `/` in the query is no path; a path is taken as written, `%2e%2e` a folder's name.
        #expect(try runner.run(["check", "doc", "--entry", "docs://app?x=/../y"]).status == 0)
        try runner.write("<a href=\"../index.html\">up</a>\n", to: "doc/%2e%2e/x.html")
        let literal = try runner.run(["check", "doc", "--entry", "%2e%2e/x.html"])
        #expect(literal.status != 2, "\(literal.stderr)")
    }
}
