import Dispatch
import Synchronization

/// Suspends a task until a descriptor can be read or written, without holding a thread: libdispatch
/// watches the descriptor (epoll on Linux) and resumes the task. Before, the server slept and
/// retried with a backoff of up to 20 ms, so a request on an idle kept-alive connection waited
/// about 12 ms for nothing, and every idle connection woke the process 50 times a second.
enum DescriptorWait {
    enum Readiness: Sendable {
        case readable, writable
    }

    /// What ended a wait.
    enum Outcome: Sendable, Equatable {
        case ready, timedOut, cancelled
    }

    private static let queue = DispatchQueue(label: "sitegen.serve.descriptors")

    /// Waits until `descriptor` is `readiness` or `timeout` passes. Throws `CancellationError` when
    /// the task is cancelled. The descriptor must stay open until this returns; libdispatch is done
    /// with it by then (the task resumes from the source's cancel handler, as its documentation
    /// asks before a descriptor is closed).
    static func wait(_ descriptor: Int32, for readiness: Readiness, timeout: Duration) async throws -> Outcome {
        let wait = PendingWait()
        let outcome = await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Outcome, Never>) in
                let source: any DispatchSourceProtocol =
                    switch readiness {
                    case .readable: DispatchSource.makeReadSource(fileDescriptor: descriptor, queue: queue)
                    case .writable: DispatchSource.makeWriteSource(fileDescriptor: descriptor, queue: queue)
                    }
                source.setEventHandler { wait.end(.ready) }
                source.setCancelHandler { wait.resume() }
                wait.start(continuation, source: source)
                let (seconds, attoseconds) = timeout.components
                let nanoseconds = min(max(0, seconds), 86_400) * 1_000_000_000 + max(0, attoseconds) / 1_000_000_000
                queue.asyncAfter(deadline: .now() + .nanoseconds(Int(nanoseconds))) { wait.end(.timedOut) }
            }
        } onCancel: {
            wait.end(.cancelled)
        }
        if outcome == .cancelled { throw CancellationError() }
        return outcome
    }
}

/// One wait's state: its continuation, its source, and how it ended. Ending cancels the source;
/// the source's cancel handler resumes the continuation, once.
private final class PendingWait: Sendable {
    /// A dispatch source, which may be cancelled from any thread.
    private struct Source: @unchecked Sendable {
        let source: any DispatchSourceProtocol
    }

    private struct State {
        var continuation: CheckedContinuation<DescriptorWait.Outcome, Never>?
        var source: Source?
        var outcome: DescriptorWait.Outcome?
    }

    private let state = Mutex(State())

    /// Arms the wait; when it already ended (cancelled before it began), ends it at once.
    func start(_ continuation: CheckedContinuation<DescriptorWait.Outcome, Never>, source: any DispatchSourceProtocol) {
        let boxed = Source(source: source)
        let ended = state.withLock { state in
            state.continuation = continuation
            state.source = boxed
            return state.outcome != nil
        }
        source.resume()
        if ended { source.cancel() }
    }

    /// Ends the wait with `outcome` unless it already ended.
    func end(_ outcome: DescriptorWait.Outcome) {
        let source = state.withLock { state -> Source? in
            guard state.outcome == nil else { return nil }
            state.outcome = outcome
            return state.source
        }
        source?.source.cancel()
    }

    /// Resumes the task with how the wait ended: from the source's cancel handler, once.
    func resume() {
        let (continuation, outcome) = state.withLock { state in
            defer { state.continuation = nil }
            return (state.continuation, state.outcome ?? .cancelled)
        }
        continuation?.resume(returning: outcome)
    }
}
