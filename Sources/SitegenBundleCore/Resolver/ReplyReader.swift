import Foundation

/// One element of a reply read through `ReplyReader`: first exactly one `.head`, then zero or more
/// `.data` chunks.
public enum ReplyPart: Sendable {
    /// The status and header fields.
    case head(status: Int, headers: [String: String])
    /// A chunk of the body (at most `ReplyReader.chunkSize` bytes).
    case data(Data)
}

/// A reply stream could not produce its response.
public struct ReplyError: Error, Sendable, CustomStringConvertible {
    /// What went wrong.
    public var message: String
    public var description: String { message }

    /// An error saying `message`.
    public init(message: String) { self.message = message }
}

/// What a reply body did, reported to a test observer.
package enum ReplyBodyEvent: Sendable, Equatable {
    case chunkRead(Int)
    case closed
}

/// Reads one reply, part by part, on demand: the head, then the body in chunks read from the file
/// only when asked for. The transport-neutral core of `SchemeResolver.reply(for:)`, which turns the
/// head into an `HTTPURLResponse`; `sitegen resolve` prints the parts.
///
/// A task cancelled between parts ends the reply (not an error). The file is closed when the body is
/// done, on cancellation, or when the reader is dropped. A file that cannot be opened when its head
/// is due (removed since the bundle was read, unreadable, or protected on a locked device) is a 404,
/// so a head always comes first. `next()` throws only when the request has no URL
/// (`ResolutionFailure.missingURL`), before any head, or when the file fails mid-read, after its head.
public final class ReplyReader: @unchecked Sendable {
    /// Largest `.data` chunk of a reply.
    public static let chunkSize = 64 * 1024

    private let lock = NSLock()
    private let resolver: SchemeResolver
    private let request: SchemeRequest
    private let chunkSize: Int
    private let observer: (@Sendable (ReplyBodyEvent) -> Void)?
    private var started = false
    private var body: ReplyPlan.Body = .none
    private var handle: FileHandle?
    private var remaining = 0

    /// A reader of `resolver`'s reply to `request`; nothing is resolved or read before `next()`.
    public convenience init(resolver: SchemeResolver, request: SchemeRequest) {
        self.init(resolver: resolver, request: request, chunkSize: Self.chunkSize, observer: nil)
    }

    /// A reader with a chunk size and an observer of body reads, for tests.
    package init(
        resolver: SchemeResolver, request: SchemeRequest, chunkSize: Int, observer: (@Sendable (ReplyBodyEvent) -> Void)?
    ) {
        self.resolver = resolver
        self.request = request
        self.chunkSize = max(1, chunkSize)
        self.observer = observer
    }

    deinit { closeLocked() }

    /// The next part of the reply, nil once it is complete.
    public func next() async throws -> ReplyPart? {
        try lock.withLock { () throws -> ReplyPart? in
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

    private func start() throws -> ReplyPart {
        started = true
        var plan = try resolver.plan(for: request)
        if case .file(let fileURL, let range) = plan.body, !range.isEmpty {
            do {
                let handle = try FileHandle(forReadingFrom: fileURL)
                try handle.seek(toOffset: UInt64(range.lowerBound))
                self.handle = handle
                remaining = range.count
            } catch {
                // Opened before the head is sent: a WebKit task failed before any response crashes apps.
                plan = ReplyPlan.notFound(isHead: false)
            }
        }
        body = plan.body
        if case .file(_, let range) = body, range.isEmpty { body = .none }
        return .head(status: plan.status, headers: plan.headers)
    }

    private func readChunk() throws -> ReplyPart? {
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
