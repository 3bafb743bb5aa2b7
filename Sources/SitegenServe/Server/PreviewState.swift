import SitegenBundleCore
import Synchronization

/// The bundle currently served and the last build failure, swapped atomically while requests run:
/// either published by the process that builds it, or followed on disk (`BundleFolder`).
final class PreviewState: Sendable {
    private struct Current {
        var served: ServedBundle
        var failure: String?
    }

    private let current: Mutex<Current>
    /// The folder followed, when the bundle is built by another process.
    private let folder: BundleFolder?
    let hub = ReloadHub()
    let digests = FileDigests()

    init(resolver: SchemeResolver) {
        current = Mutex(Current(served: ServedBundle(built: resolver)))
        folder = nil
    }

    init(folder: BundleFolder) async {
        current = Mutex(Current(served: await folder.current()))
        self.folder = folder
    }

    /// The bundle to answer a request with: the one last published, or the folder's as it is now.
    func served() async -> ServedBundle {
        if let folder { return await folder.current() }
        return current.withLock { $0.served }
    }

    var failure: String? { current.withLock { $0.failure } }

    func publish(_ resolver: SchemeResolver) {
        let served = ServedBundle(built: resolver)
        current.withLock { $0 = Current(served: served, failure: nil) }
        hub.broadcast(.reload)
    }

    func publish(failure: String) {
        current.withLock { $0.failure = failure }
        hub.broadcast(.failure(failure))
    }
}
