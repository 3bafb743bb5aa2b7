import Foundation

/// What a source answers for one URL: one hop, redirects are followed by `Mirror` (within the host).
public enum SourceResponse: Sendable, Equatable {
    /// The resource: its MIME type (lowercased, without parameters; empty when the server sent none
    /// and the bytes tell none), bytes, and the `charset` label its server declared (lowercased), if
    /// any.
    case resource(mimeType: String, body: Data, charset: String? = nil)
    /// A redirect (301, 302, 303, 307, 308) to `location`, as written (possibly relative).
    case redirect(status: Int, location: String)
}

/// Why a URL could not be fetched; the mirror reports it and goes on.
public struct SourceError: Error, Sendable, Equatable, CustomStringConvertible {
    /// One line for the user, e.g. `HTTP 404` or `connection refused`.
    public var description: String
    /// A limit of the run was reached (`--max-bytes`), rather than the source failing.
    public var isLimit = false

    /// Creates an error with a one-line description.
    public init(_ description: String, isLimit: Bool = false) {
        self.description = description
        self.isLimit = isLimit
    }
}

/// Where a site authored for a web server is read from: a folder or a loopback HTTP server.
public protocol MirrorSource: Sendable {
    /// The URL of the site root (`http://127.0.0.1:8080/`); every same-origin URL is below it.
    var root: URL { get }
    /// Fetches one URL (same origin as `root`, no fragment) without following redirects.
    func fetch(_ url: URL) async throws(SourceError) -> SourceResponse
}
