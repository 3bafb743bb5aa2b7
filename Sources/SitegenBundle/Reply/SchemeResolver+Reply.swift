import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension SchemeResolver {
    /// Largest `.data` chunk of a reply.
    public static let chunkSize = ReplyReader.chunkSize

    /// The `URLSchemeHandler`-shaped reply: `.response(HTTPURLResponse)` (200, 206, 304, 404, 405, 412 or 416),
    /// then the body in `.data` chunks of at most 64 KiB read from the file on demand.
    ///
    /// The stream is pull-based: a chunk is read only when the consumer asks for the next element,
    /// so a consumer that stops iterating stops the reading; cancellation of the consuming task is
    /// checked before every chunk and ends the stream (not an error). The file is closed when the
    /// body is done, on cancellation, or when the stream is dropped. The stream throws only when the
    /// request has no URL (`ResolutionFailure.missingURL`) or the file fails mid-read.
    public func reply(for request: URLRequest) -> AsyncThrowingStream<SchemeReply, Error> {
        reply(for: request, chunkSize: Self.chunkSize, observer: nil)
    }

    /// `ReplyPlan` for a `URLRequest`: its URL, method, `Range` and conditional headers.
    public func plan(for request: URLRequest) throws(ResolutionFailure) -> ReplyPlan {
        try plan(for: SchemeRequest(request))
    }

    /// `reply(for:)` with a chunk size and an observer of body reads, for tests.
    func reply(
        for request: URLRequest, chunkSize: Int, observer: (@Sendable (ReplyBodyEvent) -> Void)?
    ) -> AsyncThrowingStream<SchemeReply, Error> {
        let reader = ReplyReader(resolver: self, request: SchemeRequest(request), chunkSize: chunkSize, observer: observer)
        let url = request.url
        return AsyncThrowingStream {
            switch try await reader.next() {
            case nil: return nil
            case .data(let data)?: return .data(data)
            case .head(let status, let headers)?:
                guard let url,
                    let response = HTTPURLResponse(url: url, statusCode: status, httpVersion: "HTTP/1.1", headerFields: headers)
                else { throw ReplyError(message: "cannot create the HTTP response") }
                return .response(response)
            }
        }
    }
}

extension SchemeRequest {
    /// The URL, method, `Range` and conditional headers of `request`.
    public init(_ request: URLRequest) {
        self.init(url: request.url, method: request.httpMethod ?? "GET", range: request.value(forHTTPHeaderField: "Range"))
        ifMatch = request.value(forHTTPHeaderField: "If-Match")
        ifNoneMatch = request.value(forHTTPHeaderField: "If-None-Match")
        ifRange = request.value(forHTTPHeaderField: "If-Range")
    }
}
