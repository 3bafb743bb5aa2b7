import Foundation
import SitegenCore

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

/// Something of its own settings a source could not use, such as a line of a folder's
/// `_redirects`: a warning of the mirror, at that file and line.
public struct SourceWarning: Sendable, Equatable {
    /// The file, relative to the source (`_redirects`).
    public var file: String
    /// 1-based.
    public var line: Int
    public var rule: RuleID
    /// One line for the user.
    public var message: String

    /// Creates a warning about line `line` of `file`.
    public init(file: String, line: Int, rule: RuleID, message: String) {
        self.file = file
        self.line = line
        self.rule = rule
        self.message = message
    }
}

/// Where a site authored for a web server is read from: a folder or a loopback HTTP server.
public protocol MirrorSource: Sendable {
    /// The URL of the site root (`http://127.0.0.1:8080/`); every same-origin URL is below it.
    var root: URL { get }
    /// What the source could not use of its own settings; none unless it has some.
    var warnings: [SourceWarning] { get }
    /// Fetches one URL (same origin as `root`, no fragment) without following redirects.
    func fetch(_ url: URL) async throws(SourceError) -> SourceResponse
    /// The file of the source that answers `url`, when the source is files (a folder): findings
    /// in the resource are placed there. `nil` otherwise.
    func sourceFile(of url: URL) -> String?
}

extension MirrorSource {
    public var warnings: [SourceWarning] { [] }
    public func sourceFile(of url: URL) -> String? { nil }
}
