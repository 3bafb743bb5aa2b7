import Foundation
import SitegenBundle
import Testing

@testable import SitegenLinks

@Suite struct ResolverFetcherTests {
    @Test func fetchesWhatTheResolverLocated() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sitegen-fetch-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("guide"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let page = Data("<a href=\"../index.html\">home</a>".utf8)
        try page.write(to: folder.appendingPathComponent("guide/a b.html"))
        try Data("<a href=\"guide/a%20b.html\">a</a>".utf8).write(to: folder.appendingPathComponent("index.html"))
        let manifest = try await Manifest.scan(
            bundle: folder, origin: BundleOrigin(), entryPath: "index.html", generator: "test")
        let fetcher = ResolverFetcher(resolver: try SchemeResolver(bundle: folder, manifest: manifest))
        let url = try #require(URL(string: "docs://app/guide/a%20b.html"))
        let located = try #require(await fetcher.locate(url))
        #expect(located.path == "guide/a b.html")
        #expect(await fetcher.fetch(url, located: located) == .found(path: "guide/a b.html", mimeType: "text/html", body: page))
    }

    @Test func servesOnlyListedFilesThatAreThere() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sitegen-fetch-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("guide"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("<a href=\"guide/a b.html\">a</a>".utf8).write(to: folder.appendingPathComponent("index.html"))
        try Data("a".utf8).write(to: folder.appendingPathComponent("guide/a b.html"))
        try Data("g".utf8).write(to: folder.appendingPathComponent("gone.html"))
        let manifest = try await Manifest.scan(
            bundle: folder, origin: BundleOrigin(), entryPath: "index.html", generator: "test")
        try FileManager.default.removeItem(at: folder.appendingPathComponent("gone.html"))
        let fetcher = ResolverFetcher(resolver: try SchemeResolver(bundle: folder, manifest: manifest))
        #expect(fetcher.allPaths.contains("gone.html"))
        #expect(!fetcher.serves("gone.html"))
        #expect(fetcher.serves("guide/a b.html"))
        #expect(fetcher.serves("index.html"))
    }
}
