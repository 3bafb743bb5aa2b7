import Foundation
import Testing

@testable import SitegenServe

@Suite struct HTTPResponseHeadTests {
    @Test func serialisesStatusLineAndSortedHeaders() {
        let head = HTTPResponseHead(status: 206, headers: ["Content-Length": "2", "Accept-Ranges": "bytes"])
        #expect(
            String(decoding: head.bytes, as: UTF8.self)
                == "HTTP/1.1 206 Partial Content\r\nAccept-Ranges: bytes\r\nContent-Length: 2\r\n\r\n")
    }

    @Test func dropsHeaderValuesThatWouldSplitTheHead() {
        let head = HTTPResponseHead(status: 200, headers: ["X-Evil": "a\r\nSet-Cookie: b", "X-Ok": "c"])
        #expect(String(decoding: head.bytes, as: UTF8.self) == "HTTP/1.1 200 OK\r\nX-Ok: c\r\n\r\n")
    }

    @Test(arguments: [
        (304, "Not Modified"), (405, "Method Not Allowed"), (416, "Range Not Satisfiable"),
        (431, "Request Header Fields Too Large"),
    ])
    func reasonPhrases(status: Int, phrase: String) {
        #expect(HTTPResponseHead.reasonPhrase(status) == phrase)
    }

    @Test func datesAreIMFFixdates() {
        #expect(HTTPDate.format(784_111_777) == "Sun, 06 Nov 1994 08:49:37 GMT")
        #expect(HTTPDate.format(0) == "Thu, 01 Jan 1970 00:00:00 GMT")
        #expect(HTTPDate.now.hasSuffix(" GMT") && HTTPDate.now.count == 29)
    }

    @Test func errorResponsesCloseAndSayWhy() {
        let response = PreviewResponse.error(400, "malformed request line")
        #expect(response.closeConnection)
        #expect(response.body == .bytes(Data("400 Bad Request: malformed request line\n".utf8)))
        #expect(response.head.headers["Content-Length"] == "40")
    }

    @Test func sseFramingPrefixesEveryLine() {
        #expect(String(decoding: ReloadEvent.failure("a\nb").bytes, as: UTF8.self) == "event: failure\ndata: a\ndata: b\n\n")
        #expect(String(decoding: ReloadEvent.reload.bytes, as: UTF8.self) == "event: reload\ndata: reload\n\n")
    }
}
