import Testing

@testable import SitegenServe

@Suite struct HTTPRequestParserTests {
    private func parse(_ text: String, parser: inout HTTPRequestParser) -> HTTPRequestParser.Outcome {
        parser.append(Array(text.utf8))
        return parser.next()
    }

    @Test func parsesARequestHead() throws {
        var parser = HTTPRequestParser()
        let outcome = parse("GET /guide/a.html?x=1 HTTP/1.1\r\nHost: 127.0.0.1\r\nRange:  bytes=0-1 \r\n\r\n", parser: &parser)
        guard case .request(let request) = outcome else { Issue.record("\(outcome)"); return }
        #expect(request.method == "GET")
        #expect(request.target == "/guide/a.html?x=1")
        #expect(request.minorVersion == 1)
        #expect(request.header("range") == "bytes=0-1")
        #expect(request.wantsKeepAlive)
        #expect(parser.bufferedCount == 0)
    }

    @Test(arguments: [
        ("http://127.0.0.1:8000/guide/a.html?x=1", "/guide/a.html?x=1"), ("HTTP://localhost", "/"),
        ("http://127.0.0.1:8000?x=1", "/?x=1"), ("/plain", "/plain"), ("*", "*"),
    ])
    func absoluteFormTargetsAreServedByTheirPath(target: String, path: String) {
        var parser = HTTPRequestParser()
        let outcome = parse("GET \(target) HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n", parser: &parser)
        guard case .request(let request) = outcome else { Issue.record("\(outcome)"); return }
        #expect(request.target == path)
    }

    @Test func parsesByteByByte() {
        var parser = HTTPRequestParser()
        let text = Array("\r\nHEAD / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n".utf8)
        for byte in text.dropLast() {
            parser.append([byte])
            #expect(parser.next() == .needMore)
        }
        parser.append([text.last!])
        guard case .request(let request) = parser.next() else { Issue.record("no request"); return }
        #expect(request.method == "HEAD")
        #expect(!request.wantsKeepAlive)
    }

    @Test func pipelinedRequestsParseInOrder() {
        var parser = HTTPRequestParser()
        parser.append(Array("GET /a HTTP/1.1\r\nHost: x\r\n\r\nGET /b HTTP/1.1\r\nHost: x\r\n\r\nGET /c".utf8))
        guard case .request(let first) = parser.next(), case .request(let second) = parser.next() else {
            Issue.record("expected two requests"); return
        }
        #expect(first.target == "/a")
        #expect(second.target == "/b")
        #expect(parser.next() == .needMore)
        #expect(parser.bufferedCount == 6)
    }

    @Test func acceptsBareLineFeeds() {
        var parser = HTTPRequestParser()
        guard case .request(let request) = parse("GET / HTTP/1.1\nHost: x\n\n", parser: &parser) else {
            Issue.record("not parsed"); return
        }
        #expect(request.header("Host") == "x")
    }

    @Test(arguments: [
        ("garbage\r\n\r\n", 400),
        ("GET  / HTTP/1.1\r\nHost: x\r\n\r\n", 400),
        ("GET / HTTP/1.1 extra\r\nHost: x\r\n\r\n", 400),
        ("G(T / HTTP/1.1\r\nHost: x\r\n\r\n", 400),
        ("GET / HTTQ/1.1\r\nHost: x\r\n\r\n", 400),
        ("GET / HTTP/2.0\r\nHost: x\r\n\r\n", 505),
        ("GET / HTTP/1.1\r\n\r\n", 400),
        ("GET / HTTP/1.1\r\nHost: x\r\nHost: y\r\n\r\n", 400),
        ("GET / HTTP/1.1\r\nHost : x\r\n\r\n", 400),
        ("GET / HTTP/1.1\r\nHost: x\r\n folded\r\n\r\n", 400),
        ("GET / HTTP/1.1\r\nHost: x\r\nNo-colon\r\n\r\n", 400),
        ("GET / HTTP/1.1\r\nHost: x\r\nContent-Length: -1\r\n\r\n", 400),
        ("GET / HTTP/1.1\r\nHost: a\u{7F}b\r\n\r\n", 400),
        // RFC 9112 §3.2 and §6.3: a Host that is no host, two lengths that differ.
        ("GET / HTTP/1.1\r\nHost: a b\r\n\r\n", 400),
        ("GET / HTTP/1.1\r\nHost: x:8a\r\n\r\n", 400),
        ("GET / HTTP/1.1\r\nHost: x:99999\r\n\r\n", 400),
        ("GET http://x:99999/a HTTP/1.1\r\nHost: x\r\n\r\n", 400),
        ("GET http://a b/ HTTP/1.1\r\nHost: x\r\n\r\n", 400),
        ("GET http:///index.html HTTP/1.1\r\nHost: x\r\n\r\n", 400),
        ("GET / HTTP/1.1\r\nHost: [::1]:65536\r\n\r\n", 400),
        ("GET / HTTP/1.1\r\nHost: x:99999999999999999999999\r\n\r\n", 400),
        ("GET / HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\nContent-Length: 5\r\n\r\n", 400),
        // A fragment is the client's own: a target with `#` is no target.
        ("GET /index.html#x HTTP/1.1\r\nHost: x\r\n\r\n", 400),
        // An empty Host names no host (RFC 9110 §4.2.1); a body whose last coding is not chunked
        // has no end to find (RFC 9112 §6.3).
        ("GET / HTTP/1.1\r\nHost: \r\n\r\n", 400),
        ("GET / HTTP/1.1\r\nHost: :8080\r\n\r\n", 400),
        ("GET http://:8080/index.html HTTP/1.1\r\nHost: x\r\n\r\n", 400),
        ("GET / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: \r\n\r\n", 400),
        ("GET / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: gzip\r\n\r\n", 400),
        ("GET / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked, gzip\r\n\r\n", 400),
    ])
    func refusesMalformedHeads(text: String, status: Int) {
        var parser = HTTPRequestParser()
        guard case .failure(let error) = parse(text, parser: &parser) else {
            Issue.record("accepted \(text.debugDescription)"); return
        }
        #expect(error.status == status)
        #expect(!error.isHead)
    }

    /// A refused `HEAD` is known as one, whatever made it refused, so that its reply has no body.
    @Test(arguments: [
        "HEAD /a HTTP/2.0\r\nHost: x\r\n\r\n", "HEAD /a#x HTTP/1.1\r\nHost: x\r\n\r\n", "HEAD /a HTTP/1.1\r\n\r\n",
    ])
    func aRefusedHeadIsKnownAsOne(text: String) {
        var parser = HTTPRequestParser()
        guard case .failure(let error) = parse(text, parser: &parser) else {
            Issue.record("accepted \(text.debugDescription)"); return
        }
        #expect(error.isHead)
    }

    @Test(arguments: ["127.0.0.1:8123", "localhost", "[::1]:80", "docs.example", "x", "x:65535", "x:"])
    func acceptsHostsAsRFC3986WritesThem(host: String) {
        var parser = HTTPRequestParser()
        guard
            case .request = parse(
                "GET / HTTP/1.1\r\nHost: \(host)\r\nContent-Length: 0\r\nContent-Length: 0\r\n\r\n", parser: &parser)
        else {
            Issue.record("refused \(host)"); return
        }
    }

    @Test func http10NeedsNoHostAndClosesByDefault() {
        var parser = HTTPRequestParser()
        guard case .request(let request) = parse("GET / HTTP/1.0\r\n\r\n", parser: &parser) else {
            Issue.record("refused"); return
        }
        #expect(!request.wantsKeepAlive)
        var again = HTTPRequestParser()
        guard case .request(let kept) = parse("GET / HTTP/1.0\r\nConnection: Keep-Alive\r\n\r\n", parser: &again) else {
            Issue.record("refused"); return
        }
        #expect(kept.wantsKeepAlive)
    }

    @Test func headLargerThanTheLimitIs431EvenBeforeItEnds() {
        var parser = HTTPRequestParser(maximumHeadSize: 1024)
        parser.append(Array("GET / HTTP/1.1\r\nHost: x\r\nX-Big: ".utf8))
        #expect(parser.next() == .needMore)
        parser.append([UInt8](repeating: 97, count: 1100))
        #expect(parser.next() == .failure(HTTPParseError(status: 431, message: "the request head is too large")))
    }

    @Test func tooManyHeaderFieldsIs431() {
        var parser = HTTPRequestParser(maximumHeaderCount: 3)
        let fields = (0..<4).map { "X-\($0): y\r\n" }.joined()
        guard case .failure(let error) = parse("GET / HTTP/1.1\r\nHost: x\r\n\(fields)\r\n", parser: &parser) else {
            Issue.record("accepted"); return
        }
        #expect(error.status == 431)
    }

    @Test func announcedBodiesAreNoticed() {
        #expect(HTTPRequest(method: "POST", target: "/", headers: [("Content-Length", "3")]).announcesBody)
        #expect(HTTPRequest(method: "POST", target: "/", headers: [("Transfer-Encoding", "chunked")]).announcesBody)
        #expect(!HTTPRequest(method: "GET", target: "/", headers: [("Content-Length", "0")]).announcesBody)
    }
}
