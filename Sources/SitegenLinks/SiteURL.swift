import Foundation
import SitegenBundleCore

/// Where a tree of HTML is served on the web (`https://example.org/docs/`, Hugo's `baseURL`,
/// MkDocs' `site_url`), for `sitegen check --site-url`: links are resolved as a browser on that
/// site resolves them, and those that stay below it are links into the tree. A root-relative
/// link (`/docs/a/`) is then no mistake, and an absolute one to the site's own pages is checked.
public struct SiteURL: Sendable, Hashable, CustomStringConvertible {
    /// `http` or `https`, lowercased.
    public let scheme: String
    /// The host, lowercased, with `:port` when one other than the scheme's default is given.
    public let authority: String
    /// The path the tree is served at: starts and ends with `/` (`/docs/`, or `/`).
    public let basePath: String

    /// Reads `text`; `nil` for anything but an `http` or `https` URL with a host and without a
    /// query, a fragment or a user.
    public init?(parsing text: String) {
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
            let host = url.host?.lowercased(), !host.isEmpty, url.query == nil, url.fragment == nil, url.user == nil
        else { return nil }
        self.scheme = scheme
        authority = Self.authority(host: host, port: url.port, scheme: scheme)
        let path = url.path(percentEncoded: true)
        basePath = path.isEmpty ? "/" : path.hasSuffix("/") ? path : path + "/"
    }

    public var description: String { "\(scheme)://\(authority)\(basePath)" }

    /// The last segment of `text`'s path when it names a page (`index.html`, `about.php`) rather
    /// than the folder a site is served at; `nil` otherwise.
    public static func pageName(in text: String) -> String? {
        guard let url = URL(string: text) else { return nil }
        let path = url.path(percentEncoded: true)
        guard !path.hasSuffix("/"), let last = path.split(separator: "/").last,
            let dot = last.lastIndex(of: "."),
            ["html", "htm", "xhtml", "php", "asp", "aspx"].contains(last[last.index(after: dot)...].lowercased())
        else { return nil }
        return String(last)
    }

    /// This URL with its last segment taken off: the folder of the page it names.
    public var folderOfPage: String {
        let trimmed = basePath.dropLast().split(separator: "/", omittingEmptySubsequences: false).dropLast()
        return "\(scheme)://\(authority)\(trimmed.joined(separator: "/"))/"
    }

    /// `pattern` (an `--ignore` pattern) with a start that names this site otherwise (`HTTPS://`,
    /// `http://`, which the site answers too, `example.org:443`) spelt as `description` spells it,
    /// so that it matches the site's URLs as they are compared; any other pattern as it is.
    func spelledAsTheSite(_ pattern: String) -> String {
        guard let colon = pattern.firstIndex(of: ":"), ["http", "https"].contains(pattern[..<colon].lowercased()),
            pattern[colon...].hasPrefix("://")
        else { return pattern }
        let afterSlashes = pattern.index(colon, offsetBy: 3)
        let authorityEnd = pattern[afterSlashes...].firstIndex(of: "/") ?? pattern.endIndex
        let written = pattern[afterSlashes..<authorityEnd].lowercased()
        let (host, port) =
            written.lastIndex(of: ":").map { (String(written[..<$0]), Int(written[written.index(after: $0)...])) }
            ?? (written, nil)
        let scheme = pattern[..<colon].lowercased()
        guard Self.authority(host: host, port: port, scheme: scheme) == authority else { return pattern }
        return "\(self.scheme)://\(authority)" + pattern[authorityEnd...]
    }

    /// `host:port`, or the host alone for no port or the scheme's default one (`:443` of `https`),
    /// which the URL standard drops.
    private static func authority(host: String, port: Int?, scheme: String) -> String {
        guard let port, port != (scheme == "https" ? 443 : 80) else { return host }
        return "\(host):\(port)"
    }

    /// The tree path (decoded, without a query) of a start page given as the site names it: its URL
    /// (`https://example.org/docs/a/`) or its root-relative path (`/docs/a/`, as a link of the site
    /// reads it, when the site is not at the host's root); `nil` for anything else.
    public func treePath(ofStartPage entry: String) -> String? {
        if basePath != "/", entry.hasPrefix(basePath) { return String(entry.dropFirst(basePath.count)) }
        guard let url = URL(string: URLPath.encodedAsBrowsersSend(entry)), let treePath = treePath(of: url) else {
            return nil
        }
        let path = String(treePath.prefix { $0 != "?" })
        return path.removingPercentEncoding ?? path
    }

    /// The site URL of the tree's file at the percent-encoded bundle path `path` (no leading `/`).
    func url(ofTreePath path: String) -> URL? { URL(string: description + path) }

    /// The tree path (percent-encoded, without a leading `/`, with the query) that `url` names, when
    /// it is below the site (either scheme: a site served on `https` still answers its `http` links,
    /// with a redirect); `nil` for any other URL.
    func treePath(of url: URL) -> String? {
        guard let urlScheme = url.scheme?.lowercased(), urlScheme == "http" || urlScheme == "https",
            let host = url.host?.lowercased(), Self.authority(host: host, port: url.port, scheme: urlScheme) == authority,
            (url.user ?? "").isEmpty
        else { return nil }
        var path = url.path(percentEncoded: true)
        if path.isEmpty { path = "/" }
        // `/docs` is the site's folder without its slash, which a web server redirects to `/docs/`.
        if path + "/" == basePath { path = basePath }
        guard path.hasPrefix(basePath) else { return nil }
        let query = url.query(percentEncoded: true).map { "?" + $0 } ?? ""
        return String(path.dropFirst(basePath.count)) + query
    }
}
