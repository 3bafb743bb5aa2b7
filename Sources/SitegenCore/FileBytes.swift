import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads a whole file straight into a byte array: no `Data` in between to copy from, which for a
/// 30 MB build cache is a copy and a few thousand page faults saved.
public enum FileBytes {
    /// The file's bytes, or `nil` when it cannot be opened or read.
    public static func read(_ path: String) -> [UInt8]? {
        withOpenFile(path) { descriptor, size in
            var failed = false
            let bytes = [UInt8](unsafeUninitializedCapacity: size) { buffer, count in
                if size >= hugePage * 2 { adviseHugePages(buffer) }
                let done = readAll(descriptor, into: buffer.baseAddress, count: size)
                failed = done == nil
                count = done ?? 0
            }
            return failed ? nil : bytes
        }
    }

    /// The file's bytes as `Data`, read into the `Data`'s own buffer: `Data(contentsOf:)` makes a
    /// `URL` and asks for the file's attributes first, which a crawl of 10,000 pages feels.
    public static func readData(_ path: String) -> Data? {
        withOpenFile(path) { descriptor, size in
            guard size > 0 else { return Data() }
            guard let buffer = malloc(size)?.assumingMemoryBound(to: UInt8.self) else { return nil }
            guard let done = readAll(descriptor, into: buffer, count: size) else {
                free(buffer)
                return nil
            }
            return Data(bytesNoCopy: buffer, count: done, deallocator: .free)
        }
    }

    /// Why `read` or `readData` of `path` gave nothing, for a message (`permission denied`, `not a
    /// regular file`): asked again, only once a read has failed.
    public static func failureReason(_ path: String) -> String {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { return DirectoryWalker.reason(errno) }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { return DirectoryWalker.reason(errno) }
        return (info.st_mode & S_IFMT) == S_IFREG ? "a read failed" : "not a regular file"
    }

    /// Opens `path` and hands `body` the descriptor and the file's size; `nil` when it cannot be
    /// opened or its size read, or it is no regular file: a named pipe put in a file's place would
    /// block the open until a writer came (`O_NONBLOCK` opens it at once), a device read forever.
    private static func withOpenFile<Result>(_ path: String, _ body: (Int32, Int) -> Result?) -> Result? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
        return body(descriptor, Int(info.st_size))
    }

    /// Reads up to `count` bytes into `buffer`, however many `read` calls that takes: fewer when the
    /// file ended sooner (it shrank since its size was read); `nil` on an error.
    private static func readAll(_ descriptor: Int32, into buffer: UnsafeMutablePointer<UInt8>?, count: Int) -> Int? {
        guard let buffer else { return count == 0 ? 0 : nil }
        var done = 0
        while done < count {
            let got = readBytes(descriptor, buffer + done, count - done)
            if got < 0, errno == EINTR { continue }
            if got < 0 { return nil }
            if got == 0 { break }
            done += got
        }
        return done
    }
}

extension FileBytes {
    /// Creates or truncates `path` and writes `bytes` to it, with one `open`, `write` and `close`:
    /// no `Data`, `URL` or temporary file in between, 10,000 times a build. `false` on any failure,
    /// with `errno` set.
    public static func write(_ bytes: [UInt8], to path: String) -> Bool {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o666)
        guard descriptor >= 0 else { return false }
        let written = write(bytes, to: descriptor)
        return close(descriptor) == 0 && written
    }

    /// Writes all of `bytes` to an open file, however many `write` calls that takes. `false` on any
    /// failure, with `errno` set.
    public static func write(_ bytes: [UInt8], to descriptor: Int32) -> Bool {
        bytes.withUnsafeBytes { buffer -> Bool in
            var done = 0
            while done < buffer.count {
                let count = writeBytes(descriptor, buffer.baseAddress! + done, buffer.count - done)
                if count < 0, errno == EINTR { continue }
                guard count > 0 else { return false }
                done += count
            }
            return true
        }
    }
}

private func writeBytes(_ descriptor: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
    write(descriptor, buffer, count)
}

private let hugePage = 2 << 20

/// Asks for 2 MB pages where the buffer spans them: reading a 20 MB cache into fresh memory is
/// otherwise 5,000 page faults, each clearing 4 KB.
private func adviseHugePages(_ buffer: UnsafeMutableBufferPointer<UInt8>) {
    #if os(Linux)
        let start = (Int(bitPattern: buffer.baseAddress) + hugePage - 1) & ~(hugePage - 1)
        let end = (Int(bitPattern: buffer.baseAddress) + buffer.count) & ~(hugePage - 1)
        if end > start, let address = UnsafeMutableRawPointer(bitPattern: start) {
            _ = madvise(address, end - start, MADV_HUGEPAGE)
        }
    #endif
}

private func readBytes(_ descriptor: Int32, _ buffer: UnsafeMutablePointer<UInt8>, _ count: Int) -> Int {
    read(descriptor, buffer, count)
}
