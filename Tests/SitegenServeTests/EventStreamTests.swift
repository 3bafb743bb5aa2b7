import Foundation
import SitegenBundle
import Testing

@testable import SitegenServe

#if canImport(Glibc)
    import Glibc
#endif

/// Live-reload streams whose page went away are closed as soon as the client hangs up, not at the
/// next rebuild: their connection slots are freed, and the pages that stay still reload.
@Suite struct EventStreamTests {
    @Test func aStreamClosedByItsPageFreesItsConnection() async throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("serve-events-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        try Data("<html><body>hi</body></html>".utf8).write(to: root.appendingPathComponent("index.html"))
        let resolver = try SchemeResolver(bundle: root)
        let server = try PreviewServer(
            resolver: resolver, configuration: ServeConfiguration(port: 0, maximumConnections: 2, liveReload: true))
        let serving = Task { await server.run() }
        defer { serving.cancel() }

        // One page stays open; three more open the stream and leave, one after the other, through
        // the one slot left. Were a stream that lost its client kept, the second of them would wait
        // in the listen backlog and never hear back, and nor would the page request after them.
        let port = server.port
        let (staying, hellos, page) = try await BlockingClient.onOwnThread {
            let staying = try BlockingClient.connect(port)
            BlockingClient.send(staying, BlockingClient.eventsRequest)
            _ = BlockingClient.receive(staying) { $0.contains("event: build\ndata: 0\n\n") }
            var hellos: [String] = []
            for _ in 0..<3 {
                let leaving = try BlockingClient.connect(port)
                BlockingClient.send(leaving, BlockingClient.eventsRequest)
                hellos.append(BlockingClient.receive(leaving) { $0.contains("event: build\ndata: 0\n\n") })
                close(leaving)
            }
            let fd = try BlockingClient.connect(port)
            defer { close(fd) }
            BlockingClient.send(fd, "GET /index.html HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
            return (staying, hellos, BlockingClient.receive(fd))
        }
        defer { close(staying) }
        #expect(hellos.count == 3)
        // Every stream starts by naming the build served, so that a page of an older one reloads.
        for hello in hellos {
            #expect(hello.hasPrefix("HTTP/1.1 200 OK\r\n") && hello.hasSuffix(BlockingClient.hello + "event: build\ndata: 0\n\n"))
        }
        #expect(page.hasPrefix("HTTP/1.1 200 OK\r\n"))
        // The page got the slot of the last stream, which had ended: only the staying one is left.
        #expect(server.eventStreams == 1)

        server.publish(resolver)
        let reload = try await BlockingClient.onOwnThread {
            BlockingClient.receive(staying) { $0.contains("event: reload\n") }
        }
        #expect(reload.contains("event: reload\ndata: reload\n\n"))
        // A page that connects after that rebuild hears it is of build 1; a page served now says so.
        let (late, served) = try await BlockingClient.onOwnThread {
            let late = try BlockingClient.connect(port)
            BlockingClient.send(late, BlockingClient.eventsRequest)
            let heard = BlockingClient.receive(late) { $0.contains("event: build\n") && $0.hasSuffix("\n\n") }
            close(late)  // two connections at most: the page needs its slot
            let fd = try BlockingClient.connect(port)
            defer { close(fd) }
            BlockingClient.send(fd, "GET /index.html HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
            return (heard, BlockingClient.receive(fd))
        }
        #expect(late.hasSuffix("event: build\ndata: 1\n\n"), "\(late)")
        #expect(served.contains("const v=\"1\""))
        server.publish(failure: "Templates/page.html:1:7: error: unclosed")
        let failure = try await BlockingClient.onOwnThread {
            BlockingClient.receive(staying) { $0.contains("event: failure\n") && $0.hasSuffix("\n\n") }
        }
        #expect(failure.contains("event: failure\ndata: Templates/page.html:1:7: error: unclosed\n\n"))
    }

    @Test func waitingForHangUpDiscardsWhatArrivesAndEndsAtEndOfFile() async throws {
        var fds: [Int32] = [-1, -1]
        try #require(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &fds) == 0)
        _ = fcntl(fds[0], F_SETFL, fcntl(fds[0], F_GETFL) | O_NONBLOCK)
        let socket = ConnectionSocket(descriptor: fds[0])
        let peer = fds[1]
        let waiting = Task { try await socket.waitForHangUp() }
        _ = write(peer, "stray bytes", 11)
        close(peer)
        // Returns (rather than waiting on for an hour) once the peer is gone.
        try await waiting.value
        var byte: UInt8 = 0
        #expect(recv(fds[0], &byte, 1, 0) == 0)
    }
}
