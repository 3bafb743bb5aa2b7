/// The sitegen command line: parses arguments into actions, runs them, returns the exit code.
public enum SitegenCLI {
    /// Runs sitegen with `arguments` (without the program name) and returns the process exit code.
    public static func run(arguments: [String]) async -> Int32 {
        print("sitegen: not yet")
        return 0
    }
}
