import Foundation
import SitegenCore

#if canImport(Glibc)
    import Glibc
#endif

/// Writes a report where `--output` says. A new or regular file is replaced whole (written beside it
/// and renamed), so a reader never sees half a report; a symbolic link keeps its place and its
/// target is written; a pipe, terminal or device (`/dev/stdout`, `>(cat)`) is written through, as a
/// shell's `>` would, instead of being replaced by a file.
enum ReportFile {
    /// Why the report could not be written: `strerror`'s text, or what the path is.
    struct Failure: Error {
        var reason: String
    }

    static func write(_ bytes: [UInt8], to path: String) throws(Failure) {
        var own = stat()
        guard lstat(path, &own) == 0 else {
            guard errno == ENOENT else { throw Failure(reason: DirectoryWalker.reason(errno)) }
            return try replace(path, with: bytes)
        }
        switch own.st_mode & S_IFMT {
        case S_IFREG: return try replace(path, with: bytes)
        case S_IFDIR: throw Failure(reason: "it is a folder")
        case S_IFLNK:
            var target = stat()
            if stat(path, &target) == 0 {
                if target.st_mode & S_IFMT == S_IFDIR { throw Failure(reason: "it links to a folder") }
                if target.st_mode & S_IFMT == S_IFREG, let real = DirectoryWalker.realPath(path) {
                    return try replace(real, with: bytes)
                }
            }
            return try writeThrough(path, bytes)
        default: return try writeThrough(path, bytes)
        }
    }

    private static func replace(_ path: String, with bytes: [UInt8]) throws(Failure) {
        do {
            try Data(bytes).write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            throw Failure(reason: error.fileErrorReason)
        }
    }

    private static func writeThrough(_ path: String, _ bytes: [UInt8]) throws(Failure) {
        guard FileBytes.write(bytes, to: path) else { throw Failure(reason: DirectoryWalker.reason(errno)) }
    }
}
