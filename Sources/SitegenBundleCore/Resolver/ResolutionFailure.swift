/// Why a URL does not name a file of the bundle. Replies turn every case into a 404 (a 416 for
/// `invalidRange`); none of them is ever a thrown error towards WebKit.
public enum ResolutionFailure: Error, Sendable, Equatable, CustomStringConvertible {
    /// The request had no URL.
    case missingURL
    /// The URL's scheme is not the bundle's.
    case wrongScheme(String)
    /// The URL's host (authority) is not the bundle's.
    case wrongHost(String)
    /// No file or alias for this (decoded, normalised) path.
    case notFound(path: String)
    /// The path would leave the bundle (`..` above the root, NUL, backslash, a symlink pointing out).
    case outsideBundle(path: String)
    /// The `Range` header cannot be satisfied.
    case invalidRange

    public var description: String {
        switch self {
        case .missingURL: "the request has no URL"
        case .wrongScheme(let scheme): "scheme '\(scheme)' is not the bundle's scheme"
        case .wrongHost(let host): "host '\(host)' is not the bundle's host"
        case .notFound(let path): "no resource at '\(path)'"
        case .outsideBundle(let path): "'\(path)' leaves the bundle"
        case .invalidRange: "the requested range cannot be satisfied"
        }
    }
}
