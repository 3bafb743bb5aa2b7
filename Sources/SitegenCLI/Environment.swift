import Foundation

/// What the CLI reads from the process, gathered in one place so commands stay testable.
struct Environment: Sendable {
    var workingDirectory: URL
    /// Whether standard error is a terminal (progress lines are shown only then).
    var stderrIsTerminal: Bool
    /// Size and modification time of the running executable, for the build cache.
    var toolIdentity = ""

    static func current() -> Environment {
        var identity = ""
        var info = stat()
        if stat("/proc/self/exe", &info) == 0 || stat(CommandLine.arguments.first ?? "", &info) == 0 {
            identity = "\(info.st_size)@\(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec)"
        }
        return Environment(
            workingDirectory: URL(fileURLWithPath: FileManager.default.currentDirectoryPath),
            stderrIsTerminal: isatty(2) == 1, toolIdentity: identity)
    }
}
