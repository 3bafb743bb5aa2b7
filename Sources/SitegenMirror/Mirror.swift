import Foundation
import SitegenCore
import SitegenLinks

/// Mirrors a site authored for a web server: crawls it from its root through a `MirrorSource`
/// (same origin only, redirects followed within the origin, bounded by `MirrorOptions`), then maps
/// every URL to a file and rewrites every same-origin link to a relative path (`Mirror+Assemble`).
public struct Mirror: Sendable {
    /// Where the site is read from.
    public let source: any MirrorSource
    /// Bounds and naming.
    public let options: MirrorOptions

    /// Creates a mirror of `source`.
    public init(source: any MirrorSource, options: MirrorOptions = MirrorOptions()) {
        self.source = source
        self.options = options
    }

    /// One fetched resource, keyed by its final URL.
    struct Fetched: Sendable {
        var url: URL
        var mimeType: String
        var body: Data
        var facts: DocumentFacts?
    }

    /// Where a URL was first linked from, for messages.
    struct Referrer: Sendable {
        var page: String
        var line: Int
        var column: Int
    }

    /// The state of the crawl, merged serially.
    struct Crawl: Sendable {
        var fetched: [String: Fetched] = [:]
        var finalKey: [String: String] = [:]
        var failures: [(url: String, reason: String, rule: RuleID, from: Referrer?)] = []
        var pages = 0
        var bytes = 0
    }

    /// Fetches everything reachable from the source root and returns the mirror's files in memory.
    /// A URL that fails is reported in the result's diagnostics; the run goes on.
    public func run() async -> MirrorResult {
        var crawl = Crawl()
        let root = Self.key(source.root)
        var queue: [(url: URL, from: Referrer?)] = [(source.root, nil)]
        var queued: Set<String> = [root]
        var next = 0
        while next < queue.count {
            if Task.isCancelled {
                crawl.failures.append(
                    (Self.key(queue[next].url), "not fetched: time limit reached", .mirrorLimit, queue[next].from))
                break
            }
            let (url, referrer) = queue[next]
            next += 1
            let key = Self.key(url)
            guard crawl.finalKey[key] == nil else { continue }
            guard let final = await fetch(url, referrer: referrer, into: &crawl), let page = crawl.fetched[final] else {
                continue
            }
            for target in links(of: page) where queued.insert(Self.key(target.url)).inserted {
                queue.append((target.url, Referrer(page: final, line: target.line, column: target.column)))
            }
        }
        return assemble(crawl)
    }

    /// Fetches `url`, following redirects within the origin; returns the final key when stored.
    private func fetch(_ url: URL, referrer: Referrer?, into crawl: inout Crawl) async -> String? {
        var chain: [String] = []
        var current = url
        while true {
            let key = Self.key(current)
            if let known = crawl.finalKey[key] {
                for k in chain { crawl.finalKey[k] = known }
                return nil
            }
            chain.append(key)
            let response: SourceResponse
            do { response = try await source.fetch(current) } catch {
                crawl.failures.append((Self.key(url), error.description, .mirrorFetch, referrer))
                return nil
            }
            switch response {
            case .redirect(let status, let location):
                guard let target = URL(string: location, relativeTo: current)?.absoluteURL, isSameOrigin(target) else {
                    crawl.failures.append(
                        (Self.key(url), "HTTP \(status) redirect leaves the origin: \(location)", .mirrorFetch, referrer))
                    return nil
                }
                guard chain.count <= options.maxRedirects else {
                    crawl.failures.append((Self.key(url), "more than \(options.maxRedirects) redirects", .mirrorFetch, referrer))
                    return nil
                }
                current = Self.withoutFragment(target)
            case .resource(let mimeType, let body):
                let isPage = mimeType == "text/html"
                if isPage, crawl.pages >= options.maxPages {
                    crawl.failures.append((key, "not fetched: --max-pages \(options.maxPages) reached", .mirrorLimit, referrer))
                    return nil
                }
                if crawl.bytes + body.count > options.maxBytes {
                    crawl.failures.append((key, "not fetched: --max-bytes \(options.maxBytes) reached", .mirrorLimit, referrer))
                    return nil
                }
                crawl.bytes += body.count
                if isPage { crawl.pages += 1 }
                let facts: DocumentFacts? =
                    isPage
                    ? HTMLExtractor.extract(body)
                    : mimeType == "text/css" ? DocumentFacts(links: CSSExtractor.extract(body)) : nil
                crawl.fetched[key] = Fetched(url: current, mimeType: mimeType, body: body, facts: facts)
                for k in chain { crawl.finalKey[k] = key }
                return key
            }
        }
    }

    /// The same-origin URLs a page or style sheet needs (form actions are not fetched).
    private func links(of resource: Fetched) -> [(url: URL, line: Int, column: Int)] {
        guard let facts = resource.facts else { return [] }
        let base = baseURL(of: resource)
        return facts.links.compactMap { link in
            guard !(link.element == "form"), let url = resolve(link.url, against: base), isSameOrigin(url) else { return nil }
            return (Self.withoutFragment(url), link.line, link.column)
        }
    }

    func baseURL(of resource: Fetched) -> URL {
        guard let href = resource.facts?.baseHref, let base = resolve(href, against: resource.url) else { return resource.url }
        return base
    }

    func resolve(_ reference: String, against base: URL) -> URL? {
        let trimmed = reference.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty, !trimmed.hasPrefix("#") else { return nil }
        let url =
            URL(string: trimmed, relativeTo: base)
            ?? trimmed.addingPercentEncoding(withAllowedCharacters: .urlFragmentAllowed.union(["#"])).flatMap {
                URL(string: $0, relativeTo: base)
            }
        return url?.absoluteURL
    }

    func isSameOrigin(_ url: URL) -> Bool {
        let root = source.root
        return url.scheme?.lowercased() == root.scheme?.lowercased() && url.host?.lowercased() == root.host?.lowercased()
            && (url.port ?? 80) == (root.port ?? 80)
    }

    static func withoutFragment(_ url: URL) -> URL {
        guard url.fragment != nil, var parts = URLComponents(url: url, resolvingAgainstBaseURL: false) else { return url }
        parts.fragment = nil
        return parts.url ?? url
    }

    /// The identity of a URL: absolute, without fragment.
    public static func key(_ url: URL) -> String {
        let text = url.absoluteString
        return text.firstIndex(of: "#").map { String(text[..<$0]) } ?? text
    }
}
