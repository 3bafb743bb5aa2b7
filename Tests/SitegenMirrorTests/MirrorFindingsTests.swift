import Foundation
import SitegenCore
import Testing

@testable import SitegenMirror

#if canImport(Glibc)
    import Glibc
#endif

/// Failures, limits and name clashes are findings; the mirror goes on.
@Suite struct MirrorFindingsTests {
    static func site(_ files: [String: String]) throws -> URL {
        let folder = MirrorChecks.temporaryFolder()
        for (path, text) in files {
            let url = folder.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        return folder
    }

    @Test func missingPageIsReportedNotFatal() async throws {
        let folder = try Self.site(["index.html": "<a href=\"/gone\">x</a>\n<a href=\"/ok\">ok</a>", "ok.html": "ok"])
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try await Mirror(source: FolderSource(folder: folder), options: MirrorOptions(sourceDisplay: "site/")).run()
        #expect(Set(result.files.keys) == ["index.html", "ok.html"])
        #expect(
            result.diagnostics.map(\.description) == [
                "site/index.html:1:4: warning: cannot mirror 'http://localhost/gone': not found (404) [mirror-fetch]"
            ])
    }

    /// From a folder, a finding names the file the resource came from, not the one it becomes: a
    /// style sheet linked with a query is `css/site.css` there, `css/site.v=2.css` in the bundle.
    @Test func fromAFolderAFindingNamesTheSourceFile() async throws {
        let folder = try Self.site([
            "index.html": "<link rel=stylesheet href=\"css/site.css?v=2\">\n<a href=\"guide\">g</a>",
            "css/site.css": "body{background:url(/img.png)}", "guide/index.html": "<img src=\"../no.png\">",
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try await Mirror(source: FolderSource(folder: folder), options: MirrorOptions(sourceDisplay: "site/")).run()
        #expect(result.files.keys.contains("css/site.v=2.css"))
        #expect(
            result.diagnostics.map(\.description).sorted() == [
                "site/css/site.css:1:17: warning: cannot mirror 'http://localhost/img.png': not found (404) [mirror-fetch]",
                "site/guide/index.html:1:6: warning: cannot mirror 'http://localhost/no.png': not found (404) [mirror-fetch]",
            ], "\(result.diagnostics)")
    }

    /// Over HTTP a finding names the page by the URL fetched, not by the file it becomes.
    @Test func overHTTPAPageIsNamedByItsURL() async throws {
        let folder = try Self.site(["index.html": "<a href=\"gone.html\">x</a>\n", "sub/index.html": "<img src=\"../no.png\">"])
        defer { try? FileManager.default.removeItem(at: folder) }
        let server = try LoopbackServer(serving: folder)
        defer { server.stop() }
        let root = server.url.absoluteString
        let source = try HTTPSource(root: server.url, timeout: 5)
        let options = MirrorOptions(sourceDisplay: root)
        let result = try await Mirror(source: source, options: options).run()
        #expect(
            result.diagnostics.map(\.description).sorted() == [
                "\(root):1:4: warning: cannot mirror '\(root)gone.html': HTTP 404 [mirror-fetch]"
            ], "\(result.diagnostics)")
    }

    @Test func redirectOffTheOriginIsNotFollowed() async throws {
        let folder = try Self.site(["index.html": "<a href=\"/out\">x</a>", "_redirects": "/out https://example.com/ 302\n"])
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try await Mirror(source: FolderSource(folder: folder)).run()
        #expect(result.diagnostics.count == 1)
        #expect(result.diagnostics.first?.message.contains("redirect leaves the origin") == true)
    }

    /// A redirect to `/b/#sec` takes a link without a fragment to `#sec` (RFC 9110, section 10.2.2);
    /// a link with its own fragment keeps it.
    @Test func aRedirectsFragmentReachesTheLinksWithoutOne() async throws {
        let folder = try Self.site([
            "index.html": "<a href=\"/old\">a</a><a href=\"/old#mine\">b</a><a href=\"/older\">c</a>",
            "_redirects": "/old /b/#sec 301\n/older /old 301\n", "b/index.html": "<h2 id=sec>S</h2><p id=mine>",
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try await Mirror(source: FolderSource(folder: folder)).run()
        let index = String(decoding: result.files["index.html"] ?? Data(), as: UTF8.self)
        #expect(
            index == "<a href=\"b/index.html#sec\">a</a><a href=\"b/index.html#mine\">b</a><a href=\"b/index.html#sec\">c</a>",
            "\(index)")
    }

    @Test func namesDifferingOnlyByCaseAreReported() async throws {
        let folder = try Self.site([
            "index.html": "<a href=\"/Readme.html\">a</a><a href=\"/readme.html\">b</a>", "Readme.html": "A", "readme.html": "b",
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try await Mirror(source: FolderSource(folder: folder)).run()
        #expect(result.diagnostics.map(\.rule) == [.caseMismatch])
        #expect(result.files.count == 3)
    }

    /// Over HTTP, the finding is at the URL fetched (`/Z`), not at the file name it became
    /// (`Z.html`), a URL the server never had.
    @Test func namesDifferingOnlyByCaseAreReportedAtTheURLFetched() async throws {
        let server = try LoopbackServer(routes: [
            "/": ("text/html", Array(#"<a href="/Z">a</a><a href="/z">b</a>"#.utf8)),
            "/Z": ("text/html", Array("<p>A</p>".utf8)), "/z": ("text/html", Array("<p>b</p>".utf8)),
        ])
        defer { server.stop() }
        let result = try await Mirror(
            source: HTTPSource(root: server.url, timeout: 5), options: MirrorOptions(sourceDisplay: server.url.absoluteString)
        ).run()
        #expect(result.diagnostics.map(\.location?.path) == [server.url.absoluteString + "Z"], "\(result.diagnostics)")
    }

    /// A URL a limit leaves out is reported at every link to it, twice on one page included; a
    /// URL that fails is reported at the link that asked for it.
    @Test func aLimitIsReportedAtEveryLinkToWhatItLeavesOut() async throws {
        let folder = try Self.site([
            "index.html": #"<a href="/a">a</a><a href="/b">b</a><a href="/b">b</a><a href="/gone">g</a>"#,
            "a.html": #"<a href="/b">b</a><a href="/gone">g</a>"#, "b.html": "b",
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        let options = MirrorOptions(maxPages: 2, sourceDisplay: "s/")
        let result = try await Mirror(source: FolderSource(folder: folder), options: options).run()
        #expect(
            result.diagnostics.map { "\($0.rule) \($0.location?.description ?? "")" } == [
                "mirror-limit s/a.html:1:4", "mirror-limit s/index.html:1:22", "mirror-limit s/index.html:1:40",
                "mirror-fetch s/index.html:1:58",
            ])
    }

    /// Folders whose names differ only by case collide as files do; once, not at each file in them.
    @Test func foldersDifferingOnlyByCaseAreReported() async throws {
        let folder = try Self.site([
            "index.html": #"<a href="/Docs/a.html">a</a><a href="/docs/b.html">b</a><a href="/docs/B.html">B</a>"#,
            "Docs/a.html": "a", "docs/b.html": "b", "docs/B.html": "B",
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try await Mirror(source: FolderSource(folder: folder), options: MirrorOptions(sourceDisplay: "s/")).run()
        #expect(
            result.diagnostics.map(\.description) == [
                "s/Docs/a.html: warning: 'Docs/' and 'docs/' differ only by case: they collide on case-insensitive file systems [case-mismatch]",
                "s/docs/B.html: warning: 'docs/B.html' and 'docs/b.html' differ only by case: they collide on case-insensitive file systems [case-mismatch]",
            ])
    }

    /// `http:/b.html` on a page of an `http` origin is `/b.html` to a browser (the scheme is its
    /// base's), not the host `b.html`; `http://127.0.0.1/` is another origin.
    @Test func aSharedSchemeWithoutSlashesIsARelativeReference() async throws {
        let folder = try Self.site([
            "sub/index.html":
                ##"<a href="HTTP:/b.html">b</a><a href="http:c.html">c</a><a href="http://127.0.0.1/x">x</a><a href="http:#top">t</a><p id=top>"##,
            "index.html": #"<a href="sub/">s</a>"#, "b.html": "b", "sub/c.html": "c",
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try await Mirror(source: FolderSource(folder: folder)).run()
        #expect(
            String(decoding: result.files["sub/index.html"] ?? Data(), as: UTF8.self)
                == ##"<a href="../b.html">b</a><a href="c.html">c</a><a href="http://127.0.0.1/x">x</a><a href="#top">t</a><p id=top>"##
        )
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
    }

    @Test func pageLimitIsReported() async throws {
        let folder = try Self.site(["index.html": "<a href=\"/a\">a</a><a href=\"/b\">b</a>", "a.html": "a", "b.html": "b"])
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try await Mirror(source: FolderSource(folder: folder), options: MirrorOptions(maxPages: 2)).run()
        #expect(result.pages == 2)
        #expect(result.diagnostics.map(\.rule) == [.mirrorLimit])
    }

    /// Answers through `FolderSource`, each later request sooner than the one before, so that the
    /// requests running ahead complete out of order.
    private final class ShuffledSource: MirrorSource, @unchecked Sendable {
        let inner: FolderSource
        private let lock = NSLock()
        private var count = 0
        var root: URL { inner.root }

        init(_ inner: FolderSource) { self.inner = inner }

        func fetch(_ url: URL) async throws(SourceError) -> SourceResponse {
            let order = lock.withLock {
                count += 1
                return count
            }
            try? await Task.sleep(for: .milliseconds(max(0, 12 - order % 12)))
            return try await inner.fetch(url)
        }
    }

    @Test func requestsRunAheadButTheCrawlTakesThemInQueueOrder() async throws {
        var files = ["index.html": (0..<30).map { "<a href=\"/p\($0)\">\($0)</a>" }.joined(), "_redirects": "/p5 /p20 301\n"]
        for index in 0..<30 where index != 5 { files["p\(index).html"] = "page \(index)" }
        let folder = try Self.site(files)
        defer { try? FileManager.default.removeItem(at: folder) }
        let source = ShuffledSource(FolderSource(folder: folder))
        let result = try await Mirror(source: source, options: MirrorOptions(maxPages: 12)).run()
        // As fetched one by one: the root, p0 to p4, p5 redirected to p20, p6 to p10; then the limit
        // for p11 to p19 and p21 to p29, and none for p20, known by then.
        let kept = [0, 1, 2, 3, 4, 20, 6, 7, 8, 9, 10].map { "p\($0).html" }
        #expect(result.pages == 12)
        #expect(Set(result.files.keys) == Set(kept + ["index.html"]))
        let limited = result.diagnostics.filter { $0.rule == .mirrorLimit }.map(\.message)
        #expect(limited.count == 18)
        #expect(!limited.contains { $0.contains("/p20'") })
        #expect(limited.contains { $0.contains("/p21'") })
    }

    @Test func aRootThatCannotBeMirroredThrows() async throws {
        let folder = try Self.site(["other.html": "x"])
        defer { try? FileManager.default.removeItem(at: folder) }
        await #expect(throws: MirrorError(url: "http://localhost/", reason: "not found (404)")) {
            try await Mirror(source: FolderSource(folder: folder)).run()
        }
        let (listener, port) = try LoopbackServer.listen(ipv6: false)
        close(listener)
        let root = try #require(URL(string: "http://127.0.0.1:\(port)/"))
        await #expect(throws: MirrorError(url: root.absoluteString, reason: "connection refused (is the server running?)")) {
            try await Mirror(source: HTTPSource(root: root, timeout: 5)).run()
        }
    }

    @Test func folderSourceNeverLeavesItsRoot() async throws {
        let folder = try Self.site(["index.html": "x"])
        defer { try? FileManager.default.removeItem(at: folder) }
        let source = FolderSource(folder: folder)
        await #expect(throws: SourceError.self) {
            try await source.fetch(URL(string: "http://localhost/%2E%2E/%2E%2E/etc/passwd")!)
        }
    }

    @Test func httpSourceRefusesNonLoopbackHosts() {
        #expect(throws: SourceError.self) { try HTTPSource(root: URL(string: "http://example.com/")!) }
    }
}
