import SitegenCore

/// Where a tag is in a template, for an error about it that the caller words.
public struct TemplateTag: Sendable, Equatable {
    /// The tag's name, trimmed (`page.title`, `nav-item`).
    public var name: String
    /// The template's path, with the 1-based line and column of the tag's opening delimiter.
    public var location: SourceLocation
    /// The line of the template holding the tag, without its line ending.
    public var sourceLine: String

    /// Creates the place of the tag `name`.
    public init(name: String, location: SourceLocation, sourceLine: String) {
        self.name = name
        self.location = location
        self.sourceLine = sourceLine
    }

    /// An error with `message` at this tag.
    public func error(_ message: String) -> TemplateError {
        TemplateError(message, at: location, sourceLine: sourceLine)
    }
}
