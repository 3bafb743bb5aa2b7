import Foundation
import Testing

@testable import SitegenBundle
@testable import SitegenBundleCore

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite struct ReplyTests {
    @Test func wholeFileWithHeaders() async throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        _ = try await fixture.writeManifest()
        let resolver = try SchemeResolver(bundle: fixture.bundle)
        let (response, body, _) = try await collect(resolver.reply(for: request("docs://app/assets/site.css")))
        let expected = try fixture.bytes("assets/site.css")
        #expect(response?.statusCode == 200)
        #expect(body == expected)
        #expect(header(response, "Content-Type") == "text/css; charset=utf-8")
        #expect(header(response, "Content-Length") == String(expected.count))
        #expect(header(response, "Accept-Ranges") == "bytes")
        #expect(header(response, "ETag") == "\"\(SHA256.hex(expected))\"")
        #expect(header(response, "Cache-Control") == "no-cache")
        #expect(header(response, "X-Content-Type-Options") == "nosniff")
        let (png, _, _) = try await collect(resolver.reply(for: request("docs://app/assets/logo.png")))
        #expect(header(png, "Content-Type") == "image/png")
    }

    /// The conditional headers an app's web view or media player may send, compared with the
    /// manifest's tag as `sitegen serve` compares them (RFC 9110): a stale `If-Range` gets the
    /// whole file, a wrong `If-Match` 412, a matching `If-None-Match` 304, each without a body.
    @Test func conditionalHeadersAreAnswered() async throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        _ = try await fixture.writeManifest()
        let resolver = try SchemeResolver(bundle: fixture.bundle)
        let css = try fixture.bytes("assets/site.css")
        let tag = "\"\(SHA256.hex(css))\""
        func reply(_ headers: [String: String]) async throws -> (Int?, Data, String?) {
            var asked = request("docs://app/assets/site.css", range: "bytes=0-1")
            for (name, value) in headers { asked.setValue(value, forHTTPHeaderField: name) }
            let (response, body, _) = try await collect(resolver.reply(for: asked))
            return (response?.statusCode, body, header(response, "Content-Range"))
        }
        #expect(try await reply(["If-Range": tag]) == (206, css.prefix(2), "bytes 0-1/\(css.count)"))
        #expect(try await reply(["If-Range": "\"stale\""]) == (200, css, nil))
        #expect(try await reply(["If-Range": "Tue, 01 Dec 2026 10:00:00 GMT"]) == (200, css, nil))
        #expect(try await reply(["If-Match": "\"stale\""]) == (412, Data(), nil))
        #expect(try await reply(["If-Match": "W/\(tag)"]) == (412, Data(), nil), "a weak tag never matches strongly")
        #expect(try await reply(["If-Match": "\"a\", \(tag)"]).0 == 206)
        #expect(try await reply(["If-None-Match": "W/\(tag)"]) == (304, Data(), nil))
        #expect(try await reply(["If-None-Match": "*"]) == (304, Data(), nil))
        #expect(try await reply(["If-None-Match": "\"stale\""]).0 == 206)
        let notModified = try resolver.plan(
            for: {
                var r = SchemeRequest(url: URL(string: "docs://app/assets/site.css")); r.ifNoneMatch = tag; return r
            }())
        #expect(notModified.headers["ETag"] == tag && notModified.headers["Content-Length"] == nil)
    }

    /// A manifest handed to the resolver is validated as one read from disk: its format and
    /// version too. Errors give their message as `localizedDescription`, which apps show.
    @Test func aManifestOfAnotherFormatOrVersionIsRefusedWithItsMessage() throws {
        let fixture = try Fixture(files: ["index.html": "<p>"], withSecret: false)
        defer { fixture.remove() }
        var manifest = Manifest(
            generator: "t", origin: "docs://app", entry: "docs://app/index.html",
            resources: [
                .init(
                    url: "docs://app/index.html", file: "index.html", mimeType: "text/html", textEncoding: nil, size: 3,
                    sha256: SHA256.hex(Data("<p>".utf8)))
            ],
            aliases: [])
        #expect(throws: Never.self) { try SchemeResolver(bundle: fixture.bundle, manifest: manifest) }
        manifest.format = "not-sitegen"
        #expect(throws: ManifestError("manifest: unknown format 'not-sitegen' (expected 'sitegen-bundle')")) {
            try SchemeResolver(bundle: fixture.bundle, manifest: manifest)
        }
        manifest.format = Manifest.formatName
        manifest.version = 99
        do {
            _ = try SchemeResolver(bundle: fixture.bundle, manifest: manifest)
            Issue.record("version 99 was taken")
        } catch {
            #expect((error as Error).localizedDescription == "manifest: unsupported version 99 (this reader supports 1)")
        }
        #expect((ResolutionFailure.missingURL as Error).localizedDescription == ResolutionFailure.missingURL.description)
    }

    /// `; charset=` comes from the record's `textEncoding` alone, as every resolver of the manifest
    /// builds it, not from the type (a manifest the reader takes has the two agree).
    @Test func contentTypeComesFromTheRecord() throws {
        let fixture = try Fixture(files: ["a.dat": "x", "index.html": "<p>"], withSecret: false)
        defer { fixture.remove() }
        let manifest = Manifest(
            generator: "t", origin: "docs://app", entry: "docs://app/index.html",
            resources: [
                .init(
                    url: "docs://app/a.dat", file: "a.dat", mimeType: "application/x-custom", textEncoding: "utf-8", size: 1,
                    sha256: SHA256.hex(Data("x".utf8))),
                .init(
                    url: "docs://app/index.html", file: "index.html", mimeType: "text/html", textEncoding: nil, size: 3,
                    sha256: SHA256.hex(Data("<p>".utf8))),
            ],
            aliases: [])
        let resolver = try SchemeResolver(bundle: fixture.bundle, assembled: manifest)
        func contentType(_ url: String) throws -> String? {
            try resolver.plan(for: SchemeRequest(url: URL(string: url))).headers["Content-Type"]
        }
        #expect(try contentType("docs://app/a.dat") == "application/x-custom; charset=utf-8")
        #expect(try contentType("docs://app/index.html") == "text/html")
    }

    @Test(arguments: [
        ("bytes=0-1", 206, 0..<2), ("bytes=10-", 206, 10..<1000), ("bytes=-5", 206, 995..<1000),
        ("bytes=990-5000", 206, 990..<1000), ("bytes=999-999", 206, 999..<1000), ("bytes=-5000", 206, 0..<1000),
        ("bytes=0-999", 206, 0..<1000), ("bytes=0-1,5-6", 200, 0..<1000), ("bytes=5-2", 200, 0..<1000),
        ("items=0-1", 200, 0..<1000), ("bytes=x-1", 200, 0..<1000),
    ])
    func ranges(range: String, status: Int, slice: Range<Int>) async throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        let resolver = try SchemeResolver(bundle: fixture.bundle)
        let file = try fixture.bytes("media/clip.mp4")
        #expect(file.count == 1000)
        let (response, body, _) = try await collect(resolver.reply(for: request("docs://app/media/clip.mp4", range: range)))
        #expect(response?.statusCode == status)
        #expect(body == file.subdata(in: slice))
        #expect(header(response, "Content-Length") == String(slice.count))
        if status == 206 {
            #expect(header(response, "Content-Range") == "bytes \(slice.lowerBound)-\(slice.upperBound - 1)/1000")
        } else {
            #expect(header(response, "Content-Range") == nil)
        }
    }

    @Test(arguments: ["bytes=1000-", "bytes=1000-1001", "bytes=-0", "bytes=99999999999999999999999-"])
    func unsatisfiable(range: String) async throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        let resolver = try SchemeResolver(bundle: fixture.bundle)
        let (response, body, _) = try await collect(resolver.reply(for: request("docs://app/media/clip.mp4", range: range)))
        #expect(response?.statusCode == 416)
        #expect(header(response, "Content-Range") == "bytes */1000")
        #expect(body.isEmpty)
    }

    @Test(arguments: ["docs://app/nope.html", "docs://evil/index.html", "docs://app/%2e%2e/secret.txt", "https://app/"])
    func missingIsA404WithHTMLBody(url: String) async throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        let resolver = try SchemeResolver(bundle: fixture.bundle)
        let (response, body, _) = try await collect(resolver.reply(for: request(url)))
        #expect(response?.statusCode == 404)
        #expect(body == ReplyPlan.notFoundBody)
        #expect(header(response, "Content-Type") == "text/html; charset=utf-8")
        #expect(header(response, "Cache-Control") == "no-cache")
        #expect(header(response, "X-Content-Type-Options") == "nosniff")
    }

    /// manifest.md: any range of an empty file is unsatisfiable.
    @Test(arguments: ["bytes=0-", "bytes=0-0", "bytes=-5", "bytes=-0"])
    func anyRangeOfAnEmptyFileIsUnsatisfiable(range: String) async throws {
        let fixture = try Fixture(files: ["empty.txt": ""], withSecret: false)
        defer { fixture.remove() }
        let resolver = try SchemeResolver(bundle: fixture.bundle)
        let (response, body, _) = try await collect(resolver.reply(for: request("docs://app/empty.txt", range: range)))
        #expect(response?.statusCode == 416)
        #expect(header(response, "Content-Range") == "bytes */0")
        #expect(header(response, "Content-Length") == "0")
        #expect(body.isEmpty)
    }

    @Test func headHasNoBody() async throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        let resolver = try SchemeResolver(bundle: fixture.bundle)
        let (response, body, chunks) = try await collect(
            resolver.reply(for: request("docs://app/media/clip.mp4", method: "HEAD")))
        #expect(response?.statusCode == 200 && header(response, "Content-Length") == "1000")
        #expect(body.isEmpty && chunks == 0)
    }

    /// manifest.md: a method other than GET and HEAD (`fetch(url, {method: "POST"})`) gets a 405
    /// with `Allow`, whether or not the URL names a file; the letter case of GET and HEAD is free.
    @Test(arguments: ["POST", "PUT", "DELETE", "OPTIONS", "PATCH"])
    func otherMethodsAreNotAllowed(method: String) async throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        let resolver = try SchemeResolver(bundle: fixture.bundle)
        for url in ["docs://app/media/clip.mp4", "docs://app/missing.html"] {
            let (response, body, _) = try await collect(resolver.reply(for: request(url, method: method)))
            #expect(response?.statusCode == 405 && header(response, "Allow") == "GET, HEAD", "\(method) \(url)")
            #expect(header(response, "Content-Length") == "0" && body.isEmpty)
            #expect(header(response, "X-Content-Type-Options") == "nosniff" && header(response, "Content-Type") != nil)
        }
        let (lower, body, _) = try await collect(resolver.reply(for: request("docs://app/media/clip.mp4", method: "get")))
        #expect(lower?.statusCode == 200 && body.count == 1000)
    }

    @Test func requestWithoutURLThrows() async throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        let resolver = try SchemeResolver(bundle: fixture.bundle)
        var noURL = request("docs://app/")
        noURL.url = nil
        await #expect(throws: ResolutionFailure.missingURL) { _ = try await collect(resolver.reply(for: noURL)) }
    }

    @Test func chunksAreAtMost64KiB() async throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        var generator = SplitMix(seed: 3)
        let big = Data((0..<300_000).map { _ in UInt8.random(in: 0...255, using: &generator) })
        try fixture.write("big.bin", big)
        let resolver = try SchemeResolver(bundle: fixture.bundle)
        var sizes: [Int] = []
        var body = Data()
        for try await element in resolver.reply(for: request("docs://app/big.bin")) {
            if case .data(let d) = element { sizes.append(d.count); body.append(d) }
        }
        #expect(body == big)
        #expect(sizes == [65536, 65536, 65536, 65536, 300_000 - 4 * 65536])
    }

    @Test func sixtyFourConcurrentReplies() async throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        _ = try await fixture.writeManifest()
        let resolver = try SchemeResolver(bundle: fixture.bundle)
        let files = ["index.html", "guide/install.html", "assets/site.css", "media/clip.mp4", "guide/a b.html"]
        let contents = try Dictionary(uniqueKeysWithValues: files.map { ($0, try fixture.bytes($0)) })
        let results = try await withThrowingTaskGroup(of: (Int, Data, Data).self) { group in
            for i in 0..<64 {
                let file = files[i % files.count]
                let expected = try #require(contents[file])
                let ranged = i % 3 == 0 && expected.count > 10
                let slice = ranged ? 3..<min(expected.count, 4 + i) : 0..<expected.count
                let url = BundleOrigin().url(forPath: file).absoluteString
                group.addTask {
                    let (_, body, _) = try await collect(
                        resolver.reply(
                            for: request(url, range: ranged ? "bytes=\(slice.lowerBound)-\(slice.upperBound - 1)" : nil)))
                    return (i, body, expected.subdata(in: slice))
                }
            }
            var all: [(Int, Data, Data)] = []
            for try await result in group { all.append(result) }
            return all
        }
        #expect(results.count == 64)
        for (i, body, expected) in results { #expect(body == expected, "reply \(i)") }
    }
}
