/// URLs of a scheme that must have a host, written without one (`https://`, `http://:80/`): no URL
/// to a browser (URL standard), so the Markdown check and the crawl both call them unparsable.
public enum HostlessURL {
    /// The schemes the URL standard gives a host, whose URLs are invalid without one.
    public static let schemesWithHost: Set<String> = ["http", "https", "ws", "wss", "ftp"]

    /// Whether `href`, of the lowercase `scheme`, is such a URL.
    public static func isHostless(_ href: String, scheme: String) -> Bool {
        schemesWithHost.contains(scheme) && authorityHasNoHost(href)
    }

    /// Whether the authority of `href` (`scheme:` then any slashes, as the URL standard skips them for
    /// special schemes: `http:///x` is `http://x/`) has an empty host: `https://`, `http://:80/`.
    public static func authorityHasNoHost(_ href: String) -> Bool {
        guard let colon = href.firstIndex(of: ":") else { return false }
        let afterSlashes = href[href.index(after: colon)...].drop { $0 == "/" || $0 == "\\" }
        let authority = afterSlashes.prefix { !"/\\?#".contains($0) }
        let hostAndPort = authority.split(separator: "@", omittingEmptySubsequences: false).last ?? ""
        return hostAndPort.prefix { $0 != ":" }.isEmpty
    }
}
