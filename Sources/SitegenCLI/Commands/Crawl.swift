import Foundation
import SitegenBuild
import SitegenBundle
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

/// The crawl `build` and `check` share: every same-origin URL fetched through `SchemeResolver`,
/// exactly as an app would be served.
enum Crawl {
    static func run(
        bundle: URL, displayRoot: String, entries: [String], external: ExternalLinkPolicy, ignore: [String],
        origin: BundleOrigin = BundleOrigin(), progress: ProgressHandler? = nil, memo: CrawlMemo? = nil,
        assembled: Manifest? = nil
    ) async throws(ManifestError) -> CrawlResult {
        let resolver: SchemeResolver
        if let assembled {
            resolver = try SchemeResolver(bundle: bundle, assembled: assembled)
        } else {
            resolver = try SchemeResolver(bundle: bundle, origin: origin)
        }
        let fetcher = ResolverFetcher(resolver: resolver)
        var options = CheckOptions()
        options.external = external
        options.ignorePatterns = ignore
        options.displayRoot = displayRoot
        let extra = entries.map { resolver.origin.url(forPath: $0.hasPrefix("/") ? String($0.dropFirst()) : $0) }
        let (report, remembered) = await LinkChecker(fetcher: fetcher, options: options, progress: progress)
            .check(entries: [resolver.entryURL] + extra, memo: memo)
        return CrawlResult(
            findings: report.findings, pages: report.pages, assets: report.assets, linksChecked: report.linksChecked,
            memo: remembered)
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
