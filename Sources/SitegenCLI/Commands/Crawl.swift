import Foundation
import SitegenBuild
import SitegenBundleCore
import SitegenCore
import SitegenLinks

/// What the crawl of a bundle found.
struct CrawlResult: Sendable {
    var findings: [LinkFinding]
    var pages: Int
    var assets: Int
    var linksChecked: Int
    /// What the crawl parsed, for the next one.
    var memo = CrawlMemo()
}

extension CrawlResult {
    var report: CheckReport { CheckReport(pages: pages, assets: assets, linksChecked: linksChecked, findings: findings) }

    init(_ report: CheckReport, memo: CrawlMemo) {
        self.init(
            findings: report.findings, pages: report.pages, assets: report.assets, linksChecked: report.linksChecked,
            memo: memo)
    }

    /// A crawl the build cache remembered.
    init(_ cached: BuildCache.CachedCrawl, memo: CrawlMemo = CrawlMemo()) {
        self.init(
            findings: cached.findings.map { LinkFinding(diagnostic: $0.diagnostic, page: $0.page, href: $0.href) },
            pages: cached.pages, assets: cached.assets, linksChecked: cached.linksChecked, memo: memo)
    }

    /// The form the build cache keeps.
    var cached: BuildCache.CachedCrawl {
        BuildCache.CachedCrawl(
            findings: findings.map { BuildCache.CachedFinding(diagnostic: $0.diagnostic, page: $0.page, href: $0.href) },
            pages: pages, assets: assets, linksChecked: linksChecked)
    }
}

/// The crawl `build` and `check` share: every same-origin URL fetched through `SchemeResolver`,
/// exactly as an app would be served. A build passes the resolver it made from its manifest;
/// otherwise one is made for `bundle`.
enum Crawl {
    static func run(
        bundle: URL, displayRoot: String, entries: [String], external: ExternalLinkPolicy, ignore: [String],
        origin: BundleOrigin = BundleOrigin(), typeSource: TypeSource = .configured, siteURL: SiteURL? = nil,
        progress: ProgressHandler? = nil,
        memo: CrawlMemo? = nil,
        baseline: CheckReport? = nil, resolver made: Result<SchemeResolver, ManifestError>? = nil
    ) async throws(ManifestError) -> CrawlResult {
        let resolver: SchemeResolver
        if let made {
            resolver = try made.get()
        } else {
            resolver = try SchemeResolver(bundle: bundle, origin: origin)
        }
        var fetcher = ResolverFetcher(resolver: resolver)
        // A web server redirects a folder asked for without its slash.
        fetcher.redirectsFolders = siteURL != nil
        var options = CheckOptions()
        options.external = external
        options.ignorePatterns = ignore
        options.displayRoot = displayRoot
        options.typeSource = typeSource
        options.siteURL = siteURL
        // A start page is a bundle path (`guide/a.html`, `/guide/a.html`) or a URL (`docs://app/guide/a.html`).
        let extra = entries.map { entry in
            StartPage.isURL(entry)
                ? URL(string: URLPath.encodedAsBrowsersSend(entry)) ?? resolver.origin.url(forPath: entry)
                : resolver.origin.url(forPath: entry.droppingLeadingSlash)
        }
        if resolver.manifest == nil, extra.isEmpty {
            options.missingEntryHint =
                "a folder without manifest is checked from its index.html; name its start pages with --entry PAGE"
        }
        let checker = LinkChecker(fetcher: fetcher, options: options, progress: progress)
        var entries = [resolver.entryURL] + extra
        // Without a manifest `index.html` is a guess at the start page (rustdoc writes none): start
        // pages given replace it when it is not there.
        if resolver.manifest == nil, !extra.isEmpty, case .failure = resolver.resolve(resolver.entryURL) {
            entries = extra
        }
        if let baseline, let memo,
            let (report, remembered) = await checker.recheck(entries: entries, baseline: baseline, memo: memo)
        {
            return CrawlResult(report, memo: remembered)
        }
        let (report, remembered) = await checker.check(entries: entries, memo: memo)
        return CrawlResult(report, memo: remembered)
    }
}

/// Maps the `external_links` setting of `sitegen.yml` to the checker's policy.
enum CheckPolicy {
    static func external(_ setting: ExternalLinkSetting) -> ExternalLinkPolicy {
        switch setting {
        case .ignore: .ignore
        case .warn: .warn
        case .error: .error
        }
    }
}

/// What `--entry` names.
enum StartPage {
    /// Whether `entry` is written as a URL (`docs://app/a.html`) rather than a bundle path: a scheme,
    /// then `//`.
    static func isURL(_ entry: String) -> Bool {
        guard let colon = entry.firstIndex(of: ":"), entry[colon...].hasPrefix("://") else { return false }
        let scheme = entry[..<colon]
        return scheme.first?.isLetter == true
            && scheme.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) }
    }

    /// The path of a start page written as a URL, up to its query or fragment: `/a.html` of
    /// `docs://app/a.html?x`.
    static func path(ofURL entry: String) -> String {
        let bytes = Array(entry.utf8)
        let path = bytes[URLPath.afterAuthority(bytes)...].prefix { $0 != UInt8(ascii: "?") && $0 != UInt8(ascii: "#") }
        return String(decoding: path, as: UTF8.self)
    }

    /// `path` with its escapes decoded where they decode (`%2e%2e` is `..`), else with only its
    /// escaped dots: a `%ff` beside them must not hide a `..`.
    static func decodedDots(_ path: String) -> String {
        path.removingPercentEncoding ?? path.replacingOccurrences(of: "%2e", with: ".", options: .caseInsensitive)
    }
}
