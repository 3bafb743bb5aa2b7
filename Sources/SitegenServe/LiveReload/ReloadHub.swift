import Foundation
import Synchronization

/// An event pushed to open pages over Server-Sent Events.
public enum ReloadEvent: Sendable, Equatable {
    /// A new bundle is served: reload.
    case reload
    /// The last build failed (the previous bundle is still served); the text is shown in the page.
    case failure(String)
    /// The number of the bundle served now, first on every stream: a page of another build reloads.
    case build(Int)

    /// The event in `text/event-stream` framing.
    var bytes: [UInt8] {
        switch self {
        case .reload: return Array("event: reload\ndata: reload\n\n".utf8)
        case .build(let number): return Array("event: build\ndata: \(number)\n\n".utf8)
        case .failure(let text):
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { "data: \($0)\n" }
            return Array(("event: failure\n" + lines.joined() + "\n").utf8)
        }
    }
}

/// Fans events out to every open event stream.
final class ReloadHub: Sendable {
    private let subscribers = Mutex<[UUID: AsyncStream<ReloadEvent>.Continuation]>([:])

    /// A stream of the events broadcast from now on; it ends when the consuming task is cancelled.
    func subscribe() -> AsyncStream<ReloadEvent> {
        let id = UUID()
        let (stream, continuation) = AsyncStream<ReloadEvent>.makeStream(bufferingPolicy: .bufferingNewest(8))
        continuation.onTermination = { [weak self] _ in _ = self?.subscribers.withLock { $0.removeValue(forKey: id) } }
        subscribers.withLock { $0[id] = continuation }
        return stream
    }

    /// Sends `event` to every subscriber.
    func broadcast(_ event: ReloadEvent) {
        for continuation in subscribers.withLock({ Array($0.values) }) { continuation.yield(event) }
    }

    /// How many streams are open.
    var count: Int { subscribers.withLock { $0.count } }
}
