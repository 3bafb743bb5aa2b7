import SitegenBundle
import Synchronization

/// The bundle currently served and the last build failure, swapped atomically while requests run.
final class PreviewState: Sendable {
    private struct Current {
        var resolver: SchemeResolver
        var failure: String?
    }

    private let current: Mutex<Current>
    let hub = ReloadHub()

    init(resolver: SchemeResolver) { current = Mutex(Current(resolver: resolver)) }

    var resolver: SchemeResolver { current.withLock { $0.resolver } }
    var failure: String? { current.withLock { $0.failure } }

    func publish(_ resolver: SchemeResolver) {
        current.withLock { $0 = Current(resolver: resolver, failure: nil) }
        hub.broadcast(.reload)
    }

    func publish(failure: String) {
        current.withLock { $0.failure = failure }
        hub.broadcast(.failure(failure))
    }
}
