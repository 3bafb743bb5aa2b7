import Foundation
import SitegenCore

/// What the CLI reads from the process, gathered in one place so commands stay testable.
struct Environment: Sendable {
    var workingDirectory: URL
    /// Whether standard error is a terminal that redraws lines (progress lines are shown only then).
    var stderrIsTerminal: Bool
    /// Size and modification time of the running executable, for the build cache.
    var toolIdentity = ""
    /// Where `serve` builds its bundle: `TMPDIR` when set, else `/dev/shm` when it is a roomy
    /// tmpfs (a rebuild that rewrites thousands of files is several times faster there than on a
    /// disk), else the system's temporary folder.
    var scratchFolder = FileManager.default.temporaryDirectory

    static func current() -> Environment {
        var identity = ""
        var info = stat()
        if stat("/proc/self/exe", &info) == 0 || stat(CommandLine.arguments.first ?? "", &info) == 0 {
            identity = "\(info.st_size)@\(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec)"
        }
        return Environment(
            workingDirectory: URL(fileURLWithPath: FileManager.default.currentDirectoryPath),
            stderrIsTerminal: StandardError.redrawsLines, toolIdentity: identity, scratchFolder: scratchFolder())
    }

    /// A memory-backed folder needs room for a large bundle: Docker gives `/dev/shm` 64 MB.
    static let roomyTmpfs: UInt64 = 1 << 30

    private static func scratchFolder() -> URL {
        if getenv("TMPDIR") != nil { return FileManager.default.temporaryDirectory }
        var info = statvfs()
        if statvfs("/dev/shm", &info) == 0, access("/dev/shm", W_OK) == 0,
            UInt64(info.f_bavail) * UInt64(info.f_frsize) >= roomyTmpfs
        {
            return URL(fileURLWithPath: "/dev/shm", isDirectory: true)
        }
        return FileManager.default.temporaryDirectory
    }
}
