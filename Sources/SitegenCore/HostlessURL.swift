/// URLs of a scheme that must have a host, written without one (`https://`, `http://:80/`): no URL
/// to a browser (URL standard), so the Markdown check and the crawl both call them unparsable.
public enum HostlessURL {
    /// The schemes the URL standard gives a host, whose URLs are invalid without one.
    public static let schemesWithHost: Set<String> = ["http", "https", "ws", "wss", "ftp"]

    /// Whether `href`, of the lowercase `scheme`, is such a URL.
    public static func isHostless(_ href: String, scheme: String) -> Bool {
        schemesWithHost.contains(scheme) && authorityHasNoHost(href)
    }

    /// Whether the host of `href` (`scheme://host…`), percent-decoded as the URL standard reads a
    /// host, holds a character it forbids in a domain: controls, space, `#`, `%`, `/`, `:`, `<`,
    /// `>`, `?`, `@`, `[`, `\`, `]`, `^`, `|`, DEL. `http://exa%20mple.com/` is no URL, as
    /// `http://exa mple.com/` is not. An IPv6 literal (`[::1]`) is left to the URL parser.
    public static func hasForbiddenHostCharacter(_ href: String) -> Bool {
        guard let colon = href.firstIndex(of: ":"), href[href.index(after: colon)...].hasPrefix("//") else { return false }
        var host = hostAndPort(startingAt: href[href.index(colon, offsetBy: 3)...])
        guard !host.hasPrefix("["), host.contains("%") else { return false }
        if let port = host.lastIndex(of: ":") { host = host[..<port] }
        let decoded = host.removingPercentEncoding ?? "%"
        return decoded.utf8.contains { $0 <= 0x20 || $0 == 0x7F || "#%/:<>?@[\\]^|".utf8.contains($0) }
    }

    /// Whether the authority of `href` (`scheme:` then any slashes, as the URL standard skips them for
    /// special schemes: `http:///x` is `http://x/`) has an empty host: `https://`, `http://:80/`.
    public static func authorityHasNoHost(_ href: String) -> Bool {
        guard let colon = href.firstIndex(of: ":") else { return false }
        let afterSlashes = href[href.index(after: colon)...].drop { $0 == "/" || $0 == "\\" }
        return hostAndPort(startingAt: afterSlashes).prefix { $0 != ":" }.isEmpty
    }

    /// The host and port of the authority that starts `text`: up to its end (`/`, `\`, `?`, `#`),
    /// after any user and password.
    private static func hostAndPort(startingAt text: Substring) -> Substring {
        let authority = text.prefix { !"/\\?#".contains($0) }
        return authority.split(separator: "@", omittingEmptySubsequences: false).last ?? ""
    }
}
