import Foundation
import SitegenCore

/// The sitegen command line: parses arguments into a command, runs it, returns the exit code.
/// Nothing below this reads `CommandLine`, the environment or the clock.
public enum SitegenCLI {
    static let commands: [any Command.Type] = [
        BuildCommand.self, CheckCommand.self, VerifyCommand.self, ResolveCommand.self, ServeCommand.self,
        MirrorCommand.self,
    ]

    /// Runs sitegen with `arguments` (without the program name) and returns the process exit code.
    public static func run(arguments: [String]) async -> Int32 {
        let console = Console()
        let environment = Environment.current()
        return await run(arguments: arguments, console: console, environment: environment).rawValue
    }

    static func run(arguments: [String], console: Console, environment: Environment) async -> ExitCode {
        guard let first = arguments.first else {
            console.err(usage)
            return .inputError
        }
        switch first {
        case "help" where arguments.count > 1:
            // `sitegen help build` is `sitegen build --help`.
            return await run(arguments: [arguments[1], "--help"], console: console, environment: environment)
        case "--help", "-h", "help":
            console.out(usage)
            return .success
        case "--version":
            console.out("\(SitegenVersion.generator)\n")
            return .success
        default: break
        }
        if first.hasPrefix("-"), commands.allSatisfy({ $0.spec.name != first }) {
            let hint = Suggestion.phrase(Suggestion.nearest(to: first, in: ["--help", "--version"]))
            console.err("error: unknown option '\(first)'\(hint) (see 'sitegen --help')\n")
            return .inputError
        }
        guard let command = commands.first(where: { $0.spec.name == first }) else {
            // Names too short for most slips: two letters swapped (`biuld`) and a start (`ser`) count too.
            let hint = Suggestion.hint(for: first, in: commands.map { $0.spec.name })
            console.err("error: unknown command '\(first)'\(hint) (see 'sitegen --help')\n")
            return .inputError
        }
        do {
            let parsed = try ParsedArguments(Array(arguments.dropFirst()), spec: command.spec)
            if parsed.wantsHelp {
                console.out(command.spec.usage)
                return .success
            }
            return await command.run(parsed, console: console, environment: environment)
        } catch {
            console.err("\(error)\n")
            return .inputError
        }
    }

    static var usage: String {
        var text = "sitegen: offline documentation bundles for apps, served under a custom URL scheme.\n\n"
        text += "usage: sitegen <command> [options]\n\ncommands:\n"
        for command in commands {
            text += "  " + command.spec.name.padding(toLength: 10, withPad: " ", startingAt: 0) + command.spec.summary + "\n"
        }
        text += "\nRun 'sitegen <command> --help' for a command's options. '--version' prints the version.\n"
        text += "Exit codes: 0 no errors, 1 link errors found, 2 usage, configuration or input error.\n"
        return text
    }
}

/// One subcommand: its options and what it does.
protocol Command: Sendable {
    static var spec: CommandSpec { get }
    static func run(_ arguments: ParsedArguments, console: Console, environment: Environment) async -> ExitCode
}
