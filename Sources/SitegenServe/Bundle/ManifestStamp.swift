import Foundation
import SitegenBundleCore

/// Which bundle folder is at a path and which `manifest.json` is in it: two `stat` calls, cheap
/// enough to take for every request. Sitegen commits a bundle either by renaming a new folder in,
/// or by renaming new files in and a new manifest last, so either way the stamp changes once the
/// new bundle is complete.
struct ManifestStamp: Sendable, Equatable {
    /// Which folder: not its times, which files renamed into it change before the manifest
    /// arrives (reading the old manifest again then would be wasted).
    private struct Folder: Sendable, Equatable {
        var device: UInt64
        var inode: UInt64
    }

    private var folder: Folder?
    private var manifest: FileIdentity?

    /// The stamp of the bundle at `directory` now (a missing folder or manifest is part of it).
    init(bundle directory: URL) {
        folder = FileIdentity(path: directory.path).map { Folder(device: $0.device, inode: $0.inode) }
        manifest = FileIdentity(path: directory.appendingPathComponent(Manifest.fileName).path)
    }

    /// When the manifest was last written, in nanoseconds since 1970; nil when there is none.
    var manifestModified: Int? { manifest?.modified }
}
