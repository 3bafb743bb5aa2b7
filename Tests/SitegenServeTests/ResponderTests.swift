import Foundation
import SitegenBundle
import Testing

@testable import SitegenServe

@Suite struct ResponderTests {
    let root: URL
    let resolver: SchemeResolver

    init() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("serve-responder-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root.appendingPathComponent("guide"), withIntermediateDirectories: true)
        try Data("<html><body>hi</body></html>".utf8).write(to: root.appendingPathComponent("index.html"))
        try Data("<p>guide</p>".utf8).write(to: root.appendingPathComponent("guide/index.html"))
        try Data("0123456789".utf8).write(to: root.appendingPathComponent("data.bin"))
        resolver = try SchemeResolver(bundle: root)
    }

    private func respond(
        _ target: String, method: String = "GET", live: Bool = false, _ headers: [(name: String, value: String)] = []
    ) async -> PreviewResponse {
        await Responder(bundle: ServedBundle(built: resolver), liveReload: live, digests: FileDigests())
            .respond(to: HTTPRequest(method: method, target: target, headers: [("Host", "x")] + headers))
    }

    @Test func servesFilesAndRanges() async {
        let whole = await respond("/data.bin")
        #expect(whole.head.status == 200)
        #expect(whole.head.headers["Content-Length"] == "10")
        let part = await respond("/data.bin", [("Range", "bytes=2-4")])
        #expect(part.head.status == 206)
        #expect(part.head.headers["Content-Range"] == "bytes 2-4/10")
        guard case .file(_, let range) = part.body else { Issue.record("\(part.body)"); return }
        #expect(range == 2..<5)
        #expect(await respond("/data.bin", [("Range", "bytes=20-")]).head.status == 416)
        // Two `Range` fields are several ranges, as one `bytes=0-1,2-3`: the whole file.
        let two = await respond("/data.bin", [("Range", "bytes=0-1"), ("Range", "bytes=2-3")])
        #expect(two.head.status == 200)
        #expect(two.head.headers["Content-Range"] == nil)
    }

    @Test func directoryIndexesMissingFilesAndEscapes() async {
        #expect(await respond("/guide/").head.status == 200)
        let missing = await respond("/nope.html")
        #expect(missing.head.status == 404)
        #expect(missing.body == .bytes(ReplyPlan.notFoundBody))
        #expect(await respond("/../../etc/passwd").head.status == 404)
        #expect(await respond("/%2e%2e/%2e%2e/etc/passwd").head.status == 404)
        #expect(await respond("*").head.status == 400)
        #expect(await respond("http://evil/").head.status == 400)
    }

    @Test func anInvalidPercentEscapeIsNotFound() async throws {
        try Data("literal".utf8).write(to: root.appendingPathComponent("%ZZ"))
        try Data("hundred".utf8).write(to: root.appendingPathComponent("100%.txt"))
        let resolver = try SchemeResolver(bundle: root)
        for live in [false, true] {
            let responder = Responder(bundle: ServedBundle(built: resolver), liveReload: live, digests: FileDigests())
            for target in ["/%ZZ", "/100%.txt", "/100%.txt?x=1"] {
                let response = await responder.respond(to: HTTPRequest(method: "GET", target: target, headers: [("Host", "x")]))
                #expect(response.head.status == 404, "\(target)")
            }
            let escaped = await responder.respond(to: HTTPRequest(method: "GET", target: "/100%25.txt", headers: [("Host", "x")]))
            #expect(escaped.head.status == 200)
        }
    }

    /// A bundle with a manifest and a 10-byte `data.bin`, and a function that GETs it with headers.
    private func dataFileResponder() async throws -> ([(name: String, value: String)]) async -> PreviewResponse {
        try Data("0123456789".utf8).write(to: root.appendingPathComponent("data.bin"))
        try await Manifest.scan(bundle: root, origin: BundleOrigin(), entryPath: "index.html", generator: "t").encoded()
            .write(to: root.appendingPathComponent(Manifest.fileName))
        let responder = Responder(
            bundle: ServedBundle(built: try SchemeResolver(bundle: root)), liveReload: false, digests: FileDigests())
        return { headers in
            await responder.respond(to: HTTPRequest(method: "GET", target: "/data.bin", headers: [("Host", "x")] + headers))
        }
    }

    @Test func ifNoneMatchIsEvaluatedBeforeRange() async throws {
        let respond = try await dataFileResponder()
        let tag = try #require(await respond([]).head.headers["ETag"])
        for range in ["bytes=0-1", "bytes=20-"] {
            let response = await respond([("If-None-Match", tag), ("Range", range)])
            #expect(response.head.status == 304, "\(range)")
            #expect(response.head.headers["Content-Range"] == nil)
            #expect(response.body == .none)
        }
        #expect(await respond([("If-None-Match", "\"other\""), ("Range", "bytes=0-1")]).head.status == 206)
    }

    /// `If-Match` (RFC 9110 §13.1.1): the current tag or `*` lets the request through, range
    /// included; another tag or a weak one is 412, with no bytes of the file.
    @Test func ifMatchThatFailsIs412() async throws {
        let respond = try await dataFileResponder()
        let tag = try #require(await respond([]).head.headers["ETag"])
        #expect(await respond([("If-Match", tag), ("Range", "bytes=0-1")]).head.status == 206)
        #expect(await respond([("If-Match", "\"a\", " + tag)]).head.status == 200)
        #expect(await respond([("If-Match", "*")]).head.status == 200)
        for condition in ["\"x\"", "W/" + tag] {
            let response = await respond([("If-Match", condition), ("Range", "bytes=0-1")])
            #expect(response.head.status == 412, "\(condition)")
            #expect(response.head.headers["Content-Range"] == nil)
            // As the resolver answers it (embedding.md): the headers every reply carries, no body.
            #expect(response.head.headers["Cache-Control"] == "no-cache")
            #expect(response.head.headers["X-Content-Type-Options"] == "nosniff")
            #expect(response.head.headers["Content-Length"] == "0")
            #expect(response.body == .none)
        }
        #expect(HTTPResponseHead.reasonPhrase(412) == "Precondition Failed")
    }

    /// A folder without a manifest tags no file: `*` still matches any file that is there
    /// (RFC 9110 §13.1.1-2), and a tag matches none.
    @Test func starMatchesAFileWithoutATag() async {
        #expect(await respond("/data.bin").head.headers["ETag"] == nil)
        #expect(await respond("/data.bin", [("If-Match", "*")]).head.status == 200)
        #expect(await respond("/data.bin", [("If-None-Match", "*")]).head.status == 304)
        #expect(await respond("/data.bin", [("If-Match", "\"x\"")]).head.status == 412)
        #expect(await respond("/data.bin", [("If-None-Match", "\"x\"")]).head.status == 200)
        #expect(await respond("/missing.bin", [("If-Match", "*")]).head.status == 404)
    }

    @Test func aRangeWhoseIfRangeNoLongerHoldsIsTheWholeFile() async throws {
        let respond = try await dataFileResponder()
        let tag = try #require(await respond([]).head.headers["ETag"])
        let current = await respond([("If-Range", tag), ("Range", "bytes=0-1")])
        #expect(current.head.status == 206)
        // RFC 9110 §13.1.5: a tag that no longer matches, a weak one or a date asks for the whole file.
        for condition in ["\"stale\"", "W/" + tag, "Tue, 01 Jan 2019 00:00:00 GMT"] {
            for range in ["bytes=0-1", "bytes=20-"] {
                let response = await respond([("If-Range", condition), ("Range", range)])
                #expect(response.head.status == 200, "\(condition) \(range)")
                #expect(response.head.headers["Content-Length"] == "10")
                #expect(response.head.headers["Content-Range"] == nil)
            }
        }
    }

    @Test func otherMethodsAre405() async {
        let response = await respond("/", method: "DELETE")
        #expect(response.head.status == 405)
        #expect(response.head.headers == ReplyPlan.methodNotAllowed.headers, "the resolver's own 405")
        #expect(response.body == .none)
        #expect(response.closeConnection)
    }

    @Test func headHasLengthButNoBody() async {
        let response = await respond("/data.bin", method: "HEAD")
        #expect(response.head.headers["Content-Length"] == "10")
        #expect(response.body == .none)
    }

    @Test func liveReloadInjectsOnlyIntoWholeHTMLPages() async {
        let page = await respond("/index.html", live: true, [("Range", "bytes=0-1")])
        #expect(page.head.status == 200)
        #expect(page.head.headers["Content-Length"] == String(28 + LiveReloadScript.tag(build: 0).count))
        #expect(page.body == .bytes(LiveReloadScript.inject(into: Data("<html><body>hi</body></html>".utf8), build: 0)))
        // Sent whole, with the script in it: no byte ranges are offered for it.
        #expect(page.head.headers["Accept-Ranges"] == "none")
        #expect(await respond("/data.bin", live: true).head.headers["Accept-Ranges"] == "bytes")
        #expect(
            await respond("/index.html", method: "HEAD", live: true).head.headers["Content-Length"]
                == page.head.headers["Content-Length"])
        if case .file = await respond("/data.bin", live: true).body {} else { Issue.record("binary files are not injected") }
        if case .file = await respond("/index.html", live: false).body {
        } else {
            Issue.record("no injection without live reload")
        }
        #expect(await respond("/_sitegen/events", live: true).body == .eventStream)
        #expect(await respond("/_sitegen/events", live: false).head.status == 404)
        // The 404 page reloads once the page it wanted is built.
        let missing = await respond("/new.html", live: true)
        #expect(missing.head.status == 404)
        guard case .bytes(let notFound) = missing.body else {
            Issue.record("a 404 page")
            return
        }
        #expect(notFound.range(of: LiveReloadScript.tag(build: 0)) != nil)
        #expect(missing.head.headers["Content-Length"] == String(notFound.count))
        let head = await respond("/new.html", method: "HEAD", live: true)
        #expect(head.head.headers["Content-Length"] == String(notFound.count), "HEAD has the GET's headers")
        #expect(head.body == .none)
        guard case .bytes(let plain) = await respond("/new.html", live: false).body else {
            Issue.record("a 404 page")
            return
        }
        #expect(plain.range(of: LiveReloadScript.tag(build: 0)) == nil)
    }

    @Test func ifNoneMatchComparesWeaklyAndAcceptsLists() {
        #expect(EntityTagCondition.matches("\"a\", W/\"b\"", "\"b\""))
        #expect(EntityTagCondition.matches("*", "\"b\""))
        #expect(!EntityTagCondition.matches("\"a\"", "\"b\""))
    }
}
