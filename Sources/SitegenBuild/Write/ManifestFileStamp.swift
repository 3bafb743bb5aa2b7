import Foundation
import SitegenCore

/// Which `manifest.json` an output folder holds: its device, inode, size and modification time. A
/// build records the stamp of the manifest it leaves; a cache whose stamp is not that of the folder's
/// manifest now was not the last to build the folder (another name for it, another site, a copy
/// put back), so it cannot say which files there are as it recorded them.
enum ManifestFileStamp {
    /// The stamp of the file at `path`; 0 when there is none.
    static func of(_ path: String) -> UInt64 {
        var info = stat()
        guard stat(path, &info) == 0 else { return 0 }
        var fingerprint = Fingerprint()
        fingerprint.add(Int(truncatingIfNeeded: info.st_dev))
        fingerprint.add(Int(truncatingIfNeeded: info.st_ino))
        fingerprint.add(Int(info.st_size))
        fingerprint.add(Int(info.st_mtim.tv_sec))
        fingerprint.add(Int(info.st_mtim.tv_nsec))
        return fingerprint.value | 1
    }
}
