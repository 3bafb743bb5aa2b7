import Foundation
import Testing

@testable import SitegenMirror

#if canImport(Glibc)
    import Glibc
#endif

/// The loopback HTTP client: IPv6 literals, response framing, failures in words.
@Suite struct HTTPSourceTests {
    static let page = Array("<!doctype html><title>x</title>".utf8)

    @Test func fetchesFromTheIPv6Loopback() async throws {
        // Where the machine has no IPv6 loopback there is nothing to test.
        guard let server = try? LoopbackServer(serving: MirrorChecks.fixture, ipv6: true) else { return }
        defer { server.stop() }
        let source = try HTTPSource(root: server.url, timeout: 5)
        let response = try await source.fetch(server.url)
        guard case .resource(let type, let body, let charset) = response else {
            Issue.record("not a resource: \(response)")
            return
        }
        #expect(type == "text/html")
        #expect(charset == "utf-8")
        #expect(String(decoding: body, as: UTF8.self).contains("<title>"))
        let result = try await Mirror(source: source).run()
        #expect(result.pages == 5)
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
    }

    @Test func contentTypeAndCharsetComeFromTheHeader() async throws {
        let server = try LoopbackServer(routes: [
            "/": (#"Text/HTML; Charset="ISO-8859-1""#, Self.page), "/blob": (nil, [1, 2, 3]),
        ])
        defer { server.stop() }
        let source = try HTTPSource(root: server.url, timeout: 5)
        #expect(
            try await source.fetch(server.url) == .resource(mimeType: "text/html", body: Data(Self.page), charset: "iso-8859-1"))
        // No type sent and none the bytes tell: empty, for the link that found it to decide.
        #expect(
            try await source.fetch(server.url.appendingPathComponent("blob")) == .resource(mimeType: "", body: Data([1, 2, 3])))
    }

    @Test func connectionRefusedReadsAsWords() async throws {
        // A port that was free a moment ago: nothing listens on it.
        let (listener, port) = try LoopbackServer.listen(ipv6: false)
        close(listener)
        let source = try HTTPSource(root: try #require(URL(string: "http://127.0.0.1:\(port)/")), timeout: 5)
        await #expect(throws: SourceError("connection refused (is the server running?)")) {
            try await source.fetch(source.root)
        }
    }

    @Test func silenceReadsAsATimeout() async throws {
        // Listening, never accepting: the connection is made, no answer comes.
        let (listener, port) = try LoopbackServer.listen(ipv6: false)
        defer { close(listener) }
        let source = try HTTPSource(root: try #require(URL(string: "http://127.0.0.1:\(port)/")), timeout: 0.2)
        await #expect(throws: SourceError("timed out after 0.2 s waiting for the response")) {
            try await source.fetch(source.root)
        }
    }

    @Test func cancellingAFetchStopsWaitingForTheServer() async throws {
        // The time limit cancels the mirror: a request must not hold it until its own timeout.
        let (listener, port) = try LoopbackServer.listen(ipv6: false)
        defer { close(listener) }
        let source = try HTTPSource(root: try #require(URL(string: "http://127.0.0.1:\(port)/")), timeout: 30)
        let fetch = Task { try await source.fetch(source.root) }
        try await Task.sleep(for: .milliseconds(100))
        fetch.cancel()
        await #expect(throws: SourceError("not fetched: the time limit was reached")) { try await fetch.value }
    }

    // MARK: Framing

    static func read(_ parts: [String], maxBodyBytes: Int = 1 << 20) throws(SourceError) -> HTTPResponse? {
        var reader = HTTPResponseReader(maxBodyBytes: maxBodyBytes)
        for part in parts {
            if let response = try reader.append(Array(part.utf8)) { return response }
        }
        return try reader.end()
    }

    @Test func contentLengthAcrossReads() throws {
        let response = try Self.read(["HTTP/1.1 200 OK\r\nContent-Le", "ngth: 5\r\nX-A: b\r\n\r\nhel", "lo and more"])
        #expect(response?.status == 200)
        #expect(response?.body == Array("hello".utf8))
        #expect(response?.header("x-a") == "b")
    }

    /// The same length given twice (or as a list) is one length.
    @Test func repeatedEqualLengthsAreOne() throws {
        let response = try Self.read(["HTTP/1.1 200 OK\r\nContent-Length: 3\r\nContent-Length: 3, 3\r\n\r\nabcdef"])
        #expect(response?.body == Array("abc".utf8))
    }

    @Test func chunkedWithExtensionsAndTrailers() throws {
        let response = try Self.read([
            "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n5;x=y\r\nhel",
            "lo\r\n1\r\n \r\n5\r\nworld\r\n0\r\nT: v\r\n\r\n",
        ])
        #expect(response?.body == Array("hello world".utf8))
    }

    @Test func untilCloseInterimHeadsAndBareLineFeeds() throws {
        let response = try Self.read(["HTTP/1.1 100 Continue\r\n\r\nHTTP/1.0 200 OK\nContent-Type: text/css\n\nbody", " end"])
        #expect(response?.status == 200)
        #expect(response?.header("content-type") == "text/css")
        #expect(response?.body == Array("body end".utf8))
    }

    @Test(arguments: [
        (
            ["HTTP/1.1 200 OK\r\nContent-Length: 7\r\n\r\nshort"],
            "the server closed the connection before the end of the response"
        ),
        (
            ["HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhel"],
            "the server closed the connection before the end of the response"
        ),
        ([], "the server closed the connection without answering"),
        (["SSH-2.0-OpenSSH\r\n\r\n"], "not an HTTP response"),
        // A length that is no number, or two that disagree, leave no end to the body (RFC 9112, 6.3).
        (["HTTP/1.1 200 OK\r\nContent-Length: -5\r\n\r\nabc"], "invalid Content-Length '-5'"),
        (["HTTP/1.1 200 OK\r\nContent-Length: 3x\r\n\r\nabc"], "invalid Content-Length '3x'"),
        (["HTTP/1.1 200 OK\r\nContent-Length: \r\n\r\nabc"], "invalid Content-Length ''"),
        (
            ["HTTP/1.1 200 OK\r\nContent-Length: 99999999999999999999999\r\n\r\nabc"],
            "Content-Length '99999999999999999999999' is too large"
        ),
        (["HTTP/1.1 200 OK\r\nContent-Length: 3\r\nContent-Length: 5\r\n\r\nabc"], "Content-Length fields that disagree"),
        (["HTTP/1.1 200 OK\r\nContent-Length: 3, 5\r\n\r\nabc"], "Content-Length fields that disagree"),
    ])
    func malformed(parts: [String], reason: String) {
        #expect(throws: SourceError(reason)) { try Self.read(parts, maxBodyBytes: 8) }
    }

    @Test(arguments: [["HTTP/1.1 200 OK\r\nContent-Length: 99\r\n\r\n"], ["HTTP/1.1 200 OK\r\n\r\n123456789"]])
    func aBodyOverTheLimitIsALimitReached(parts: [String]) {
        #expect(throws: SourceError("not fetched: larger than --max-bytes 8", isLimit: true)) {
            try Self.read(parts, maxBodyBytes: 8)
        }
    }

    @Test func aCompressedBodyIsRefusedInWords() {
        #expect(HTTPSource.refusal(contentEncoding: nil) == nil)
        #expect(HTTPSource.refusal(contentEncoding: " identity ") == nil)
        #expect(
            HTTPSource.refusal(contentEncoding: "GZIP")
                == SourceError("the server sent the body with Content-Encoding 'gzip', which sitegen does not decode"))
    }
}
