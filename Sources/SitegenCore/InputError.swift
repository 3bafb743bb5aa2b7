import Foundation

/// A fatal problem with the input (configuration, Markdown, templates, paths): the build stops before
/// anything is written and the CLI exits with code 2.
public struct InputError: Error, LocalizedError, CustomStringConvertible, Sendable, Equatable {
    /// Where the problem is: a file, and a line and column when known.
    public var location: SourceLocation?
    public var message: String

    public init(_ message: String, at location: SourceLocation? = nil) {
        self.message = message
        self.location = location
    }

    /// Creates an error about a whole file.
    public init(_ message: String, path: String) {
        self.init(message, at: SourceLocation(path: path))
    }

    /// `path:line:col: error: message`, one line: control characters a message quotes (a value YAML
    /// folded over several lines) are written as `\u{a}`.
    public var description: String {
        let place = location.map { "\(Diagnostic.printable($0.description)): " } ?? ""
        return "\(place)error: \(Diagnostic.printable(message))"
    }

    public var errorDescription: String? { description }
}
