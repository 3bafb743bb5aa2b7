import Foundation
import Synchronization

/// A site served over HTTP on loopback, fetched with `LoopbackHTTPClient`, each request on a
/// thread of its own so that no cooperative thread blocks. Redirects are not followed here but
/// handed to `Mirror`, which keeps them within the origin; each response is capped at `maxBytes`
/// and each silence of the server at `timeout`.
public struct HTTPSource: MirrorSource {
    /// The site root, e.g. `http://127.0.0.1:8000/` or `http://[::1]:8000/`.
    public let root: URL
    private let timeout: TimeInterval
    private let maxBytes: Int

    /// Fails unless `root` is an `http://` URL on a loopback host (`127.0.0.1`, `::1`, `localhost`)
    /// with no port or a valid one (1 to 65535).
    public init(root: URL, timeout: TimeInterval = 10, maxBytes: Int = 64 << 20) throws(SourceError) {
        guard root.scheme?.lowercased() == "http", let host = root.host?.lowercased(),
            ["127.0.0.1", "::1", "[::1]", "localhost"].contains(host)
        else { throw SourceError("only http:// URLs on loopback (127.0.0.1, ::1, localhost) can be mirrored") }
        if let written = Self.writtenPort(of: root), root.port.map({ !(1...65535).contains($0) }) ?? true {
            throw SourceError("port \(written) is not valid: a port is a number from 1 to 65535")
        }
        self.root = root
        self.timeout = timeout
        self.maxBytes = maxBytes
    }

    /// The port as the URL writes it (`99999999999999999999` too, which `URL.port` cannot hold),
    /// or nil when it writes none.
    private static func writtenPort(of url: URL) -> String? {
        let text = url.absoluteString
        guard let start = text.range(of: "://")?.upperBound else { return nil }
        let authority = text[start...].prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        let hostEnd = authority.lastIndex(of: "]") ?? authority.startIndex
        guard let colon = authority[hostEnd...].lastIndex(of: ":") else { return nil }
        let port = authority[authority.index(after: colon)...]
        return port.isEmpty ? nil : String(port)
    }

    public func fetch(_ url: URL) async throws(SourceError) -> SourceResponse {
        guard let host = url.host else { throw SourceError("no host in '\(url.absoluteString)'") }
        let port = url.port ?? 80
        let path = url.path(percentEncoded: true)
        let target = (path.isEmpty ? "/" : path) + (url.query(percentEncoded: true).map { "?" + $0 } ?? "")
        let (timeout, maxBytes) = (self.timeout, self.maxBytes)
        // The request blocks a thread of its own; a cancelled task (the time limit) stops waiting for
        // it at once, and the thread ends within its timeout, its answer dropped.
        let answer = ResumeOnce<Result<HTTPResponse, SourceError>>()
        let result = await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                answer.wait(with: continuation)
                Thread {
                    answer.resume(
                        Result { () throws(SourceError) in
                            try LoopbackHTTPClient.get(
                                host: host, port: port, target: target, timeout: timeout, maxBytes: maxBytes)
                        })
                }.start()
            }
        } onCancel: {
            answer.resume(.failure(SourceError("not fetched: the time limit was reached")))
        }
        let response = try result.get()
        let status = response.status
        if [301, 302, 303, 307, 308].contains(status) {
            guard let location = response.header("location") else { throw SourceError("HTTP \(status) without Location") }
            return .redirect(status: status, location: location)
        }
        guard (200..<300).contains(status) else { throw SourceError("HTTP \(status)") }
        if let refusal = Self.refusal(contentEncoding: response.header("content-encoding")) { throw refusal }
        var type = ContentType(header: response.header("content-type"))
        // Sent without a type, a page is what a browser sniffs it to be.
        if (response.header("content-type") ?? "").trimmingASCIIWhitespace().isEmpty {
            type.mimeType = ContentType.sniffed(response.body)
        }
        return .resource(mimeType: type.mimeType, body: Data(response.body), charset: type.charset)
    }

    /// Why a body with this `Content-Encoding` is not mirrored: asked for `identity`, a server that
    /// compresses anyway would have the compressed bytes stored as if they were the file.
    static func refusal(contentEncoding: String?) -> SourceError? {
        guard let coding = contentEncoding?.trimmingCharacters(in: .whitespaces).lowercased(), !coding.isEmpty,
            coding != "identity"
        else { return nil }
        return SourceError("the server sent the body with Content-Encoding '\(coding)', which sitegen does not decode")
    }
}

/// A continuation resumed once, by whichever comes first: the answer, or a cancellation that may
/// come before the continuation is even there.
private final class ResumeOnce<Value: Sendable>: Sendable {
    private let state = Mutex<(continuation: CheckedContinuation<Value, Never>?, early: Value?, done: Bool)>((nil, nil, false))

    func wait(with continuation: CheckedContinuation<Value, Never>) {
        let early: Value? = state.withLock { state in
            if let value = state.early {
                state.done = true
                return value
            }
            state.continuation = continuation
            return nil
        }
        if let early { continuation.resume(returning: early) }
    }

    func resume(_ value: Value) {
        let continuation: CheckedContinuation<Value, Never>? = state.withLock { state in
            guard !state.done else { return nil }
            guard let continuation = state.continuation else {
                if state.early == nil { state.early = value }
                return nil
            }
            state.done = true
            return continuation
        }
        continuation?.resume(returning: value)
    }
}
