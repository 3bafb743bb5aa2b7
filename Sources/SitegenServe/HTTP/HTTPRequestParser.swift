/// An incremental parser of HTTP/1.x request heads: feed bytes as they arrive, take requests as
/// they complete. Bytes after a head stay buffered, so pipelined requests parse one after another.
public struct HTTPRequestParser: Sendable {
    /// What `next()` found.
    public enum Outcome: Sendable, Equatable {
        /// A complete head (its bytes are consumed).
        case request(HTTPRequest)
        /// More bytes are needed.
        case needMore
        /// The head is malformed or too large: answer `status` and close.
        case failure(HTTPParseError)
    }

    /// Largest request head accepted (request line and headers), in bytes.
    public var maximumHeadSize: Int
    /// Most header fields accepted.
    public var maximumHeaderCount: Int
    private var buffer: [UInt8] = []

    /// A parser with the given limits (defaults: 16 KiB, 100 fields).
    public init(maximumHeadSize: Int = 16 * 1024, maximumHeaderCount: Int = 100) {
        self.maximumHeadSize = maximumHeadSize
        self.maximumHeaderCount = maximumHeaderCount
    }

    /// Bytes received and not yet consumed.
    public var bufferedCount: Int { buffer.count }

    /// Adds received bytes.
    public mutating func append(_ bytes: some Sequence<UInt8>) { buffer.append(contentsOf: bytes) }

    /// Parses the next complete head from the buffer.
    public mutating func next() -> Outcome {
        // Empty lines before a request line are ignored (RFC 9112 §2.2).
        let start = buffer.firstIndex { $0 != 13 && $0 != 10 } ?? buffer.count
        if start > 0 { buffer.removeFirst(start) }
        // A refused `HEAD` is answered without a body, whatever else its head holds.
        let isHead = buffer.starts(with: Array("HEAD ".utf8))
        func refused(_ error: HTTPParseError) -> Outcome {
            var error = error
            error.isHead = isHead
            return .failure(error)
        }
        guard let end = Self.endOfHead(buffer) else {
            return buffer.count > maximumHeadSize ? refused(Self.tooLarge) : .needMore
        }
        guard end.head <= maximumHeadSize else { return refused(Self.tooLarge) }
        let head = buffer[..<end.head]
        buffer.removeFirst(end.next)
        let outcome = parse(head)
        if case .failure(let error) = outcome { return refused(error) }
        return outcome
    }

    private static let tooLarge = HTTPParseError(status: 431, message: "the request head is too large")

    /// Where the head ends (before the blank line) and where the next request starts.
    private static func endOfHead(_ bytes: [UInt8]) -> (head: Int, next: Int)? {
        var index = 0
        while let newline = bytes[index...].firstIndex(of: 10) {
            let after = newline + 1
            if after < bytes.count, bytes[after] == 10 { return (newline, after + 1) }
            if after + 1 < bytes.count, bytes[after] == 13, bytes[after + 1] == 10 { return (newline, after + 2) }
            index = after
        }
        return nil
    }

    /// The path and query of an absolute-form target (`http://127.0.0.1:8000/a.html` → `/a.html`),
    /// which RFC 9112 asks servers to accept; any other target as it is.
    static func originForm(_ target: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        guard let authority = authority(ofAbsoluteForm: target) else { return target }
        let rest = target[authority.endIndex...]
        guard let first = rest.first else { return Array("/".utf8)[...] }
        return first == 47 ? rest : Array("/".utf8)[...] + rest
    }

    /// The authority of an absolute-form target (`x:8080` of `http://x:8080/a`), nil for another form.
    static func authority(ofAbsoluteForm target: ArraySlice<UInt8>) -> ArraySlice<UInt8>? {
        let scheme = Array("http://".utf8)
        guard target.count >= scheme.count, zip(target, scheme).allSatisfy({ $0 | 0x20 == $1 | 0x20 || $0 == $1 }) else {
            return nil
        }
        let rest = target.dropFirst(scheme.count)
        return rest.prefix { $0 != 47 && $0 != 63 }
    }

    private func parse(_ head: ArraySlice<UInt8>) -> Outcome {
        var lines = head.split(separator: 10, omittingEmptySubsequences: false).map { line in
            line.last == 13 ? line.dropLast() : line
        }
        guard !lines.isEmpty else { return .failure(.bad("empty request")) }
        let requestLine = lines.removeFirst()
        guard lines.count <= maximumHeaderCount else { return .failure(Self.tooLarge) }
        let parts = requestLine.split(separator: 32, omittingEmptySubsequences: false)
        guard parts.count == 3, let method = Self.token(parts[0]) else {
            return .failure(.bad("malformed request line"))
        }
        let target = parts[1]
        // No `#`: a fragment never goes on the wire (RFC 9112 §3.2's request-target has none).
        guard !target.isEmpty, target.allSatisfy({ $0 > 32 && $0 < 127 && $0 != UInt8(ascii: "#") }) else {
            return .failure(.bad("malformed request target"))
        }
        // An absolute-form target's authority is checked as a `Host` is (RFC 9112 §3.2.2: it wins over it).
        // Nor may it be empty (`http:///a.html`): RFC 9110 §4.2.1 rejects an http URI without a host.
        if let authority = Self.authority(ofAbsoluteForm: target),
            Self.split(Array(authority)).host.isEmpty || !Self.isValidHost(Array(authority))
        {
            return .failure(.bad("malformed request target"))
        }
        let version = Array(parts[2])
        guard version.count == 8, version.starts(with: Array("HTTP/".utf8)), version[6] == 46,
            (48...57).contains(version[5]), (48...57).contains(version[7])
        else { return .failure(.bad("malformed HTTP version")) }
        guard version[5] == 49 else { return .failure(HTTPParseError(status: 505, message: "only HTTP/1.x is served")) }
        let minor = Int(version[7] - 48)
        var headers: [(name: String, value: String)] = []
        for line in lines {
            guard let colon = line.firstIndex(of: 58), let name = Self.token(line[..<colon]) else {
                return .failure(.bad("malformed header field"))
            }
            var value = line[(colon + 1)...]
            while let first = value.first, first == 32 || first == 9 { value = value.dropFirst() }
            while let last = value.last, last == 32 || last == 9 { value = value.dropLast() }
            guard value.allSatisfy({ $0 == 9 || $0 >= 32 && $0 != 127 }) else {
                return .failure(.bad("control character in header '\(name)'"))
            }
            headers.append((name, String(decoding: value, as: UTF8.self)))
        }
        let request = HTTPRequest(
            method: method, target: String(decoding: Self.originForm(target), as: UTF8.self), minorVersion: minor,
            headers: headers)
        let hosts = request.values(of: "Host").count
        if minor >= 1 && hosts != 1 || hosts > 1 { return .failure(.bad("an HTTP/1.1 request needs exactly one Host header")) }
        if let host = request.header("Host"), !Self.isValidHost(Array(host.utf8)) {
            return .failure(.bad("malformed Host header"))  // RFC 9112 §3.2
        }
        // An http URI without a host is invalid (RFC 9110 §4.2.1), `Host:` empty as `http:///a` is.
        if let host = request.header("Host"), Self.split(Array(host.utf8)).host.isEmpty {
            return .failure(.bad("empty Host header"))
        }
        // A body whose last coding is not chunked has no end to find (RFC 9112 §6.3): refused, an
        // empty field too.
        let transfer = request.values(of: "Transfer-Encoding")
        if !transfer.isEmpty,
            transfer.flatMap({ $0.split(separator: ",") }).last?.trimmingCharacters(in: .whitespaces).lowercased() != "chunked"
        {
            return .failure(.bad("a Transfer-Encoding whose last coding is not chunked"))
        }
        // Two lengths that differ leave the message's end unknown (RFC 9112 §6.3): refused.
        let lengths = request.values(of: "Content-Length")
        if let length = lengths.first,
            Int(length) == nil || length.hasPrefix("+") || length.hasPrefix("-") || lengths.contains(where: { $0 != length })
        {
            return .failure(.bad("malformed Content-Length"))
        }
        return .request(request)
    }

    /// The host of a `host[:port]` value, without its port (`:8080` has none), and the port's
    /// digits when a colon gives one (a colon inside `[IPv6]` does not).
    private static func split(_ bytes: [UInt8]) -> (host: ArraySlice<UInt8>, port: ArraySlice<UInt8>?) {
        if let colon = bytes.lastIndex(of: 58), !bytes.contains(93) || colon > bytes.lastIndex(of: 93)! {
            return (bytes[..<colon], bytes[(colon + 1)...])
        }
        return (bytes[...], nil)
    }

    /// Whether a `Host` value is `host[:port]` as RFC 3986 allows it: a name or an IPv4 address made of
    /// unreserved, sub-delim and `%` characters, or an `[IPv6]` literal; an empty value is allowed.
    private static func isValidHost(_ bytes: [UInt8]) -> Bool {
        let (host, port) = split(bytes)
        if let port {
            guard port.allSatisfy({ (48...57).contains($0) }) else { return false }
            // A port is at most 65535 (`x:99999` names no port).
            if !port.isEmpty, (Int(String(decoding: port, as: UTF8.self)) ?? .max) > 65535 { return false }
        }
        if host.first == 91 {  // [IPv6]
            guard host.last == 93 else { return false }
            return host.dropFirst().dropLast().allSatisfy { (48...58).contains($0) || (65...70).contains($0 & ~0x20) || $0 == 46 }
        }
        let allowed = Array("-._~!$&'()*+,;=%".utf8)
        return host.allSatisfy {
            (48...57).contains($0) || (65...90).contains($0) || (97...122).contains($0) || allowed.contains($0)
        }
    }

    /// The bytes as a string when they form an RFC 9110 token (method, field name).
    private static func token(_ bytes: ArraySlice<UInt8>) -> String? {
        guard !bytes.isEmpty, bytes.allSatisfy(isTokenByte) else { return nil }
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func isTokenByte(_ byte: UInt8) -> Bool {
        switch byte {
        case 48...57, 65...90, 97...122: true
        case 33, 35, 36, 37, 38, 39, 42, 43, 45, 46, 94, 95, 96, 124, 126: true
        default: false
        }
    }
}
