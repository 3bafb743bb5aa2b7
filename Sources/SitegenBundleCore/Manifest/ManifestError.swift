/// Why a manifest, a bundle or an origin was refused: one user-facing line.
public struct ManifestError: Error, CustomStringConvertible, Sendable, Equatable {
    /// The message, e.g. `unsupported manifest version 2 (this reader supports 1)`.
    public var message: String
    /// The bundle's folder the error is about, relative to the bundle (`guide`, or empty for the
    /// bundle itself), when it is a folder that cannot be listed rather than the manifest.
    public var folder: String?

    /// An error with `message`.
    public init(_ message: String) { self.message = message }

    /// An error with `message`.
    public init(message: String) { self.message = message }

    public var description: String { message }
}
