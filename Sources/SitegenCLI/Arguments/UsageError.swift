/// A command line that sitegen cannot interpret: printed with a hint to `--help`, exit code 2.
struct UsageError: Error, CustomStringConvertible, Sendable {
    var message: String
    /// The command whose usage applies, if known.
    var command: CommandSpec?

    init(_ message: String, command: CommandSpec? = nil) {
        self.message = message
        self.command = command
    }

    var description: String {
        let help = command.map { "sitegen \($0.name) --help" } ?? "sitegen --help"
        return "error: \(message) (see '\(help)')"
    }
}
