#if canImport(Glibc)
    import Glibc
#endif

/// How a `PreviewServer` listens and guards itself.
public struct ServeConfiguration: Sendable {
    /// A loopback address: IPv4 (`127.0.0.1`) or IPv6 (`::1`, also written `[::1]`).
    public var host: String
    /// The port; 0 lets the kernel pick a free one.
    public var port: Int
    /// Most connections served at once; further clients wait in the listen backlog.
    public var maximumConnections: Int
    /// How long a client may take to send one request head (bounds slow and half-open clients).
    public var headTimeout: Duration
    /// How long an idle keep-alive connection is kept open.
    public var idleTimeout: Duration
    /// Whether pages get the live-reload script and the event stream is served.
    public var liveReload: Bool

    /// A configuration; defaults: 256 connections, 10 s per head, 15 s idle.
    public init(
        host: String = "127.0.0.1", port: Int = 8000, maximumConnections: Int = 256,
        headTimeout: Duration = .seconds(10), idleTimeout: Duration = .seconds(15), liveReload: Bool = false
    ) {
        self.host = host
        self.port = port
        self.maximumConnections = maximumConnections
        self.headTimeout = headTimeout
        self.idleTimeout = idleTimeout
        self.liveReload = liveReload
    }

    /// Why the preview will not listen on `host`, as one line without `error: `; nil when it will
    /// (a loopback address: `127.x.x.x`, or `::1`). The name `localhost` is loopback too, and is
    /// refused as a name rather than as not loopback.
    public static func refusal(ofHost host: String) -> String? {
        if isLoopback(host) || isIPv6Loopback(host) { return nil }
        let parts = host.split(separator: ".", omittingEmptySubsequences: false)
        if parts.count == 4, parts[0] == "127",
            parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) })
        {
            return
                "--host '\(host)' is not an address the system takes: write each number without leading zeros, up to 255 (127.0.0.1)"
        }
        if host.lowercased() == "localhost" {
            return "--host '\(host)': give a loopback address, 127.0.0.1 or ::1, not a name"
        }
        return "--host '\(host)' is not a loopback address; the preview listens on 127.x.x.x or ::1 only"
    }

    /// The host as a URL writes it: an IPv6 address in brackets (`[::1]`).
    public var urlHost: String {
        guard Self.isIPv6Loopback(host) else { return host }
        return "[\(SocketAddress.withoutBrackets(host))]"
    }

    /// Whether `host` is the IPv6 loopback address (`::1`, `[::1]`, `0:0:0:0:0:0:0:1`).
    static func isIPv6Loopback(_ host: String) -> Bool {
        var address = in6_addr()
        guard inet_pton(AF_INET6, SocketAddress.withoutBrackets(host), &address) == 1 else { return false }
        return withUnsafeBytes(of: &address) { bytes in bytes.dropLast().allSatisfy { $0 == 0 } && bytes.last == 1 }
    }

    /// Whether `host` is a loopback IPv4 address (`127.x.x.x`) in the dotted form the socket takes:
    /// four decimal numbers, no leading zeros (`127.0.0.01` is refused here, not after a build).
    public static func isLoopback(_ host: String) -> Bool {
        var address = in_addr()
        guard inet_pton(AF_INET, host, &address) == 1 else { return false }
        let parts = host.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 4 && parts[0] == "127" && parts.allSatisfy { $0 == "0" || !$0.hasPrefix("0") }
    }
}

extension ServeConfiguration {
    /// Binds the address once and lets it go, so that a port in use is found before a site of
    /// thousands of pages is built for nothing. Port 0 (the kernel's choice) is always free.
    public func checkCanListen() throws(SocketError) {
        guard port != 0 else { return }
        try ListeningSocket(host: host, port: port).close()
    }
}
