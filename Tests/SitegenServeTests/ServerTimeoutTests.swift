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
    private static func server() throws -> (PreviewServer, URL) {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("serve-timeouts-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        try Data("<html><body>hi</body></html>".utf8).write(to: root.appendingPathComponent("index.html"))
        let configuration = ServeConfiguration(
            port: 0, headTimeout: .milliseconds(300), idleTimeout: .milliseconds(600))
        return (try PreviewServer(resolver: try SchemeResolver(bundle: root), configuration: configuration), root)
    }

    /// A blocking client socket with a receive timeout of `seconds`, far longer than the server's.
    private static func connect(_ port: Int, seconds: Int = 60) throws -> Int32 {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var timeout = timeval(tv_sec: seconds, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        try #require(connected == 0)
        return fd
    }

    private static func send(_ fd: Int32, _ text: String) {
        _ = text.withCString { Glibc.send(fd, $0, strlen($0), 0) }
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
                        let slow = try Self.connect(port)
                        defer { close(slow) }
                        Self.send(slow, "GET /index.html HTTP/1.1\r\nHost: x\r\n")
                        let answer = Self.receiveAll(slow)
                        let idle = try Self.connect(port)
                        defer { close(idle) }
                        Self.send(idle, "GET /index.html HTTP/1.1\r\nHost: x\r\n\r\n")
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
}
