#if canImport(Glibc)
    import Glibc
#endif

/// Which file (device and inode) and how it stood when it was looked at (size, modification and
/// change times): equal identities mean the same bytes, as far as the file system can tell.
struct FileIdentity: Sendable, Hashable {
    var device: UInt64
    var inode: UInt64
    var size: Int
    /// Nanoseconds since 1970.
    var modified: Int
    /// Nanoseconds since 1970; moves on every write, rename or link, and cannot be set back.
    var changed: Int

    /// The identity of what `info` describes.
    init(_ info: stat) {
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
        size = Int(info.st_size)
        modified = Int(info.st_mtim.tv_sec) * 1_000_000_000 + Int(info.st_mtim.tv_nsec)
        changed = Int(info.st_ctim.tv_sec) * 1_000_000_000 + Int(info.st_ctim.tv_nsec)
    }

    /// The identity of the file at `path` (symlinks followed), or nil when there is none.
    init?(path: String) {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        self.init(info)
    }
}
