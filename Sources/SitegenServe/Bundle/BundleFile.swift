#if canImport(Glibc)
    import Glibc
#endif

/// A bundle file opened for one reply. Its length, its tag and the bytes sent all come from this
/// one descriptor: a rebuild replaces a file by renaming a new one over it, which leaves an open
/// descriptor reading the old bytes, so a reply never mixes the lengths of one file with the bytes
/// of another.
final class BundleFile: Sendable, Equatable {
    /// The file ended before its measured size: it was cut short in place (not by sitegen, which
    /// renames). The reply in progress cannot be completed.
    struct EndedEarly: Error {}

    private let descriptor: Int32
    /// Identity, size and times, from `fstat` on the open descriptor.
    let identity: FileIdentity

    /// Opens the regular file at `path`; nil when it is missing or not a regular file.
    init?(path: String) {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
            close(descriptor)
            return nil
        }
        self.descriptor = descriptor
        identity = FileIdentity(info)
    }

    deinit { close(descriptor) }

    /// The size in bytes when opened.
    var size: Int { identity.size }

    /// `count` bytes from `offset`; throws `EndedEarly` when the file has fewer.
    func read(at offset: Int, count: Int) throws -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: count)
        var filled = 0
        while filled < count {
            let read = try bytes.withUnsafeMutableBytes { raw throws(SocketError) in
                try systemCall("pread") {
                    pread(descriptor, raw.baseAddress! + filled, count - filled, off_t(offset + filled))
                }
            }
            guard let read, read > 0 else { throw EndedEarly() }
            filled += read
        }
        return bytes
    }

    static func == (lhs: BundleFile, rhs: BundleFile) -> Bool { lhs === rhs }
}
