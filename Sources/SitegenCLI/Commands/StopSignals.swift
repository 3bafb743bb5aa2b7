import Dispatch
import Foundation

/// Waits for SIGINT (Ctrl-C), SIGTERM or SIGHUP (the terminal closed), delivered through dispatch
/// sources rather than a C handler: `serve` then removes its temporary bundle and exits 0.
/// `@unchecked`: the sources are set once in init, and dispatch sources are thread-safe.
final class StopSignals: @unchecked Sendable {
    private let stream: AsyncStream<Int32>
    private let sources: [any DispatchSourceSignal]

    init() {
        let (stream, continuation) = AsyncStream<Int32>.makeStream()
        self.stream = stream
        sources = [SIGINT, SIGTERM, SIGHUP].map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { continuation.yield(number) }
            source.resume()
            return source
        }
    }

    deinit { sources.forEach { $0.cancel() } }

    /// Returns when the first stop signal arrives.
    func wait() async {
        for await _ in stream { return }
    }
}
