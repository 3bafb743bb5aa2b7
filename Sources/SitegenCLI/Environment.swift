import Foundation

/// What the CLI reads from the process, gathered in one place so commands stay testable.
struct Environment: Sendable {
    var workingDirectory: URL
    /// Whether standard error is a terminal (progress lines are shown only then).
    var stderrIsTerminal: Bool

    static func current() -> Environment {
        Environment(
            workingDirectory: URL(fileURLWithPath: FileManager.default.currentDirectoryPath),
            stderrIsTerminal: isatty(2) == 1)
    }
}
