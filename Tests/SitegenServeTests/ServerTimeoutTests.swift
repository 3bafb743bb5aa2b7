import Foundation
import SitegenBundle
import Testing

@testable import SitegenServe

#if canImport(Glibc)
    import Glibc
#endif

/// The server's timeouts, now that a connection waits for its descriptor instead of polling it:
/// a head that stops half-way gets a 408, an idle kept-alive connection is closed, and a quick
/// request on a kept-alive connection is answered at once.
@Suite struct ServerTimeoutTests {
    /// A server of one page, with short timeouts unless `patient` (a test under load must not see
    /// its connections closed for waiting on a busy machine).
    private static func server(patient: Bool = false) throws -> (PreviewServer, URL) {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("serve-timeouts-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        try Data("<html><body>hi</body></html>".utf8).write(to: root.appendingPathComponent("index.html"))
        let configuration = ServeConfiguration(
            port: 0, headTimeout: patient ? .seconds(30) : .milliseconds(300),
            idleTimeout: patient ? .seconds(30) : .milliseconds(600))
        return (try PreviewServer(resolver: try SchemeResolver(bundle: root), configuration: configuration), root)
    }

    /// What arrives until the peer closes (`closed`) or nothing comes for the receive timeout.
    private static func receiveAll(_ fd: Int32) -> (text: String, closed: Bool) {
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = recv(fd, &buffer, buffer.count, 0)
            if count <= 0 { return (String(decoding: bytes, as: UTF8.self), count == 0) }
            bytes += buffer[0..<count]
        }
    }

    @Test func aHeadThatStopsHalfWayGets408AndAnIdleConnectionIsClosed() async throws {
        let (server, root) = try Self.server()
        defer { try? FileManager.default.removeItem(at: root) }
        let serving = Task { await server.run() }
        defer { serving.cancel() }

        // The client blocks in recv: on a thread of its own, not one the server's tasks need.
        let port = server.port
        let (answer, served) = try await withCheckedThrowingContinuation { continuation in
            Thread.detachNewThread {
                continuation.resume(
                    with: Result {
                        let slow = try BlockingClient.connect(port, seconds: 60)
                        defer { close(slow) }
                        BlockingClient.send(slow, "GET /index.html HTTP/1.1\r\nHost: x\r\n")
                        let answer = Self.receiveAll(slow)
                        let idle = try BlockingClient.connect(port, seconds: 60)
                        defer { close(idle) }
                        BlockingClient.send(idle, "GET /index.html HTTP/1.1\r\nHost: x\r\n\r\n")
                        return (answer, Self.receiveAll(idle))
                    })
            }
        }
        #expect(answer.text.hasPrefix("HTTP/1.1 408"))
        #expect(answer.closed)
        // Answered, then closed by the server once idle for its timeout (the client would wait a minute).
        #expect(served.text.hasPrefix("HTTP/1.1 200"))
        #expect(served.text.hasSuffix("<html><body>hi</body></html>"))
        #expect(served.closed)
    }

    /// A `HEAD` gets no body whatever its reply (RFC 9110 §9.3.2): a refusal of its head, a failed
    /// precondition, and the live-reload event stream alike.
    @Test func aHeadGetsNoBodyWhateverItsReply() async throws {
        let (server, root) = try Self.server(patient: true)
        defer { try? FileManager.default.removeItem(at: root) }
        let serving = Task { await server.run() }
        defer { serving.cancel() }
        let port = server.port
        let requests = [
            "HEAD /index.html HTTP/1.1\r\nHost: x\r\nIf-Match: \"x\"\r\n\r\n",
            "HEAD /index.html HTTP/2.0\r\nHost: x\r\n\r\n",
            "HEAD /index.html#x HTTP/1.1\r\nHost: x\r\n\r\n",
            "HEAD /index.html HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n",
        ]
        let answers = try await BlockingClient.onOwnThread {
            try requests.map { request in
                let client = try BlockingClient.connect(port, seconds: 60)
                defer { close(client) }
                BlockingClient.send(client, request)
                return Self.receiveAll(client)
            }
        }
        #expect(answers.map { $0.text.prefix(12) } == ["HTTP/1.1 412", "HTTP/1.1 505", "HTTP/1.1 400", "HTTP/1.1 200"])
        for answer in answers {
            #expect(answer.text.hasSuffix("\r\n\r\n"), "a head and nothing after it: \(answer.text.debugDescription)")
        }
    }

    /// A reply that closes the connection before a large request body is read (a 405 to an 8 MB
    /// POST) still reaches the client: the server stops sending, then reads and drops the rest,
    /// where closing at once would reset the connection and lose the reply (RFC 9112 §9.6).
    @Test func aReplyBeforeAnUnreadBodyIsNotLostToAReset() async throws {
        let (server, root) = try Self.server(patient: true)
        defer { try? FileManager.default.removeItem(at: root) }
        let serving = Task { await server.run() }
        defer { serving.cancel() }
        let port = server.port
        let answers = try await BlockingClient.onOwnThread {
            try (0..<3).map { _ in
                let client = try BlockingClient.connect(port, seconds: 60)
                defer { close(client) }
                BlockingClient.send(client, "POST /index.html HTTP/1.1\r\nHost: x\r\nContent-Length: 8000000\r\n\r\n")
                let chunk = [UInt8](repeating: 120, count: 64 * 1024)
                var sent = 0
                while sent < 8_000_000 {
                    let count = send(client, chunk, min(chunk.count, 8_000_000 - sent), Int32(MSG_NOSIGNAL))
                    if count <= 0 { break }
                    sent += count
                }
                return (sent, Self.receiveAll(client).text)
            }
        }
        for (sent, answer) in answers {
            // Closed at once, the socket is reset: the client's send fails, its reply is lost.
            #expect(sent == 8_000_000, "the whole body was taken")
            #expect(answer.hasPrefix("HTTP/1.1 405"), "\(answer.prefix(40).debugDescription)")
        }
    }
}
