import Foundation
import SitegenBundleCore

/// A bundle folder served while another process may rebuild it (`sitegen serve --bundle`): each
/// request is answered by the manifest on disk at that moment. `current()` compares a
/// `ManifestStamp` (two `stat` calls) with the last one and reads the bundle again when it differs.
/// An actor, so that the burst of requests after a rebuild reads the new manifest once while the
/// others wait for it, suspended.
///
/// Polling on each request rather than watching with inotify: a request pays two system calls, an
/// idle server pays nothing, and there is no moment after a commit when the server still answers
/// from the old manifest because an event has not been read yet.
///
/// No file is vouched for by the manifest's hash (see `ServedBundle`): another tool may have copied
/// the manifest before the files it describes (`cp -r`, `rsync` go by name, and keep the files'
/// times), so every file is tagged with the hash of its own bytes, hashed once per version.
public actor BundleFolder {
    /// The folder as given: a symlink is followed again on every read.
    public nonisolated let directory: URL
    private var stamp: ManifestStamp
    private var served: ServedBundle
    /// Told, once per change on disk, why a changed bundle could not be read (the last one stays served).
    private let unreadable: (@Sendable (ManifestError) -> Void)?

    /// Opens the bundle in `directory`, with its manifest if it has one (as `SchemeResolver(bundle:)`);
    /// `unreadable` hears of a later version that cannot be read.
    public init(directory: URL, unreadable: (@Sendable (ManifestError) -> Void)? = nil) throws(ManifestError) {
        self.directory = directory
        self.unreadable = unreadable
        // Taken before the read: a manifest replaced during it is read again on the next request.
        let stamp = ManifestStamp(bundle: directory)
        self.stamp = stamp
        served = ServedBundle(resolver: try SchemeResolver(bundle: directory), manifestModified: nil)
    }

    /// The resolver of the bundle as last read.
    public var resolver: SchemeResolver { served.resolver }

    /// The bundle as it is on disk now, read again if it changed since the last call.
    func current() -> ServedBundle {
        let now = ManifestStamp(bundle: directory)
        guard now != stamp else { return served }
        stamp = now
        // A bundle that cannot be read (the folder gone for the instant between the two renames of
        // a commit, a manifest half-written by another tool) leaves the last one served. The next
        // change is read again.
        do {
            served = ServedBundle(resolver: try SchemeResolver(bundle: directory), manifestModified: nil)
        } catch {
            // Between the renames of a commit the next request reads it whole; a manifest left
            // broken is said once, not taken silently for the last good one.
            let manifest = directory.appendingPathComponent(Manifest.fileName).path
            if ManifestStamp(bundle: directory) == now, FileManager.default.fileExists(atPath: manifest) { unreadable?(error) }
        }
        return served
    }
}
