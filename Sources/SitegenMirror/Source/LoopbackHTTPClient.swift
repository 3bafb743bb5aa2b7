import Foundation
import SitegenCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// One HTTP/1.1 GET over a new TCP connection to a loopback address, on POSIX sockets. The calls
/// block (each wait is a `poll` bounded by the timeout, which thus bounds every silence of the
/// server rather than the whole transfer), so `HTTPSource` runs it on a thread of its own.
///
/// Not `URLSession`: on Linux it refuses every IPv6 literal (`http://[::1]:8000/`) with
/// `NSURLErrorBadURL` before connecting (swift-corelibs-foundation#5496, Swift 6.3).
enum LoopbackHTTPClient {
    /// Fetches `target` (`/guide/?v=2`, percent-encoded) from `host` (`127.0.0.1`, `::1` or
    /// `localhost`) and `port`; tries each loopback address the host resolves to.
    static func get(
        host: String, port: Int, target: String, timeout: TimeInterval, maxBytes: Int
    ) throws(SourceError) -> HTTPResponse {
        let bare = host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
        let hostHeader = (bare.contains(":") ? "[\(bare)]" : bare) + (port == 80 ? "" : ":\(port)")
        let request = Array(
            ("GET \(target) HTTP/1.1\r\nHost: \(hostHeader)\r\nUser-Agent: sitegen/\(SitegenVersion.number)\r\n"
                + "Accept: */*\r\nAccept-Encoding: identity\r\nConnection: close\r\n\r\n").utf8)
        // Clamped before the conversion: a timeout of 1e300 seconds must not trap.
        let milliseconds = Int32(clamping: Int(min(max(0.001, timeout), 1e9) * 1000))
        var lastFailure = SourceError("'\(bare)' has no loopback address")
        for address in try loopbackAddresses(bare, port: port) {
            let socket: Int32
            do {
                socket = try openConnection(address, milliseconds: milliseconds)
            } catch {
                lastFailure = error
                continue
            }
            defer { close(socket) }
            try sendAll(request, on: socket, milliseconds: milliseconds)
            return try receiveResponse(from: socket, milliseconds: milliseconds, maxBytes: maxBytes)
        }
        throw lastFailure
    }

    private struct Address {
        var storage: sockaddr_storage
        var length: socklen_t
        var family: Int32
    }

    /// The addresses of `host` that are loopback ones (`127.0.0.0/8`, `::1`): a `localhost` that
    /// resolves elsewhere is not followed.
    private static func loopbackAddresses(_ host: String, port: Int) throws(SourceError) -> [Address] {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = streamType
        hints.ai_flags = AI_NUMERICSERV
        var list: UnsafeMutablePointer<addrinfo>?
        let status = getaddrinfo(host, String(port), &hints, &list)
        guard status == 0 else { throw SourceError("cannot resolve '\(host)': \(String(cString: gai_strerror(status)))") }
        defer { freeaddrinfo(list) }
        var addresses: [Address] = []
        var next = list
        while let info = next?.pointee {
            next = info.ai_next
            guard let pointer = info.ai_addr, isLoopback(pointer, family: info.ai_family) else { continue }
            var storage = sockaddr_storage()
            withUnsafeMutableBytes(of: &storage) { raw in
                raw.copyMemory(from: UnsafeRawBufferPointer(start: pointer, count: Int(info.ai_addrlen)))
            }
            addresses.append(Address(storage: storage, length: info.ai_addrlen, family: info.ai_family))
        }
        return addresses
    }

    private static func isLoopback(_ address: UnsafePointer<sockaddr>, family: Int32) -> Bool {
        switch family {
        case AF_INET:
            return address.withMemoryRebound(to: sockaddr_in.self, capacity: 1) {
                UInt32(bigEndian: $0.pointee.sin_addr.s_addr) >> 24 == 127
            }
        case AF_INET6:
            return address.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) {
                withUnsafeBytes(of: $0.pointee.sin6_addr) { bytes in bytes.prefix(15).allSatisfy { $0 == 0 } && bytes[15] == 1 }
            }
        default:
            return false
        }
    }

    private static func openConnection(_ address: Address, milliseconds: Int32) throws(SourceError) -> Int32 {
        let descriptor = socket(address.family, streamType, 0)
        guard descriptor >= 0 else { throw failure("socket", errno) }
        _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
        var storage = address.storage
        let result = withUnsafePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, address.length) }
        }
        if result != 0 {
            let code = errno
            guard code == EINPROGRESS || code == EINTR else {
                close(descriptor)
                throw failure("connect", code)
            }
            do {
                try wait(descriptor, for: Int16(POLLOUT), milliseconds: milliseconds, doing: "connecting")
            } catch {
                close(descriptor)
                throw error
            }
            var pending: Int32 = 0
            var length = socklen_t(MemoryLayout<Int32>.size)
            getsockopt(descriptor, SOL_SOCKET, SO_ERROR, &pending, &length)
            if pending != 0 {
                close(descriptor)
                throw failure("connect", pending)
            }
        }
        return descriptor
    }

    private static func sendAll(_ bytes: [UInt8], on socket: Int32, milliseconds: Int32) throws(SourceError) {
        var sent = 0
        while sent < bytes.count {
            let count = bytes[sent...].withUnsafeBytes { send(socket, $0.baseAddress, $0.count, noSignal) }
            if count > 0 {
                sent += count
                continue
            }
            let code = errno
            guard code == EAGAIN || code == EWOULDBLOCK || code == EINTR else { throw failure("send", code) }
            try wait(socket, for: Int16(POLLOUT), milliseconds: milliseconds, doing: "sending the request")
        }
    }

    private static func receiveResponse(from socket: Int32, milliseconds: Int32, maxBytes: Int) throws(SourceError)
        -> HTTPResponse
    {
        var reader = HTTPResponseReader(maxBodyBytes: maxBytes)
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = buffer.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
            if count > 0 {
                if let response = try reader.append(buffer[0..<count]) { return response }
            } else if count == 0 {
                return try reader.end()
            } else {
                let code = errno
                guard code == EAGAIN || code == EWOULDBLOCK || code == EINTR else { throw failure("recv", code) }
                try wait(socket, for: Int16(POLLIN), milliseconds: milliseconds, doing: "waiting for the response")
            }
        }
    }

    private static func wait(_ socket: Int32, for events: Int16, milliseconds: Int32, doing: String) throws(SourceError) {
        var descriptor = pollfd(fd: socket, events: events, revents: 0)
        while true {
            let ready = poll(&descriptor, 1, milliseconds)
            if ready > 0 { return }
            if ready == 0 { throw SourceError("timed out after \(seconds(milliseconds)) \(doing)") }
            let code = errno
            if code != EINTR { throw failure("poll", code) }
        }
    }

    private static func seconds(_ milliseconds: Int32) -> String {
        milliseconds % 1000 == 0 ? "\(milliseconds / 1000) s" : "\(Double(milliseconds) / 1000) s"
    }

    /// A failed call in words: the common cases plainly, others with the call and `strerror`.
    private static func failure(_ call: String, _ code: Int32) -> SourceError {
        switch code {
        case ECONNREFUSED: SourceError("connection refused (is the server running?)")
        case ECONNRESET, EPIPE: SourceError("the server reset the connection")
        case ETIMEDOUT: SourceError("timed out")
        default: SourceError("\(call) failed: \(String(cString: strerror(code)))")
        }
    }

    #if canImport(Glibc)
        private static let streamType = Int32(SOCK_STREAM.rawValue)
        private static let noSignal = Int32(MSG_NOSIGNAL)
    #else
        private static let streamType = SOCK_STREAM
        private static let noSignal: Int32 = 0
    #endif
}
