import Dispatch
import Foundation
import Synchronization

/// Waits for SIGINT (Ctrl-C), SIGTERM or SIGHUP (the terminal closed), delivered through dispatch
/// sources rather than a C handler: `serve` then removes its temporary bundle and exits 0, `build`
/// stops at its next stage and removes what it staged. A second signal ends the process at once.
/// `@unchecked`: the sources are set once in init, and dispatch sources are thread-safe.
final class StopSignals: @unchecked Sendable {
    private struct State {
        var arrived: Int32?
        var waiters: [Int: CheckedContinuation<Void, Never>] = [:]
        var nextWaiter = 0
        /// Tasks to cancel when a signal arrives.
        var cancellations: [@Sendable () -> Void] = []
    }

    private let state = Mutex(State())
    private var sources: [any DispatchSourceSignal] = []

    init() {
        sources = [SIGINT, SIGTERM, SIGHUP].map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            // `data`: how many arrived since the handler last ran; two Ctrl-C in a row may be one event.
            source.setEventHandler { [weak self] in self?.arrive(number, count: source.data) }
            source.resume()
            return source
        }
    }

    deinit { sources.forEach { $0.cancel() } }

    /// Whether a stop signal has arrived.
    var hasArrived: Bool { state.withLock(\.arrived) != nil }

    /// The first stop signal that arrived, if one has.
    private var arrived: Int32? { state.withLock(\.arrived) }

    /// What `task` returns, cancelled when a stop signal arrives first, and then awaited all the
    /// same: a cancelled build or mirror removes what it staged before it returns. The task is
    /// cancelled from the signal's handler, not from a task that would queue behind the thousands
    /// of jobs a build has started.
    func outcome<Value: Sendable>(of task: Task<Value, Never>) async -> Value {
        let stopped = state.withLock { state in
            if state.arrived != nil { return true }
            state.cancellations.append { task.cancel() }
            return false
        }
        if stopped { task.cancel() }
        return await task.value
    }

    /// When a stop signal has arrived: prints `line` on `console`'s standard error and ends the
    /// process as the signal would have (`end(by:)`). Otherwise returns.
    func endIfArrived(saying line: @autoclosure () -> String, on console: Console) {
        guard let signal = arrived else { return }
        console.err(line() + "\n")
        Self.end(by: signal)
    }

    /// Ends the process as `signal` would have, had it not been caught: a shell or `make` that ran
    /// the command sees it stopped by Ctrl-C (exit status 130 for SIGINT) and stops too. The signal
    /// is raised in the calling thread, unblocked there first, so that it ends the process before
    /// `exit` could.
    static func end(by number: Int32) -> Never {
        signal(number, SIG_DFL)
        var set = sigset_t()
        sigemptyset(&set)
        sigaddset(&set, number)
        pthread_sigmask(SIG_UNBLOCK, &set, nil)
        raise(number)
        exit(128 + number)
    }

    /// Returns when a stop signal arrives (at once if one has), or when the task is cancelled:
    /// a race between the first build and Ctrl-C ends whichever way it goes.
    func wait() async {
        let id = state.withLock { state in
            state.nextWaiter += 1
            return state.nextWaiter
        }
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let resumeNow = state.withLock { state in
                    if state.arrived != nil || Task.isCancelled { return true }
                    state.waiters[id] = continuation
                    return false
                }
                if resumeNow { continuation.resume() }
            }
        } onCancel: {
            state.withLock { $0.waiters.removeValue(forKey: id) }?.resume()
        }
    }

    private func arrive(_ signal: Int32, count: UInt) {
        if hasArrived || count > 1 { Self.end(by: signal) }
        let (waiters, cancellations) = state.withLock { state in
            state.arrived = signal
            defer {
                state.waiters = [:]
                state.cancellations = []
            }
            return (Array(state.waiters.values), state.cancellations)
        }
        cancellations.forEach { $0() }
        waiters.forEach { $0.resume() }
    }
}
