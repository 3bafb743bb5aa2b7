import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension SchemeResolver {
    /// Largest `.data` chunk of a reply.
    public static let chunkSize = 64 * 1024

    /// The `URLSchemeHandler`-shaped reply: `.response(HTTPURLResponse)` (200, 206, 404 or 416),
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

    /// `reply(for:)` with a chunk size and an observer of body reads, for tests.
    func reply(
        for request: URLRequest, chunkSize: Int, observer: (@Sendable (ReplyBodyEvent) -> Void)?
    ) -> AsyncThrowingStream<SchemeReply, Error> {
        let producer = ReplyProducer(resolver: self, request: request, chunkSize: chunkSize, observer: observer)
        return AsyncThrowingStream { try await producer.next() }
    }
}

/// What a reply body did, reported to a test observer.
enum ReplyBodyEvent: Sendable, Equatable {
    case chunkRead(Int)
    case closed
}

/// The state of one reply stream: response first, then the body.
private final class ReplyProducer: @unchecked Sendable {
    private let lock = NSLock()
    private let resolver: SchemeResolver
    private let request: URLRequest
    private let chunkSize: Int
    private let observer: (@Sendable (ReplyBodyEvent) -> Void)?
    private var started = false
    private var body: ReplyPlan.Body = .none
    private var handle: FileHandle?
    private var remaining = 0

    init(resolver: SchemeResolver, request: URLRequest, chunkSize: Int, observer: (@Sendable (ReplyBodyEvent) -> Void)?) {
        self.resolver = resolver
        self.request = request
        self.chunkSize = max(1, chunkSize)
        self.observer = observer
    }

    deinit { closeLocked() }

    func next() async throws -> SchemeReply? {
        try lock.withLock { () throws -> SchemeReply? in
            if !started { return try start() }
            if Task.isCancelled {
                closeLocked()
                body = .none
                return nil
            }
            switch body {
            case .none: return nil
            case .bytes(let data):
                body = .none
                return .data(data)
            case .file: return try readChunk()
            }
        }
    }

    private func start() throws -> SchemeReply {
        started = true
        let plan = try resolver.plan(for: request)
        guard let url = request.url,
            let response = HTTPURLResponse(url: url, statusCode: plan.status, httpVersion: "HTTP/1.1", headerFields: plan.headers)
        else { throw ReplyError(message: "cannot create the HTTP response") }
        body = plan.body
        if case .file(let fileURL, let range) = plan.body {
            if range.isEmpty {
                body = .none
            } else {
                do {
                    let handle = try FileHandle(forReadingFrom: fileURL)
                    try handle.seek(toOffset: UInt64(range.lowerBound))
                    self.handle = handle
                    remaining = range.count
                } catch {
                    // The file vanished between resolution and reading: the response promised a
                    // length it cannot deliver, so this is a real failure.
                    body = .bytes(Data())
                    throw ReplyError(message: "cannot open \(fileURL.lastPathComponent): \(error.fileErrorReason)")
                }
            }
        }
        return .response(response)
    }

    private func readChunk() throws -> SchemeReply? {
        guard let handle, remaining > 0 else {
            closeLocked()
            body = .none
            return nil
        }
        let data = try handle.read(upToCount: min(chunkSize, remaining)) ?? Data()
        observer?(.chunkRead(data.count))
        guard !data.isEmpty else {
            closeLocked()
            throw ReplyError(message: "file ended \(remaining) bytes early")
        }
        remaining -= data.count
        if remaining == 0 {
            closeLocked()
            body = .none
        }
        return .data(data)
    }

    private func closeLocked() {
        guard let handle else { return }
        try? handle.close()
        self.handle = nil
        observer?(.closed)
    }
}
