#if canImport(Glibc)
    import Glibc
#endif

/// An IPv4 or IPv6 address and port, as `bind` takes it.
struct SocketAddress {
    private var storage = sockaddr_storage()
    let family: Int32

    /// `host` as an IPv4 dotted quad or an IPv6 address (bare or in brackets); nil for anything else.
    init?(host: String, port: Int) {
        let portBytes = in_port_t(UInt16(clamping: port)).bigEndian
        var v4 = sockaddr_in()
        if inet_pton(AF_INET, host, &v4.sin_addr) == 1 {
            v4.sin_family = sa_family_t(AF_INET)
            v4.sin_port = portBytes
            family = AF_INET
            withUnsafeMutableBytes(of: &storage) { $0.storeBytes(of: v4, as: sockaddr_in.self) }
            return
        }
        var v6 = sockaddr_in6()
        guard inet_pton(AF_INET6, Self.withoutBrackets(host), &v6.sin6_addr) == 1 else { return nil }
        v6.sin6_family = sa_family_t(AF_INET6)
        v6.sin6_port = portBytes
        family = AF_INET6
        withUnsafeMutableBytes(of: &storage) { $0.storeBytes(of: v6, as: sockaddr_in6.self) }
    }

    /// `host` without the brackets a URL puts around an IPv6 address (`[::1]` is `::1`).
    static func withoutBrackets(_ host: String) -> String {
        host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
    }

    /// Calls `body` with the address as a `sockaddr` and its length.
    func withSockaddr<T>(
        _ body: (UnsafePointer<sockaddr>, socklen_t) throws(SocketError) -> T
    ) throws(SocketError) -> T {
        let length = socklen_t(family == AF_INET ? MemoryLayout<sockaddr_in>.size : MemoryLayout<sockaddr_in6>.size)
        var copy = storage
        return try withUnsafePointer(to: &copy) { pointer throws(SocketError) in
            try pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { raw throws(SocketError) in try body(raw, length) }
        }
    }

    /// The port socket `fd` is bound to (the kernel's choice after binding port 0), either family.
    static func boundPort(of fd: Int32) throws(SocketError) -> Int {
        var bound = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        try withUnsafeMutablePointer(to: &bound) { pointer throws(SocketError) in
            try pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { raw throws(SocketError) in
                _ = try systemCall("getsockname") { getsockname(fd, raw, &length) }
            }
        }
        return withUnsafeBytes(of: &bound) { bytes in
            Int(
                bytes.load(as: sa_family_t.self) == sa_family_t(AF_INET6)
                    ? UInt16(bigEndian: bytes.load(as: sockaddr_in6.self).sin6_port)
                    : UInt16(bigEndian: bytes.load(as: sockaddr_in.self).sin_port))
        }
    }
}
