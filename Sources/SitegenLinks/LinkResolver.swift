import Foundation
import SitegenBundleCore
import SitegenCore

/// Resolves the links of one document against its URL (or `<base href>`) and classifies them.
struct LinkResolver: Sendable {
    let scheme: String
    let host: String
    private(set) var ignorePatterns: [LinkPattern]
    /// Where the tree is served on the web, when it is checked as a web site (`--site-url`).
    private(set) var siteURL: SiteURL?
    /// `scheme://host`, the start of every same-origin key.
    private let originBytes: [UInt8]

    /// The URL standard's special schemes besides `file`: their URLs cannot have an empty host.
    /// Not links to content: scripts, inline data, and actions of the device (`mailto:` opens Mail).
    private static let nonLinkSchemes: Set<String> = ["javascript", "mailto", "tel", "data", "about", "blob", "sms"]

    init(scheme: String, host: String, ignorePatterns: [String], siteURL: SiteURL? = nil) {
        self.scheme = scheme.lowercased()
        self.host = host.lowercased()
        self.ignorePatterns = ignorePatterns.map { LinkPattern(siteURL?.spelledAsTheSite($0) ?? $0) }
        self.siteURL = siteURL
        originBytes = Array("\(self.scheme)://\(self.host)".utf8)
    }

    /// Where an ignored link leads, for reachability alone: the same-origin path it names; whether
    /// the file served there is left out too (a section left out on purpose) is the caller's to ask
    /// (`leavesOut`), as an alias's URL names another file. `nil` otherwise.
    func reachedThroughIgnored(_ raw: String, page: URL, pagePath: [UInt8], base: URL?) -> SameOriginTarget? {
        // Another scheme (`https:` of an ignored external link) names no file of the bundle: no
        // second resolution for it.
        if let written = Self.scheme(of: raw.trimmingC0ControlOrSpace()), written != scheme { return nil }
        var plain = self
        plain.ignorePatterns = []
        guard case .sameOrigin(let target) = plain.resolve(raw, page: page, pagePath: pagePath, base: base),
            !target.escapesRoot
        else { return nil }
        return target
    }

    /// Whether the patterns leave the bundle file `path` out of the crawl: its path or its URL
    /// matches one (`guide/old/*`, `docs://app/guide/old/*`). Such a page is linked to and may be
    /// a fragment's target, but its own links are not checked.
    func leavesOut(_ path: String) -> Bool {
        LinkPattern.leaveOut(path, by: ignorePatterns, origin: "\(scheme)://\(host)", encode: BundleOrigin.percentEncodePath)
    }

    /// The URL of the bundle path `path` as written with its characters, not their escapes
    /// (`docs://app/té x/`): what a pattern written that way matches.
    private func decodedURL(_ path: String) -> String { "\(scheme)://\(host)/\(path)" }

    /// The encoded path of a bundle file with its leading slash (`/guide/a%20b.html`), and its URL.
    func url(forPath path: String) -> (path: [UInt8], url: URL)? {
        let encoded = "/" + BundleOrigin.percentEncodePath(path)
        return URL(string: "\(scheme)://\(host)\(encoded)").map { (Array(encoded.utf8), $0) }
    }

    /// The key under which a same-origin URL is fetched once: the absolute URL without query and
    /// fragment, dot segments removed.
    func key(for url: URL) -> String { Self.split(url).key }

    /// The key of `url` and the URL it names (dot segments removed).
    private static func split(_ url: URL) -> (key: String, url: URL) {
        var absolute = url.absoluteURL
        var string = absolute.absoluteString
        if string.contains("/.") {
            absolute = absolute.standardized
            string = absolute.absoluteString
        }
        guard let cut = string.utf8.firstIndex(where: { $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") }) else {
            return (string, absolute)
        }
        return (String(string[..<cut]), absolute)
    }

    /// Whether `url` belongs to the bundle's origin: its scheme and host, and no port or user, which
    /// make another authority that the resolver refuses.
    func isSameOrigin(_ url: URL) -> Bool {
        url.scheme?.lowercased() == scheme && (url.host?.lowercased() ?? "") == host && url.port == nil
            && (url.user ?? "").isEmpty && (url.password ?? "").isEmpty
    }

    /// Classifies `raw` (as written) found in a document at `page` (whose encoded path, with its
    /// leading slash, is `pagePath`), whose `<base href>` resolved to `base`, if any.
    func resolve(_ raw: String, page: URL, pagePath: [UInt8], base: URL?) -> LinkTarget {
        var href = raw.readAsURL()
        if href.isEmpty || href == "#" { return .notALink }
        let written = Self.scheme(of: href)
        // `x_y:z.html` is a path to a browser (`x_y` can be no scheme), but RFC 3986, which
        // Foundation follows, allows no colon in a relative path's first segment: `./` says the same.
        if written == nil, Self.firstSegmentHasColon(href) { href = "./" + href }
        if let written, Self.nonLinkSchemes.contains(written) { return .notALink }
        if !ignorePatterns.isEmpty, isIgnored(href) { return .ignored }
        if written == "file" { return .fileURL }
        if base == nil, href.utf8.first == UInt8(ascii: "#") { return .samePage(fragment: String(href.dropFirst())) }
        if let siteURL { return resolveOnSite(href, page: page, pagePath: pagePath, base: base, site: siteURL) }
        if base == nil, written == nil, let fast = RelativeReference.resolve(href.utf8, pagePath: pagePath),
            let target = fastTarget(href, fast)
        {
            return target
        }
        let url: URL
        switch Self.absoluteURL(of: href, against: base ?? page) {
        case .url(let absolute): url = absolute
        case .refused(let target): return target
        }
        guard isSameOrigin(url) else {
            if isIgnored(url.absoluteString) { return .ignored }
            return url.scheme?.lowercased() == scheme ? .otherHost(url.absoluteString) : .external(url.absoluteString)
        }
        let (key, normal) = Self.split(url)
        guard let decoded = normal.path(percentEncoded: true).removingPercentEncoding else {
            return .unservable(reason: "its path is not UTF-8 once decoded")
        }
        if let refusal = Self.refusal(of: decoded) { return refusal }
        let path = String(decoded.drop(while: { $0 == "/" }))
        if !ignorePatterns.isEmpty,
            isIgnored(key) || isIgnored(url.absoluteString) || isIgnored(path) || isIgnored(decodedURL(path))
        {
            return .ignored
        }
        let relative = written == nil && href.utf8.first != UInt8(ascii: "/")
        let escapes =
            relative && (href.contains("..") || href.contains("%"))
            && Self.climbsAboveRoot(
                href, from: (base.flatMap { isSameOrigin($0) ? $0 : nil } ?? page).path(percentEncoded: true))
        return .sameOrigin(
            SameOriginTarget(
                key: key, path: path, fragment: Self.fragment(of: href), escapesRoot: escapes,
                absolutePath: href.hasPrefix("/") && !href.hasPrefix("//")))
    }

    /// `href` resolved as a browser on the site resolves it, against the page's URL there (or its
    /// `<base href>`): a URL below the site is the tree's file, resolved again as the bundle's URL
    /// (a root-relative `/docs/a/` is then no mistake); any other is external, never fetched.
    private func resolveOnSite(_ href: String, page: URL, pagePath: [UInt8], base: URL?, site: SiteURL) -> LinkTarget {
        guard let sitePage = onSite(page, site: site) else { return .invalid }
        let against = base.flatMap { onSite($0, site: site) } ?? sitePage
        var url: URL
        switch Self.absoluteURL(of: Self.asWebURLReads(href, base: against), against: against) {
        case .url(let absolute): url = absolute
        case .refused(let target): return target
        }
        url = Self.withoutDotSegments(url)
        guard let treePath = site.treePath(of: url) else {
            return isIgnored(url.absoluteString) ? .ignored : .external(url.absoluteString)
        }
        // `--ignore` names the site's URLs as the user knows them, written or as the site spells them.
        let fragment = url.fragment(percentEncoded: true).map { "#" + $0 } ?? ""
        let siteSpelling = site.description + treePath
        if !ignorePatterns.isEmpty,
            [url.absoluteString, siteSpelling, siteSpelling + fragment].contains(where: isIgnored)
        {
            return .ignored
        }
        var plain = self
        plain.siteURL = nil
        return plain.resolve(bundleURLString(ofTreePath: treePath) + fragment, page: page, pagePath: pagePath, base: nil)
    }

    /// The bundle's URL of the tree's percent-encoded path `treePath`: what `onSite` undoes.
    private func bundleURLString(ofTreePath treePath: String) -> String { "\(scheme)://\(host)/\(treePath)" }

    /// `url` with its `.` and `..` segments resolved: `https://example.org/docs/../docs/a/` is
    /// `/docs/a/` to a browser, and Foundation keeps the dots of an absolute URL.
    private static func withoutDotSegments(_ url: URL) -> URL {
        url.path(percentEncoded: true).contains("/.") ? url.standardized : url
    }

    /// The site's URL of a URL of the bundle's origin; any other URL as it is.
    private func onSite(_ url: URL, site: SiteURL) -> URL? {
        guard isSameOrigin(url) else { return url }
        let path = String(url.path(percentEncoded: true).drop { $0 == "/" })
        return site.url(ofTreePath: path + (url.query(percentEncoded: true).map { "?" + $0 } ?? ""))
    }

    /// The URL a page's `<base href>` sets, as browsers freeze it (not a `data:` or `javascript:`
    /// one), resolved against the page's URL: under `--site-url`, its URL on the site (`/docs/sub/`
    /// is the site's), given back as the bundle's URL when it is below the site.
    func baseURL(of href: String, page: URL) -> URL? {
        let text = href.trimmingC0ControlOrSpace()
        var base: URL?
        if let siteURL, let sitePage = onSite(page, site: siteURL) {
            base = URL(string: Self.asWebURLReads(text, base: sitePage), relativeTo: sitePage)?.absoluteURL
            if let onSite = base, let treePath = siteURL.treePath(of: Self.withoutDotSegments(onSite)) {
                base = URL(string: bundleURLString(ofTreePath: treePath))
            }
        } else {
            base = URL(string: text, relativeTo: page)?.absoluteURL
        }
        return base.flatMap { ["data", "javascript"].contains($0.scheme?.lowercased()) ? nil : $0 }
    }

    /// `href` as the URL standard reads it on a page of an `http` or `https` site, whose schemes are
    /// special: a backslash in its path is a slash (`sub\a.html`), and the page's own scheme without
    /// `//` starts a relative reference (`https:a.html`), which a `docs:` page reads otherwise.
    static func asWebURLReads(_ href: String, base: URL) -> String {
        var text = href
        if let scheme = base.scheme, text.count > scheme.count + 1,
            text.prefix(scheme.count + 1).lowercased() == scheme.lowercased() + ":"
        {
            let rest = text.dropFirst(scheme.count + 1)
            // Two slashes, either way round, start an authority: `https://host/`, `https:\\host\`.
            let startsAuthority = rest.count >= 2 && rest.prefix(2).allSatisfy { $0 == "/" || $0 == "\\" }
            if !startsAuthority { text = String(rest) }
        }
        let end = text.firstIndex { $0 == "?" || $0 == "#" } ?? text.endIndex
        guard text[..<end].contains("\\") else { return text }
        return text[..<end].replacingOccurrences(of: "\\", with: "/") + text[end...]
    }

    /// A reference made absolute as a browser makes it, or why it names nothing to fetch.
    private enum Absolute {
        case url(URL)
        case refused(LinkTarget)
    }

    /// `href` resolved against `base` (the page's URL, or its `<base href>`): `.invalid` for what
    /// is no URL, `.fileURL` for a `file:` URL.
    private static func absoluteURL(of href: String, against base: URL) -> Absolute {
        guard let url = URL(string: URLPath.encodedAsBrowsersSend(href), relativeTo: base)?.absoluteURL,
            url.scheme != nil,
            !hasMalformedEscape(href), (url.port ?? 0) <= 65535
        else { return .refused(.invalid) }
        if url.scheme?.lowercased() == "file" { return .refused(.fileURL) }
        if HostlessURL.hasForbiddenHostCharacter(href) { return .refused(.invalid) }
        // `https://` and the like: a URL with a special scheme has a host, or is no URL (URL standard).
        if let scheme = url.scheme?.lowercased(), (url.host ?? "").isEmpty, HostlessURL.isHostless(href, scheme: scheme) {
            return .refused(.invalid)
        }
        return .url(url)
    }

    /// The target of a reference `RelativeReference` resolved; `nil` when its path does not decode.
    private func fastTarget(_ href: String, _ resolved: RelativeReference.Resolved) -> LinkTarget? {
        let encoded = String(decoding: resolved.path.dropFirst(), as: UTF8.self)
        var keyBytes = originBytes
        keyBytes.append(contentsOf: resolved.path)
        let key = String(decoding: keyBytes, as: UTF8.self)
        var path = encoded
        if resolved.path.contains(UInt8(ascii: "%")) {
            guard let decoded = encoded.removingPercentEncoding else { return nil }
            if let refusal = Self.refusal(of: decoded) { return refusal }
            path = decoded
        }
        if !ignorePatterns.isEmpty {
            let rest =
                href.utf8.firstIndex { $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") }.map { String(href[$0...]) } ?? ""
            if isIgnored(key) || isIgnored(key + rest) || isIgnored(path) || isIgnored(decodedURL(path)) { return .ignored }
        }
        return .sameOrigin(
            SameOriginTarget(
                key: key, path: path, fragment: Self.fragment(of: href), escapesRoot: resolved.climbsAboveRoot,
                absolutePath: href.utf8.first == UInt8(ascii: "/")))
    }

    /// Whether the path of `href` has a `%` that starts no escape (`%`, `%zz`): Foundation encodes it
    /// as `%25` where a browser keeps it, and the resolver refuses it.
    static func hasMalformedEscape(_ href: String) -> Bool { PercentEscapes.hasInvalidEscape(href) }

    /// Why the resolver refuses a decoded path whatever the bundle holds; `nil` when it does not.
    private static func refusal(of decoded: String) -> LinkTarget? {
        if ByteSearch.contains(0, in: decoded) { return .unservable(reason: "its path holds a NUL byte") }
        if ByteSearch.contains(UInt8(ascii: "\\"), in: decoded) { return .unservable(reason: "its path holds a backslash") }
        return nil
    }

    /// The fragment as written, without `#`; `nil` when there is none.
    static func fragment(of href: String) -> String? {
        ByteSearch.firstOffset(of: UInt8(ascii: "#"), in: href).map {
            String(href[href.utf8.index(href.utf8.startIndex, offsetBy: $0 + 1)...])
        }
    }

    private func isIgnored(_ text: String) -> Bool {
        ignorePatterns.contains { $0.matches(text) }
    }

    /// Whether the first segment of a reference's path (before any `/`, `?` or `#`) holds a colon.
    static func firstSegmentHasColon(_ href: String) -> Bool {
        for byte in href.utf8 {
            switch byte {
            case UInt8(ascii: ":"): return true
            case UInt8(ascii: "/"), UInt8(ascii: "?"), UInt8(ascii: "#"): return false
            default: continue
            }
        }
        return false
    }

    /// The lowercased scheme of an absolute reference, or `nil` for a relative one.
    static func scheme(of href: String) -> String? {
        var utf8 = href.utf8.makeIterator()
        guard let first = utf8.next(), (first | 0x20) >= UInt8(ascii: "a"), (first | 0x20) <= UInt8(ascii: "z") else {
            return nil
        }
        var length = 1
        while let c = utf8.next() {
            if c == UInt8(ascii: ":") { return String(href.utf8.prefix(length))?.lowercased() }
            let ok =
                ((c | 0x20) >= UInt8(ascii: "a") && (c | 0x20) <= UInt8(ascii: "z"))
                || (c >= UInt8(ascii: "0") && c <= UInt8(ascii: "9"))
                || c == UInt8(ascii: "+") || c == UInt8(ascii: "-") || c == UInt8(ascii: ".")
            guard ok else { return nil }
            length += 1
        }
        return nil
    }

    /// Whether the path of relative `href`, applied to the folder of `basePath`, goes above the root
    /// at any point (browsers clamp at the root; a `file://` load or another resolver does not).
    static func climbsAboveRoot(_ href: String, from basePath: String) -> Bool {
        let pathPart = href.prefix { $0 != "?" && $0 != "#" }
        guard pathPart.contains("..") || pathPart.contains("%2e") || pathPart.contains("%2E") else { return false }
        // By bytes: a segment that starts with a combining mark makes one character with the `/` before it.
        let baseSegments = basePath.utf8.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: true)
        var depth = baseSegments.count - (basePath.hasSuffix("/") ? 0 : 1)
        depth = max(depth, 0)
        let segments = pathPart.utf8.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false).map(Substring.init)
        for (index, segment) in segments.enumerated() {
            let lowered = segment.lowercased()
            if lowered == ".." || lowered == ".%2e" || lowered == "%2e." || lowered == "%2e%2e" {
                depth -= 1
                if depth < 0 { return true }
            } else if lowered != ".", lowered != "%2e", !segment.isEmpty, index < segments.count - 1 {
                depth += 1
            }
        }
        return false
    }
}
