import Foundation
import SitegenBundle
import SitegenLinks
import Testing

@testable import SitegenMirror

/// Sites that came out of the mirror broken before: each must now mirror closed, under the scheme
/// and from `file://`.
@Suite struct MirrorRepairTests {
    /// Mirrors `files` from a folder, writes the bundle and returns it with the result.
    static func mirror(_ files: [String: String]) async throws -> (MirrorResult, URL) {
        let folder = try MirrorFindingsTests.site(files)
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try await Mirror(source: FolderSource(folder: folder)).run()
        return (result, try await MirrorChecks.write(result))
    }

    /// The bundle checks clean under the scheme and file by file.
    static func expectClosed(_ bundle: URL, sourceLocation: SourceLocation = #_sourceLocation) async throws {
        let findings = try await MirrorChecks.schemeFindings(bundle)
        #expect(findings.isEmpty, "\(findings.map(\.diagnostic.description))", sourceLocation: sourceLocation)
        #expect(try MirrorChecks.brokenFileLinks(bundle) == [], sourceLocation: sourceLocation)
    }

    static func text(_ result: MirrorResult, _ path: String) -> String? {
        result.files[path].map { String(decoding: $0, as: UTF8.self) }
    }

    /// `/a/b` and `/a%2Fb` are two files of the mirror, and name one path of the bundle: the URL
    /// written without escapes keeps the alias, in every run (it went one way or the other with the
    /// order of a dictionary).
    @Test func ofTwoURLsOfOnePathThePlainOneKeepsTheAlias() async throws {
        let server = try LoopbackServer(routes: [
            "/": ("text/html", Array(#"<a href="/a%2Fb">enc</a><a href="/a/b">plain</a>"#.utf8)),
            "/a%2Fb": ("text/html", Array("<p>ENC</p>".utf8)), "/a/b": ("text/html", Array("<p>REAL</p>".utf8)),
        ])
        defer { server.stop() }
        let result = try await Mirror(source: HTTPSource(root: server.url, timeout: 5)).run()
        let alias = try #require(result.aliases.first { $0.from == "a/b" })
        #expect(Self.text(result, alias.to) == "<p>REAL</p>", "\(result.aliases)")
        // An encoded slash is part of a name (RFC 3986), not a folder: two files, each its own.
        #expect(Self.text(result, "a/b.html") == "<p>REAL</p>" && Self.text(result, "a%2Fb.html") == "<p>ENC</p>")
        #expect(Self.text(result, "index.html")?.contains(#"href="a%252Fb.html""#) == true)
    }

    // MARK: References as browsers read them

    /// A web server's browser takes `\` before the query as `/` and drops tabs and line breaks
    /// (the URL standard): the mirror fetches and links what the browser would, rather than
    /// `sub%5Cpage.html` or `pa%0Age.html`, which the server does not have.
    @Test func backslashesAndLineBreaksInLinksAreReadAsBrowsersReadThem() async throws {
        let (result, bundle) = try await Self.mirror([
            "index.html": "<a href=\"sub\\page.html\">p</a><img src=\"sub\\x.png\"><a href=\"sub/pa\nge.html#t\">n</a>"
                + "<a href=\" \\\\example.org\\x \">e</a>",
            "sub/page.html": "<h1 id=\"t\">T</h1><a href=\"..\\index.html\">home</a>",
            "sub/x.png": "PNG",
        ])
        defer { try? FileManager.default.removeItem(at: bundle) }
        #expect(
            Self.text(result, "index.html")
                == "<a href=\"sub/page.html\">p</a><img src=\"sub/x.png\"><a href=\"sub/page.html#t\">n</a>"
                + "<a href=\"https://example.org/x\">e</a>")
        #expect(Self.text(result, "sub/page.html") == "<h1 id=\"t\">T</h1><a href=\"../index.html\">home</a>")
        #expect(result.files["sub/x.png"] != nil)
        try await Self.expectClosed(bundle)
    }

    @Test func referenceTextKeepsBackslashesOfTheQueryAndFragment() {
        #expect(ReferenceText.asBrowsersRead("a\\b.html?x\\y#z\\w") == "a/b.html?x\\y#z\\w")
        #expect(ReferenceText.asBrowsersRead(" \u{1}a\tb\r\n.html\u{7} ") == "ab.html")
        #expect(ReferenceText.asBrowsersRead("plain.html") == "plain.html")
    }

    // MARK: <base href>

    @Test func aBaseHrefIsTakenOutOnceItsLinksAreRewritten() async throws {
        let (result, bundle) = try await Self.mirror([
            "index.html": #"<html><head><base href="/docs/"></head><body><a href="intro.html">intro</a></body></html>"#,
            "docs/intro.html": #"<head><BASE target=_top HREF='../'></head><a href="docs/index.html#x">i</a>"#,
            "docs/index.html": #"<p id=x>x</p><!-- <base href="/nowhere/"> --><a href="https://e.com/">e</a>"#,
        ])
        defer { try? FileManager.default.removeItem(at: bundle) }
        #expect(Self.text(result, "index.html") == #"<html><head></head><body><a href="docs/intro.html">intro</a></body></html>"#)
        #expect(Self.text(result, "docs/intro.html") == #"<head><BASE target=_top></head><a href="index.html#x">i</a>"#)
        #expect(Self.text(result, "docs/index.html")?.contains(#"<!-- <base href="/nowhere/"> -->"#) == true)
        try await Self.expectClosed(bundle)
    }

    /// A link not mirrored is left as written, unless the base it was read under moved it: taken
    /// out, the base would leave it naming another file (`setup.html` at the root, which exists).
    /// It names the file its URL would have been, and shows up there as broken.
    @Test func aLinkNotMirroredUnderABaseNamesWhereItsURLWouldBe() async throws {
        let (result, bundle) = try await Self.mirror([
            "index.html":
                #"<base href="/docs/"><a href="intro.html">i</a><a href="setup.html#s">s</a><a href="/setup.html">r</a><a href="ext/">e</a>"#
                + #"<a href="../o/gone.html">o</a>"#,
            "docs/intro.html": #"<a href="gone.html">g</a>"#, "setup.html": "root setup",
        ])
        defer { try? FileManager.default.removeItem(at: bundle) }
        #expect(
            Self.text(result, "index.html")
                == #"<a href="docs/intro.html">i</a><a href="docs/setup.html#s">s</a><a href="setup.html">r</a><a href="docs/ext/index.html">e</a>"#
                + #"<a href="o/gone.html">o</a>"#
        )
        #expect(Self.text(result, "docs/intro.html") == #"<a href="gone.html">g</a>"#, "no base: as written")
        let findings = try await MirrorChecks.schemeFindings(bundle).map(\.diagnostic.description)
        #expect(findings.count == 4 && findings.contains { $0.contains("'docs/setup.html'") }, "\(findings)")
    }

    /// `#intro` and `""` name the base, not the page, once a `<base>` moves them; the base is taken
    /// out, so they are rewritten to what a browser fetches, as every other link is.
    @Test func aFragmentOrEmptyLinkUnderABaseNamesTheBase() async throws {
        let (result, bundle) = try await Self.mirror([
            "index.html": ##"<h1 id="intro">Intro</h1><a href="guide/page.html">g</a><a href="#intro">self</a><a href="">e</a>"##,
            "guide/page.html": ##"<head><base href="/"></head><a href="#intro">i</a> <a href="">e</a> <a href="?v=1">q</a>"##,
        ])
        defer { try? FileManager.default.removeItem(at: bundle) }
        #expect(
            Self.text(result, "guide/page.html")
                == ##"<head></head><a href="../index.html#intro">i</a> <a href="../index.html">e</a> <a href="../index.v=1.html">q</a>"##
        )
        #expect(Self.text(result, "index.html")?.hasSuffix(##"<a href="#intro">self</a><a href="">e</a>"##) == true)
        try await Self.expectClosed(bundle)
    }

    /// A `url(#a)` of CSS, and an image's `usemap="#m"`, name a part of the page itself whatever
    /// the base says: left as written, where a link's `#intro` is moved to the base.
    @Test func aCSSFragmentURLUnderABaseStaysOnThePage() async throws {
        let page = """
            <head><base href="/"><style>.s { filter: url(#blur) }</style></head>
            <svg><filter id="blur"/><rect fill="url(#blur)" style="mask: url( '#blur' )"/></svg><a href="#top">t</a>
            <map name="m"></map><img src="a.svg" usemap="#m">
            """
        let (result, bundle) = try await Self.mirror([
            "index.html": #"<p id="top">t</p><a href="guide/page.html">g</a>"#, "guide/page.html": page,
            "a.svg": #"<svg xmlns="http://www.w3.org/2000/svg"/>"#,
        ])
        defer { try? FileManager.default.removeItem(at: bundle) }
        #expect(
            Self.text(result, "guide/page.html")
                == page.replacingOccurrences(of: #"<base href="/">"#, with: "")
                .replacingOccurrences(of: ##"href="#top""##, with: ##"href="../index.html#top""##)
                .replacingOccurrences(of: #"src="a.svg""#, with: #"src="../a.svg""#))
        try await Self.expectClosed(bundle)
    }

    /// A page with old Mac line ends (a lone `\r`) has its links rewritten where they are: the
    /// scanner's places and the rewriter's lines agree.
    @Test func linksOfAPageWithLoneCarriageReturnsAreRewrittenInPlace() async throws {
        let (result, bundle) = try await Self.mirror([
            "index.html": "<p>\r<a href=\"/guide/\">g</a>\r\n<img\rsrc=\"/a.svg\" style=\"x: 1;\r background: url(/a.svg)\">\r",
            "guide/index.html": "<p>guide</p>", "a.svg": "<svg xmlns=\"http://www.w3.org/2000/svg\"/>",
        ])
        defer { try? FileManager.default.removeItem(at: bundle) }
        #expect(
            Self.text(result, "index.html")
                == "<p>\r<a href=\"guide/index.html\">g</a>\r\n<img\rsrc=\"a.svg\" style=\"x: 1;\r background: url('a.svg')\">\r")
        try await Self.expectClosed(bundle)
    }

    /// A link that mixes characters beyond ASCII with escapes is fetched as a browser asks for it,
    /// not with its `%` escaped again (`%2520`).
    @Test func aLinkMixingRawCharactersAndEscapesIsFetched() async throws {
        let (result, bundle) = try await Self.mirror([
            "index.html": #"<a href="Guía%20rápida.html">g</a><link rel="stylesheet" href="s.css">"#,
            "Guía rápida.html": "<p>g</p>", "s.css": #"b { background: url("Über%20uns.svg") }"#,
            "Über uns.svg": #"<svg xmlns="http://www.w3.org/2000/svg"/>"#,
        ])
        defer { try? FileManager.default.removeItem(at: bundle) }
        #expect(Set(result.files.keys) == ["index.html", "Guía rápida.html", "s.css", "Über uns.svg"])
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        try await Self.expectClosed(bundle)
    }

    @Test func aRelativeLinkUnderABaseOnAnotherOriginIsWrittenInFull() async throws {
        let (result, bundle) = try await Self.mirror([
            "index.html":
                #"<base href="https://example.org/docs/"><a href="page.html">p</a><a href="/">home</a><a href="https:x.html">x</a>"#
        ])
        defer { try? FileManager.default.removeItem(at: bundle) }
        // `https:x.html` shares the base's scheme: relative to it, as the URL standard reads it.
        #expect(
            Self.text(result, "index.html")
                == #"<a href="https://example.org/docs/page.html">p</a><a href="https://example.org/">home</a>"#
                + #"<a href="https://example.org/docs/x.html">x</a>"#)
        #expect(
            result.externalLinks.map(\.url) == [
                "https://example.org/", "https://example.org/docs/page.html", "https://example.org/docs/x.html",
            ])
    }
}

extension MirrorRepairTests {
    // MARK: The site's own manifest.json

    @Test func theSitesManifestJSONIsKeptUnderAnotherName() async throws {
        let (result, bundle) = try await Self.mirror([
            "index.html": #"<link rel="manifest" href="/manifest.json"><a href="/manifest.json">m</a>"#,
            "manifest.json": #"{"name":"pwa"}"#,
        ])
        defer { try? FileManager.default.removeItem(at: bundle) }
        #expect(Set(result.files.keys) == ["index.html", "_manifest.json"])
        #expect(
            Self.text(result, "index.html") == #"<link rel="manifest" href="_manifest.json"><a href="_manifest.json">m</a>"#)
        #expect(try String(contentsOf: bundle.appendingPathComponent("_manifest.json"), encoding: .utf8) == #"{"name":"pwa"}"#)
        let manifest = try Manifest.decode(Data(contentsOf: bundle.appendingPathComponent(Manifest.fileName)))
        #expect(manifest.aliases.allSatisfy { !$0.url.hasSuffix("manifest.json") })
        try await Self.expectClosed(bundle)
    }

    /// Served as `application/manifest+json`, as Site/mirror.md says, the site's manifest is
    /// `manifest.json.webmanifest`, and `docs://app/manifest.json` is still the bundle's.
    @Test func theSitesManifestServedAsAWebAppManifestTakesItsExtension() async throws {
        let server = try LoopbackServer(routes: [
            "/": ("text/html", Array(#"<link rel="manifest" href="/manifest.json"><p>x</p>"#.utf8)),
            "/manifest.json": ("application/manifest+json", Array(#"{"name":"pwa"}"#.utf8)),
        ])
        defer { server.stop() }
        let result = try await Mirror(source: HTTPSource(root: server.url, timeout: 5)).run()
        #expect(Set(result.files.keys) == ["index.html", "manifest.json.webmanifest"])
        #expect(Self.text(result, "index.html") == #"<link rel="manifest" href="manifest.json.webmanifest"><p>x</p>"#)
        let bundle = try await MirrorChecks.write(result)
        defer { try? FileManager.default.removeItem(at: bundle) }
        let manifest = try Manifest.decode(Data(contentsOf: bundle.appendingPathComponent(Manifest.fileName)))
        #expect(manifest.aliases.allSatisfy { !$0.url.hasSuffix("manifest.json") })
        #expect(manifest.resources.first { $0.file == "manifest.json.webmanifest" }?.mimeType == "application/manifest+json")
        try await Self.expectClosed(bundle)
    }

    @Test(arguments: [
        ("http://h/manifest.json", "application/json", "_manifest.json"),
        ("http://h/Manifest.JSON", "application/json", "_Manifest.JSON"),
        ("http://h/manifest", "application/json", "_manifest.json"),
        ("http://h/manifest.json?v=2", "application/json", "manifest.v=2.json"),
        ("http://h/docs/manifest.json", "application/json", "docs/manifest.json"),
        // The web app manifest's own type adds its extension, and the name is the bundle's no more.
        ("http://h/manifest.json", "application/manifest+json", "manifest.json.webmanifest"),
    ])
    func aNameThatIsTheBundleManifestGetsAnUnderscore(url: String, mime: String, expected: String) throws {
        #expect(LocalPath.path(for: try #require(URL(string: url)), mimeType: mime) == expected)
    }
}

extension MirrorRepairTests {
    // MARK: XHTML pages

    @Test func anXHTMLPageIsFollowedAndRewrittenAsAPage() async throws {
        let (result, bundle) = try await Self.mirror([
            "index.html": #"<a href="/doc.xhtml">x</a>"#,
            "doc.xhtml":
                #"<html xmlns="http://www.w3.org/1999/xhtml"><body><a href="/other.html">o</a><img src="/i.png"/></body></html>"#,
            "other.html": "<p>o</p>", "i.png": "P",
        ])
        defer { try? FileManager.default.removeItem(at: bundle) }
        #expect(Set(result.files.keys) == ["index.html", "doc.xhtml", "other.html", "i.png"])
        #expect(result.pages == 3)
        #expect(Self.text(result, "doc.xhtml")?.contains(#"<a href="other.html">o</a><img src="i.png"/>"#) == true)
        try await Self.expectClosed(bundle)
    }

    @Test func anXHTMLPageOverHTTPIsAPage() async throws {
        let xhtml = Array(#"<html xmlns="http://www.w3.org/1999/xhtml"><body><a href="/b">b</a></body></html>"#.utf8)
        let server = try LoopbackServer(routes: [
            "/": ("text/html", Array(#"<a href="/a">a</a>"#.utf8)), "/a": ("application/xhtml+xml", xhtml),
            "/b": ("text/plain", Array("b".utf8)),
        ])
        defer { server.stop() }
        let result = try await Mirror(source: HTTPSource(root: server.url, timeout: 5)).run()
        #expect(Set(result.files.keys) == ["index.html", "a.xhtml", "b.txt"])
        #expect(Self.text(result, "a.xhtml")?.contains(#"<a href="b.txt">b</a>"#) == true)
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
    }
}

extension MirrorRepairTests {
    // MARK: Protocol-relative links

    @Test func aProtocolRelativeLinkToAnotherOriginGetsHTTPS() async throws {
        let (result, bundle) = try await Self.mirror([
            "index.html": """
            <link rel="stylesheet" href="//cdn.example.com/x.css"><link rel="stylesheet" href="/s.css">
            <a href="//example.org/">o</a><a href="//localhost/p">p</a><img srcset=" //cdn.example.com/a.png 2x">
            """,
            "s.css": "@import url(//cdn.example.com/font.css);",
            "p.html": #"<base href="http://other.example/"><a href="//cdn.example.com/y">y</a>"#,
        ])
        defer { try? FileManager.default.removeItem(at: bundle) }
        #expect(
            Self.text(result, "index.html") == """
                <link rel="stylesheet" href="https://cdn.example.com/x.css"><link rel="stylesheet" href="s.css">
                <a href="https://example.org/">o</a><a href="p.html">p</a><img srcset=" https://cdn.example.com/a.png 2x">
                """)
        #expect(Self.text(result, "s.css") == #"@import url("https://cdn.example.com/font.css");"#)
        #expect(Self.text(result, "p.html") == #"<a href="http://cdn.example.com/y">y</a>"#)
        #expect(
            result.externalLinks.map { "\($0.page) \($0.url)" } == [
                "index.html https://cdn.example.com/a.png", "index.html https://cdn.example.com/x.css",
                "index.html https://example.org/", "p.html http://cdn.example.com/y",
                "s.css https://cdn.example.com/font.css",
            ])
        try await Self.expectClosed(bundle)
    }
}

extension MirrorRepairTests {
    // MARK: A style sheet with a byte order mark

    @Test func aStyleSheetsCharsetAfterAUTF8ByteOrderMarkIsMadeUTF8() async throws {
        let css: [UInt8] = [0xEF, 0xBB, 0xBF] + Array(#"@charset "windows-1252"; p::after { content: "€" }"#.utf8)
        let outcome = Transcoder.css(Data(css), charset: "windows-1252", environment: nil)
        #expect(
            [UInt8](outcome.body) == [0xEF, 0xBB, 0xBF] + Array(#"@charset "utf-8"; p::after { content: "€" }"#.utf8))
        #expect(outcome.encoding?.isUTF8 == true)
        #expect(outcome.problem == nil)
        let (result, bundle) = try await Self.mirror([
            "index.html": #"<link rel="stylesheet" href="/s.css">"#,
            "s.css": String(decoding: css, as: UTF8.self),
        ])
        defer { try? FileManager.default.removeItem(at: bundle) }
        #expect(result.files["s.css"].map { [UInt8]($0) } == [UInt8](outcome.body))
    }
}

extension MirrorRepairTests {
    // MARK: --max-seconds

    /// Answers through `FolderSource`, but `/slow` only after ten minutes (or when cancelled).
    private struct SlowSource: MirrorSource {
        let inner: FolderSource
        var root: URL { inner.root }

        func fetch(_ url: URL) async throws(SourceError) -> SourceResponse {
            if url.path == "/slow" {
                do { try await Task.sleep(for: .seconds(600)) } catch { throw SourceError("cancelled") }
            }
            return try await inner.fetch(url)
        }
    }

    @Test func theTimeLimitReportsEveryURLItLeavesUnfetched() async throws {
        let folder = try MirrorFindingsTests.site([
            "index.html": #"<a href="/a">a</a><a href="/slow">s</a><a href="/b">b</a><a href="/a">again</a>"#,
            "a.html": #"<a href="/c">c</a><a href="/slow">s</a>"#, "slow.html": "s", "b.html": "b", "c.html": "c",
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        let started = ContinuousClock.now
        let result = try await Mirror(
            source: SlowSource(inner: FolderSource(folder: folder)),
            // Long enough for the fast pages on a busy machine (the test process runs other tests on
            // its threads meanwhile: with 8 seconds, a run with the machine's other core loaded too
            // reached the limit before `/a`); /slow answers only after ten minutes.
            options: MirrorOptions(sourceDisplay: "site/", maxSeconds: 20)
        ).run()
        #expect(ContinuousClock.now - started < .seconds(120))
        #expect(Set(result.files.keys) == ["index.html", "a.html"])
        // The request in flight, the URLs queued behind it, and one found on a page fetched before;
        // each at every link to it.
        #expect(
            result.diagnostics.map(\.description) == [
                "site/a.html:1:4: warning: cannot mirror 'http://localhost/c': not fetched: --max-seconds 20 reached [mirror-limit]",
                "site/a.html:1:22: warning: cannot mirror 'http://localhost/slow': not fetched: --max-seconds 20 reached [mirror-limit]",
                "site/index.html:1:22: warning: cannot mirror 'http://localhost/slow': not fetched: --max-seconds 20 reached [mirror-limit]",
                "site/index.html:1:43: warning: cannot mirror 'http://localhost/b': not fetched: --max-seconds 20 reached [mirror-limit]",
            ])
    }
}

extension MirrorRepairTests {
    // MARK: A root that redirects

    /// `/` → `/start.html`: the root URL stays reachable, as an alias of the entry.
    @Test func aRootRedirectedToAFileOfTheTopFolderIsAnAlias() async throws {
        let (result, bundle) = try await Self.mirror([
            "_redirects": "/ /start.html 302\n", "start.html": #"<a href="/">home</a>"#,
        ])
        defer { try? FileManager.default.removeItem(at: bundle) }
        #expect(result.entryPath == "start.html")
        #expect(result.aliases.map { [$0.from, $0.to] } == [["", "start.html"]])
        let resolver = try SchemeResolver(bundle: bundle, origin: BundleOrigin())
        #expect(resolver.entryURL.absoluteString == "docs://app/start.html")
        guard case .success(let root) = resolver.resolve(URL(string: "docs://app/")!) else {
            Issue.record("docs://app/ does not resolve")
            return
        }
        #expect(root.path == "start.html")
        try await Self.expectClosed(bundle)
    }

    /// `/` → `/en/`: served as the root, `en/index.html` would resolve its relative links from the
    /// top folder and break them (alias-folder), so the root is no alias; the entry is the page.
    @Test func aRootRedirectedIntoAFolderIsNoAlias() async throws {
        let (result, bundle) = try await Self.mirror([
            "_redirects": "/ /en/ 301\n", "en/index.html": #"<a href="page.html">p</a><a href="/">home</a>"#,
            "en/page.html": #"<a href="/">home</a>"#,
        ])
        defer { try? FileManager.default.removeItem(at: bundle) }
        #expect(result.entryPath == "en/index.html")
        #expect(result.aliases.isEmpty, "\(result.aliases)")
        #expect(Self.text(result, "en/page.html") == #"<a href="index.html">home</a>"#)
        try await Self.expectClosed(bundle)
    }
}
