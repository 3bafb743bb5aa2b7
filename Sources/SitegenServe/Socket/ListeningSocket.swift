#if canImport(Glibc)
    import Glibc
#endif

/// A non-blocking TCP socket listening on an IPv4 or IPv6 address. Closed by `close()`, once.
final class ListeningSocket: @unchecked Sendable {
    let descriptor: Int32
    /// The port actually bound (the kernel's choice for port 0).
    let port: Int

    /// Binds `host:port` (an IPv4 dotted quad, or an IPv6 address, bare or in brackets) and listens.
    /// An IPv6 socket takes IPv6 only, so that `::1` never answers for `127.0.0.1`.
    init(host: String, port: Int, backlog: Int32 = 128) throws(SocketError) {
        guard let address = SocketAddress(host: host, port: port) else { throw SocketError(call: "inet_pton", code: EINVAL) }
        let type = Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue)
        guard let fd = try systemCall("socket", { socket(address.family, type, 0) }) else {
            throw SocketError(call: "socket", code: EAGAIN)
        }
        do {
            var yes: Int32 = 1
            try systemCall("setsockopt") { setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size)) }
            if address.family == AF_INET6 {
                try systemCall("setsockopt") {
                    setsockopt(fd, Int32(IPPROTO_IPV6), IPV6_V6ONLY, &yes, socklen_t(MemoryLayout<Int32>.size))
                }
            }
            try address.withSockaddr { raw, length throws(SocketError) in
                _ = try systemCall("bind") { bind(fd, raw, length) }
            }
            try systemCall("listen") { listen(fd, backlog) }
            self.port = try SocketAddress.boundPort(of: fd)
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
