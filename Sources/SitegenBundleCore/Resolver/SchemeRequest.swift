import Foundation

/// What a reply depends on in a request: its URL, method and `Range` header. `URLRequest` carries
/// the same, but on Linux it lives in FoundationNetworking, whose libcurl every program linking it
/// loads at start-up; the `sitegen` executable answers through this type instead.
public struct SchemeRequest: Sendable, Equatable {
    /// The URL asked for; nil is a request without one (`ResolutionFailure.missingURL`).
    public var url: URL?
    /// `GET` or `HEAD` (any other method is answered as `GET`, as WebKit never sends one).
    public var method: String
    /// The `Range` header's value, e.g. `bytes=0-99`.
    public var range: String?

    /// A request for `url`.
    public init(url: URL?, method: String = "GET", range: String? = nil) {
        self.url = url
        self.method = method
        self.range = range
    }
}
