#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A failed POSIX call: which call, and the `errno` it left.
public struct SocketError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The C function that failed, e.g. `bind`.
    public var call: String
    /// The `errno` value.
    public var code: Int32

    /// Whether the failure means the address is taken by another process.
    public var isAddressInUse: Bool { code == EADDRINUSE }

    public var description: String {
        "\(call): \(String(cString: strerror(code)))"
    }
}

/// Wraps a POSIX call: retries on `EINTR`, turns `-1` into a `SocketError` naming the call.
/// `EAGAIN`/`EWOULDBLOCK` are returned as nil so that callers can wait and retry.
@discardableResult
func systemCall<T: FixedWidthInteger>(_ name: String, _ body: () -> T) throws(SocketError) -> T? {
    while true {
        let result = body()
        if result != -1 { return result }
        let code = errno
        if code == EINTR { continue }
        if code == EAGAIN || code == EWOULDBLOCK { return nil }
        throw SocketError(call: name, code: code)
    }
}
