import SitegenCore

/// A template error with its file, line and column, and the offending source line for a caret display.
public struct TemplateError: Error, CustomStringConvertible, Sendable, Equatable {
    /// The template's path (or name when it has no path), with the 1-based line and column of the
    /// offending tag.
    public var location: SourceLocation
    /// What went wrong, e.g. `unclosed section 'items'`.
    public var message: String
    /// The line of the template with the problem, without its line ending.
    public var sourceLine: String?

    /// Creates an error at `location`.
    public init(_ message: String, at location: SourceLocation, sourceLine: String? = nil) {
        self.message = message
        self.location = location
        self.sourceLine = sourceLine
    }

    /// `path:line:col: error: message`, one line.
    public var description: String {
        "\(location): error: \(message)"
    }

    /// The description, then the source line and a `^` under the column (tabs kept so it lines up).
    public var caretDisplay: String {
        guard let sourceLine else { return description }
        guard location.column > 0 else { return description + "\n" + sourceLine }
        var pad = ""
        for (offset, character) in sourceLine.enumerated() where offset < location.column - 1 {
            pad.append(character == "\t" ? "\t" : " ")
        }
        let missing = location.column - 1 - pad.count
        if missing > 0 { pad += String(repeating: " ", count: missing) }
        return description + "\n" + sourceLine + "\n" + pad + "^"
    }
}
