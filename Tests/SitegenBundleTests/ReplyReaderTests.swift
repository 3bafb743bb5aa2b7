import Foundation
import Testing

@testable import SitegenBundle
@testable import SitegenBundleCore

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `ReplyReader` is what `sitegen serve` and `sitegen resolve` answer with; `reply(for:)` is what an
/// app gets: the two must agree part for part.
@Suite struct ReplyReaderTests {
    @Test(
        arguments: [
            ("docs://app/assets/site.css", nil, "GET"), ("docs://app/media/clip.mp4", "bytes=10-19", "GET"),
            ("docs://app/media/clip.mp4", "bytes=1000-", "GET"), ("docs://app/missing.html", nil, "GET"),
            ("docs://app/assets/site.css", nil, "HEAD"), ("docs://app/media/clip.mp4", "bytes=-5", "HEAD"),
            ("docs://app/assets/site.css", nil, "POST"),
        ] as [(String, String?, String)])
    func agreesWithTheURLRequestReply(url: String, range: String?, method: String) async throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        _ = try await fixture.writeManifest()
        let resolver = try SchemeResolver(bundle: fixture.bundle)
        let (response, body, _) = try await collect(resolver.reply(for: request(url, range: range, method: method)))

        let reader = ReplyReader(resolver: resolver, request: SchemeRequest(url: URL(string: url), method: method, range: range))
        var head: (status: Int, headers: [String: String])?
        var readBody = Data()
        while let part = try await reader.next() {
            switch part {
            case .head(let status, let headers):
                #expect(head == nil, "one head, first")
                #expect(readBody.isEmpty)
                head = (status, headers)
            case .data(let data): readBody.append(data)
            }
        }
        let status = try #require(head?.status)
        #expect(status == response?.statusCode)
        #expect(readBody == body)
        for (name, value) in head?.headers ?? [:] {
            #expect(header(response, name) == value, "\(name)")
        }
        #expect(head?.headers.count == response?.allHeaderFields.count)
        #expect(method != "HEAD" || body.isEmpty)
    }

    /// A file the manifest lists that is gone when its reply starts is a 404 with its page, never a
    /// stream that fails before any head (a WebKit task failed so crashes apps).
    @Test func aFileThatCannotBeOpenedIsANotFound() async throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        _ = try await fixture.writeManifest()
        let resolver = try SchemeResolver(bundle: fixture.bundle)
        try FileManager.default.removeItem(at: fixture.bundle.appendingPathComponent("assets/site.css"))
        let reader = ReplyReader(resolver: resolver, request: SchemeRequest(url: URL(string: "docs://app/assets/site.css")))
        var parts: [ReplyPart] = []
        while let part = try await reader.next() { parts.append(part) }
        guard case .head(let status, let headers) = parts.first else {
            Issue.record("no head first: \(parts)")
            return
        }
        #expect(status == 404)
        #expect(headers["Content-Length"] == String(ReplyPlan.notFoundBody.count))
        var body = Data()
        for case .data(let data) in parts { body.append(data) }
        #expect(body == ReplyPlan.notFoundBody)
    }

    @Test func aRequestWithoutURLThrows() async throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        let resolver = try SchemeResolver(bundle: fixture.bundle)
        let reader = ReplyReader(resolver: resolver, request: SchemeRequest(url: nil))
        await #expect(throws: ResolutionFailure.missingURL) { _ = try await reader.next() }
    }

    @Test func theURLRequestCarriesMethodAndRange() {
        var urlRequest = URLRequest(url: URL(string: "docs://app/a.html")!)
        urlRequest.httpMethod = "HEAD"
        urlRequest.setValue("bytes=0-1", forHTTPHeaderField: "Range")
        #expect(
            SchemeRequest(urlRequest) == SchemeRequest(url: URL(string: "docs://app/a.html"), method: "HEAD", range: "bytes=0-1"))
        #expect(SchemeRequest(URLRequest(url: URL(string: "docs://app/")!)).method == "GET")
    }
}
