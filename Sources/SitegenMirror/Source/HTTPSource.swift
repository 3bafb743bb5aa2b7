import Foundation

/// A site served over HTTP on loopback, fetched with `LoopbackHTTPClient`, each request on a
/// thread of its own so that no cooperative thread blocks. Redirects are not followed here but
/// handed to `Mirror`, which keeps them within the origin; each response is capped at `maxBytes`
/// and each silence of the server at `timeout`.
public struct HTTPSource: MirrorSource {
    /// The site root, e.g. `http://127.0.0.1:8000/` or `http://[::1]:8000/`.
    public let root: URL
    private let timeout: TimeInterval
    private let maxBytes: Int

    /// Fails unless `root` is an `http://` URL on a loopback host (`127.0.0.1`, `::1`, `localhost`).
    public init(root: URL, timeout: TimeInterval = 10, maxBytes: Int = 64 << 20) throws(SourceError) {
        guard root.scheme?.lowercased() == "http", let host = root.host?.lowercased(),
            ["127.0.0.1", "::1", "[::1]", "localhost"].contains(host)
        else { throw SourceError("only http:// URLs on loopback (127.0.0.1, ::1, localhost) can be mirrored") }
        self.root = root
        self.timeout = timeout
        self.maxBytes = maxBytes
    }

    public func fetch(_ url: URL) async throws(SourceError) -> SourceResponse {
        guard let host = url.host else { throw SourceError("no host in '\(url.absoluteString)'") }
        let port = url.port ?? 80
        let path = url.path(percentEncoded: true)
        let target = (path.isEmpty ? "/" : path) + (url.query(percentEncoded: true).map { "?" + $0 } ?? "")
        let (timeout, maxBytes) = (self.timeout, self.maxBytes)
        let result: Result<HTTPResponse, SourceError> = await withCheckedContinuation { continuation in
            Thread {
                continuation.resume(
                    returning: Result { () throws(SourceError) in
                        try LoopbackHTTPClient.get(host: host, port: port, target: target, timeout: timeout, maxBytes: maxBytes)
                    })
            }.start()
        }
        let response = try result.get()
        let status = response.status
        if [301, 302, 303, 307, 308].contains(status) {
            guard let location = response.header("location") else { throw SourceError("HTTP \(status) without Location") }
            return .redirect(status: status, location: location)
        }
        guard (200..<300).contains(status) else { throw SourceError("HTTP \(status)") }
        let type = ContentType(header: response.header("content-type"))
        return .resource(mimeType: type.mimeType, body: Data(response.body), charset: type.charset)
    }
}
