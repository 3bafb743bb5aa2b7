#if canImport(Glibc)
    import Glibc
#endif

/// A non-blocking TCP socket listening on an IPv4 address. Closed by `close()`, once.
final class ListeningSocket: @unchecked Sendable {
    let descriptor: Int32
    /// The port actually bound (the kernel's choice for port 0).
    let port: Int

    /// Binds `host:port` (IPv4 dotted quad) and listens.
    init(host: String, port: Int, backlog: Int32 = 128) throws(SocketError) {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(clamping: port)).bigEndian
        guard inet_pton(AF_INET, host, &address.sin_addr) == 1 else { throw SocketError(call: "inet_pton", code: EINVAL) }
        let type = Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue)
        guard let fd = try systemCall("socket", { socket(AF_INET, type, 0) }) else {
            throw SocketError(call: "socket", code: EAGAIN)
        }
        do {
            var yes: Int32 = 1
            try systemCall("setsockopt") { setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size)) }
            try withUnsafePointer(to: &address) { pointer throws(SocketError) in
                try pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { raw throws(SocketError) in
                    _ = try systemCall("bind") { bind(fd, raw, socklen_t(MemoryLayout<sockaddr_in>.size)) }
                }
            }
            try systemCall("listen") { listen(fd, backlog) }
            var bound = sockaddr_in()
            var length = socklen_t(MemoryLayout<sockaddr_in>.size)
            try withUnsafeMutablePointer(to: &bound) { pointer throws(SocketError) in
                try pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { raw throws(SocketError) in
                    _ = try systemCall("getsockname") { getsockname(fd, raw, &length) }
                }
            }
            self.port = Int(UInt16(bigEndian: bound.sin_port))
        } catch {
            Glibc.close(fd)
            throw error
        }
        descriptor = fd
    }

    /// Accepts one pending connection, or returns nil when none is waiting.
    func accept() throws(SocketError) -> ConnectionSocket? {
        guard let fd = try systemCall("accept", { Glibc.accept(descriptor, nil, nil) }) else { return nil }
        let connection = ConnectionSocket(descriptor: fd)
        let flags = try systemCall("fcntl") { fcntl(fd, F_GETFL) } ?? 0
        try systemCall("fcntl") { fcntl(fd, F_SETFL, flags | O_NONBLOCK) }
        try systemCall("fcntl") { fcntl(fd, F_SETFD, FD_CLOEXEC) }
        // A reply is written as its head, then its body: with Nagle's algorithm the body would wait
        // for the peer's delayed acknowledgement of the head, 40 ms on every kept-alive request.
        var yes: Int32 = 1
        try systemCall("setsockopt") {
            setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &yes, socklen_t(MemoryLayout<Int32>.size))
        }
        return connection
    }

    func close() { Glibc.close(descriptor) }
}
