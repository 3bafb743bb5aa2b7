import SitegenBundleCore
import Synchronization

/// The bundle currently served and the last build failure, swapped atomically while requests run:
/// either published by the process that builds it, or followed on disk (`BundleFolder`).
final class PreviewState: Sendable {
    private struct Current {
        var served: ServedBundle
        var failure: String?
        /// How many bundles were published before this one: what a live page and its event stream
        /// compare, so that a rebuild that ended before the page connected still reloads it.
        var build = 0
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

    /// The bundle to answer a request with: the one last published, or the folder's as it is now;
    /// with its build number.
    func served() async -> (bundle: ServedBundle, build: Int) {
        if let folder { return (await folder.current(), 0) }
        return current.withLock { ($0.served, $0.build) }
    }

    /// The number of the bundle last published.
    var build: Int { current.withLock { $0.build } }

    var failure: String? { current.withLock { $0.failure } }

    func publish(_ resolver: SchemeResolver) {
        let served = ServedBundle(built: resolver)
        current.withLock { $0 = Current(served: served, failure: nil, build: $0.build + 1) }
        hub.broadcast(.reload)
    }

    func publish(failure: String) {
        current.withLock { $0.failure = failure }
        hub.broadcast(.failure(failure))
    }
}
