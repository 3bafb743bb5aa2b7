#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A file kept open for reading parts of it as they are needed (`pread`, from any thread), so that
/// a large cache is not read whole when a build needs a few of its records. Closed when released.
package final class ReadOnlyFile: Sendable {
    private let descriptor: Int32
    /// The file's size when it was opened.
    package let size: Int

    /// Opens `path`; `nil` when it cannot be opened or its size read, or it is no regular file (a
    /// named pipe put in its place would block the open, and a read, until a writer came).
    package init?(_ path: String) {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { return nil }
        var info = stat()
        guard fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else {
            close(descriptor)
            return nil
        }
        self.descriptor = descriptor
        size = Int(info.st_size)
    }

    deinit { close(descriptor) }

    /// The bytes at `range`; `nil` when they cannot all be read (past the end, or an error).
    package func bytes(_ range: Range<Int>) -> [UInt8]? {
        guard range.lowerBound >= 0 else { return nil }
        var failed = false
        let bytes = [UInt8](unsafeUninitializedCapacity: range.count) { buffer, count in
            var done = 0
            while done < range.count {
                let got = pread(descriptor, buffer.baseAddress! + done, range.count - done, off_t(range.lowerBound + done))
                if got < 0, errno == EINTR { continue }
                guard got > 0 else { break }
                done += got
            }
            failed = done < range.count
            count = done
        }
        return failed ? nil : bytes
    }
}
