import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Blocking loopback clients for server tests. They block in `recv`, so call them through
/// `onOwnThread`, never on a cooperative thread the server's tasks need.
enum BlockingClient {
    /// The request that opens the live-reload event stream.
    static let eventsRequest = "GET /_sitegen/events HTTP/1.1\r\nHost: x\r\n\r\n"
    /// The comment that opens every event stream.
    static let hello = ": sitegen live reload\n\n"

    /// A socket connected to 127.0.0.1:`port` whose receive timeout is `seconds`, far longer than
    /// anything the tests wait for: reaching it means the server never answered.
    static func connect(_ port: Int, seconds: Int = 60) throws -> Int32 {
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

    static func send(_ fd: Int32, _ text: String) {
        _ = text.withCString { Glibc.send(fd, $0, strlen($0), Int32(MSG_NOSIGNAL)) }
    }

    /// What arrives until `until` holds for it, the peer closes, or the receive timeout passes.
    static func receive(_ fd: Int32, until: (String) -> Bool = { _ in false }) -> String {
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while !until(String(decoding: bytes, as: UTF8.self)) {
            let count = recv(fd, &buffer, buffer.count, 0)
            if count <= 0 { break }
            bytes += buffer[0..<count]
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Runs `body` on a thread of its own and returns what it returns.
    static func onOwnThread<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            Thread.detachNewThread { continuation.resume(with: Result { try body() }) }
        }
    }
}
