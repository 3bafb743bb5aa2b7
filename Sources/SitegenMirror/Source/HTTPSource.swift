import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A site served over HTTP on loopback, fetched with `URLSession`. The only networking code of the
/// mirror. Redirects are not followed here (the delegate refuses them) so that `Mirror` can keep
/// them within the host; each response is capped at `maxBytes` and each request at `timeout`.
public final class HTTPSource: MirrorSource, @unchecked Sendable {
    public let root: URL
    private let session: URLSession
    private let collector: Collector
    private let timeout: TimeInterval

    /// Fails unless `root` is an `http://` URL on a loopback host (`127.0.0.1`, `::1`, `localhost`).
    public init(root: URL, timeout: TimeInterval = 10, maxBytes: Int = 64 << 20) throws(SourceError) {
        guard root.scheme?.lowercased() == "http", let host = root.host?.lowercased(),
            ["127.0.0.1", "::1", "[::1]", "localhost"].contains(host)
        else { throw SourceError("only http:// URLs on loopback (127.0.0.1, ::1, localhost) can be mirrored") }
        self.root = root
        self.timeout = timeout
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = timeout
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        collector = Collector(maxBytes: maxBytes)
        session = URLSession(configuration: configuration, delegate: collector, delegateQueue: nil)
    }

    deinit { session.invalidateAndCancel() }

    public func fetch(_ url: URL) async throws(SourceError) -> SourceResponse {
        var request = URLRequest(url: url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: timeout)
        request.httpMethod = "GET"
        let result: Result<(HTTPURLResponse, Data), SourceError> = await withCheckedContinuation { continuation in
            let task = session.dataTask(with: request)
            collector.register(task.taskIdentifier, continuation)
            task.resume()
        }
        let (response, body) = try result.get()
        let status = response.statusCode
        if [301, 302, 303, 307, 308].contains(status) {
            guard let location = response.value(forHTTPHeaderField: "Location") else {
                throw SourceError("HTTP \(status) without Location")
            }
            return .redirect(status: status, location: location)
        }
        guard (200..<300).contains(status) else { throw SourceError("HTTP \(status)") }
        let type = response.value(forHTTPHeaderField: "Content-Type") ?? "application/octet-stream"
        let mime = type.split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces).lowercased() } ?? ""
        return .resource(mimeType: mime, body: body)
    }

    /// Per-task buffers, filled on the session's delegate queue and handed back through a continuation.
    private final class Collector: NSObject, URLSessionDataDelegate, @unchecked Sendable {
        typealias Reply = CheckedContinuation<Result<(HTTPURLResponse, Data), SourceError>, Never>
        private let lock = NSLock()
        private var pending: [Int: (reply: Reply, data: Data, tooLarge: Bool)] = [:]
        private let maxBytes: Int

        init(maxBytes: Int) { self.maxBytes = maxBytes }

        func register(_ id: Int, _ reply: Reply) {
            lock.withLock { pending[id] = (reply, Data(), false) }
        }

        func urlSession(
            _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
            newRequest request: URLRequest, completionHandler: @escaping (URLRequest?) -> Void
        ) {
            completionHandler(nil)
        }

        func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
            let cancel = lock.withLock { () -> Bool in
                guard var entry = pending[dataTask.taskIdentifier] else { return false }
                entry.data.append(data)
                entry.tooLarge = entry.data.count > maxBytes
                pending[dataTask.taskIdentifier] = entry
                return entry.tooLarge
            }
            if cancel { dataTask.cancel() }
        }

        func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
            guard let entry = lock.withLock({ pending.removeValue(forKey: task.taskIdentifier) }) else { return }
            if entry.tooLarge {
                entry.reply.resume(returning: .failure(SourceError("larger than \(maxBytes) bytes")))
            } else if let response = task.response as? HTTPURLResponse, error == nil || (300..<400).contains(response.statusCode)
            {
                entry.reply.resume(returning: .success((response, entry.data)))
            } else {
                let reason = error.map { $0.localizedDescription } ?? "no HTTP response"
                entry.reply.resume(returning: .failure(SourceError(reason)))
            }
        }
    }
}
