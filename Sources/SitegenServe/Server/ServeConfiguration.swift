/// How a `PreviewServer` listens and guards itself.
public struct ServeConfiguration: Sendable {
    /// A loopback IPv4 address (`127.0.0.1`).
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

    /// Whether `host` is a loopback IPv4 address (`127.x.x.x`), the only kind a preview listens on.
    public static func isLoopback(_ host: String) -> Bool {
        let parts = host.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 4, parts[0] == "127" else { return false }
        return parts.allSatisfy { part in
            !part.isEmpty && part.count <= 3 && part.allSatisfy(\.isASCII) && part.allSatisfy(\.isNumber) && Int(part)! <= 255
        }
    }
}
