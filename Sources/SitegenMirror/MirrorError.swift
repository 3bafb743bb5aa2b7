/// Why a mirror run produced nothing: the source root itself could not be mirrored (the server is
/// down, the folder has no `index.html`, the root redirects off the origin).
public struct MirrorError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The root URL.
    public var url: String
    /// One line for the user, e.g. `connection refused (is the server running?)`.
    public var reason: String

    /// Creates an error about the root `url`.
    public init(url: String, reason: String) {
        self.url = url
        self.reason = reason
    }

    /// `cannot mirror 'http://127.0.0.1:8000/': connection refused (is the server running?)`.
    public var description: String { "cannot mirror '\(url)': \(reason)" }
}
