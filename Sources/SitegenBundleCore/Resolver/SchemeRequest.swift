import Foundation

/// What a reply depends on in a request: its URL, method, `Range` and conditional headers. `URLRequest` carries
/// the same, but on Linux it lives in FoundationNetworking, whose libcurl every program linking it
/// loads at start-up; the `sitegen` executable answers through this type instead.
public struct SchemeRequest: Sendable, Equatable {
    /// The URL asked for; nil is a request without one (`ResolutionFailure.missingURL`).
    public var url: URL?
    /// `GET` or `HEAD`, in any letter case; any other method (`POST` from a `fetch()` or a form) gets
    /// a 405.
    public var method: String
    /// The `Range` header's value, e.g. `bytes=0-99`.
    public var range: String?
    /// The conditional headers `If-Match`, `If-None-Match` and `If-Range`, compared with the
    /// manifest's `ETag`: 412, 304 and the whole file for a stale `If-Range`.
    public var ifMatch: String?
    public var ifNoneMatch: String?
    public var ifRange: String?
    /// Whether the text `url` was made from had an invalid percent escape in its path (`%ZZ`, a
    /// stray `%`), which `URL(string:)` quietly re-encodes as `%25`: such a request is not found
    /// (manifest rule 3), whatever file `url` would name. Set by `init(string:)`.
    public var hasInvalidEscape = false

    /// A request for `url`.
    public init(url: URL?, method: String = "GET", range: String? = nil) {
        self.url = url
        self.method = method
        self.range = range
    }

    /// A request for the URL written as `string` (absolute, or relative to `base`): the form to use
    /// for text such as a command-line argument or an HTTP request target, since a `URL` made from
    /// text no longer shows an invalid escape. `url` is nil when the text is not a URL at all.
    public init(string: String, relativeTo base: URL? = nil, method: String = "GET", range: String? = nil) {
        self.init(
            url: URL(string: URLPath.encodedAsBrowsersSend(string), relativeTo: base)?.absoluteURL, method: method,
            range: range)
        hasInvalidEscape = URLPath.hasInvalidEscape(string)
    }
}
