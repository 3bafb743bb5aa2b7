/// Why a manifest, a bundle or an origin was refused: one user-facing line.
public struct ManifestError: Error, CustomStringConvertible, Sendable, Equatable {
    /// The message, e.g. `unsupported manifest version 2 (this reader supports 1)`.
    public var message: String
    /// The bundle's folder the error is about, relative to the bundle (`guide`, or empty for the
    /// bundle itself), when it is a folder that cannot be listed rather than the manifest.
    public var folder: String?
    /// Where in `manifest.json` the text stops being JSON (1-based line and column), when that is
    /// what is wrong: the message says it too, for a reader that shows only the message.
    public var line: Int?
    public var column: Int?

    /// Equal message and folder: the line and column restate the place the message names.
    public static func == (a: ManifestError, b: ManifestError) -> Bool { a.message == b.message && a.folder == b.folder }

    /// An error with `message`.
    public init(_ message: String) { self.message = message }

    /// An error with `message`.
    public init(message: String) { self.message = message }

    public var description: String { message }
}
