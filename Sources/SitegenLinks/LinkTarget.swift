import Foundation

/// Where one extracted link points, decided in the map step (in parallel, per document).
enum LinkTarget: Sendable, Hashable {
    /// Empty, `#`, `javascript:`, `mailto:`, `tel:`, `data:` and the like: not a link to check.
    case notALink
    /// Matched an ignore pattern.
    case ignored
    /// `#fragment` on the page itself (no `<base href>`).
    case samePage(fragment: String)
    /// A resource of the bundle's origin.
    case sameOrigin(SameOriginTarget)
    /// Another origin: never fetched.
    case external(String)
    /// The bundle's scheme with another host (`//cdn.example.com/x.js` under `docs://app`): the app
    /// hands it to its own resolver, which serves only the bundle's host.
    case otherHost(String)
    /// A same-origin URL the resolver refuses whatever the bundle holds, for `reason` (a NUL byte, a
    /// backslash, an escape that is not UTF-8).
    case unservable(reason: String)
    /// A `file:` URL.
    case fileURL
    /// A reference Foundation cannot parse.
    case invalid
}

/// A link into the bundle's own origin.
struct SameOriginTarget: Sendable, Hashable {
    /// The absolute URL without query and fragment: what is fetched once.
    var key: String
    /// The percent-decoded path without its leading slash (`guide/`, `a b.html`).
    var path: String
    /// The fragment as written, without `#`; `nil` when the link has none.
    var fragment: String?
    /// A relative reference that climbs above the bundle root.
    var escapesRoot: Bool
    /// Written as a root-relative path (`/x`, not `//x`).
    var absolutePath: Bool
}

/// One link of a document with where it points.
struct ResolvedLink: Sendable, Hashable {
    var link: ExtractedLink
    var target: LinkTarget
}
