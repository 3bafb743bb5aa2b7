import Foundation
import SitegenBundle
import SitegenLinks
import SitegenMirror
import Testing

/// The fixture site authored for a web server, mirrored from its folder and over loopback HTTP.
@Suite struct FixtureMirrorTests {
    static let expectedFiles: Set<String> = [
        "index.html", "nextPage.html", "guide/index.html", "guide/setup.html", "css/site.v=2.css", "css/base.css",
        "css/print.css", "js/app.js", "favicon.ico", "img/logo.png", "img/logo@2x.png", "img/bg.png", "img/h1.svg",
        "img/hero.webp", "img/hero-wide.webp", "img/hero.jpg", "fonts/doc.woff2", "fonts/doc.woff", "media/clip.mp4",
        "media/clip.mp3", "media/poster.jpg", "manifest.json",
    ]

    static func checkClosed(_ result: MirrorResult) async throws -> URL {
        let bundle = try await MirrorChecks.write(result)
        let files = MirrorChecks.files(bundle)
        #expect(files.isSuperset(of: expectedFiles), "missing: \(expectedFiles.subtracting(files).sorted())")
        let findings = try await MirrorChecks.schemeFindings(bundle)
        #expect(findings.isEmpty, "\(findings.map(\.diagnostic.description))")
        #expect(try MirrorChecks.brokenFileLinks(bundle) == [])
        let manifest = try Manifest.decode(Data(contentsOf: bundle.appendingPathComponent(Manifest.fileName)))
        let aliases = Dictionary(uniqueKeysWithValues: manifest.aliases.map { ($0.url, $0.target) })
        #expect(aliases["docs://app/nextPage"] == "docs://app/nextPage.html")
        // Served from the parent folder, the page's relative links would break: no alias.
        #expect(aliases["docs://app/guide"] == nil)
        #expect(aliases["docs://app/guide/"] == "docs://app/guide/index.html")
        #expect(aliases["docs://app/old-page"] == "docs://app/nextPage.html")
        #expect(result.externalLinks.map(\.url) == ["https://example.com/elsewhere", "http://127.0.0.2:9/other-origin"])
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        return bundle
    }

    @Test func mirrorsTheFolderClosed() async throws {
        let result = try await Mirror(source: FolderSource(folder: MirrorChecks.fixture)).run()
        #expect(result.pages == 5)
        let bundle = try await Self.checkClosed(result)
        defer { try? FileManager.default.removeItem(at: bundle) }
        let index = try String(contentsOf: bundle.appendingPathComponent("index.html"), encoding: .utf8)
        #expect(index.contains(#"<link rel="stylesheet" href="css/site.v=2.css">"#))
        #expect(index.contains(#"srcset="img/logo.png 1x, img/logo@2x.png 2x""#))
        #expect(index.contains(#"<a href="nextPage.html">Old page (redirected)</a>"#))
        #expect(index.contains(#"style="background: url('img/bg.png') no-repeat""#))
    }

    @Test func mirrorsOverLoopbackHTTPClosed() async throws {
        let server = try LoopbackServer(serving: MirrorChecks.fixture)
        defer { server.stop() }
        let source = try HTTPSource(root: server.url, timeout: 5)
        let result = try await Mirror(source: source).run()
        #expect(result.pages == 5)
        let bundle = try await Self.checkClosed(result)
        defer { try? FileManager.default.removeItem(at: bundle) }
        let redirects = server.requests.filter { $0.status == 301 }.map(\.path)
        #expect(redirects.contains("/old-page"))
        #expect(redirects.contains("/guide"))
        #expect(!server.requests.contains { $0.status == 404 })
    }

    @Test func theSameBytesFromFolderAndHTTP() async throws {
        let server = try LoopbackServer(serving: MirrorChecks.fixture)
        defer { server.stop() }
        let overHTTP = try await Mirror(source: try HTTPSource(root: server.url, timeout: 5)).run()
        let fromFolder = try await Mirror(source: FolderSource(folder: MirrorChecks.fixture, root: server.url)).run()
        #expect(overHTTP.files == fromFolder.files)
    }

    /// A server with a short listen queue (Python's `http.server` has 5) that answers one request at
    /// a time: the mirror never has more connections waiting than the queue holds, so no connection
    /// waits a second for the kernel to retry it, and a short `--timeout` fails no page.
    @Test func aServerWithAShortListenQueueIsNeverOverrun() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("mirror-queue-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let links = (0..<40).map { "<a href=\"p\($0).html\">\($0)</a>" }.joined(separator: "\n")
        try Data("<!doctype html><title>i</title>\n\(links)\n".utf8).write(to: folder.appendingPathComponent("index.html"))
        for index in 0..<40 {
            try Data("<!doctype html><title>\(index)</title><a href=\"index.html\">up</a>\n".utf8)
                .write(to: folder.appendingPathComponent("p\(index).html"))
        }
        let server = try LoopbackServer(serving: folder, backlog: 5, answerDelay: 20_000)
        defer { server.stop() }
        let result = try await Mirror(source: try HTTPSource(root: server.url, timeout: 0.5)).run()
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        #expect(result.pages == 41)
    }

}
