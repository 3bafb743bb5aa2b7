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

    /// How many requests run ahead of the one the crawl is at: the crawl still takes responses in
    /// queue order, so limits and names come out as if they were fetched one by one.
    static let requestsAhead = 8

    /// Fetches everything reachable from the source root and returns the mirror's files in memory.
    /// A URL that fails is reported in the result's diagnostics; the run goes on.
    public func run() async -> MirrorResult {
        let source = self.source
        let crawl = await withTaskGroup(of: Response.self) { group in
            var crawl = Crawl()
            var queue: [(url: URL, from: Referrer?)] = [(source.root, nil)]
            var queued: Set<String> = [Self.key(source.root)]
            var next = 0
            var requested = 0
            var arrived: [Int: Result<SourceResponse, SourceError>] = [:]
            var passedOver = Set<Int>()
            while next < queue.count {
                if Task.isCancelled {
                    crawl.failures.append(
                        (Self.key(queue[next].url), "not fetched: time limit reached", .mirrorLimit, queue[next].from))
                    break
                }
                while requested < min(queue.count, next + Self.requestsAhead) {
                    let index = requested
                    let url = queue[index].url
                    requested += 1
                    // A URL known by now (a redirect's target) stays known: it needs no request.
                    if crawl.finalKey[Self.key(url)] != nil { continue }
                    group.addTask { Response(index: index, result: await Self.request(url, from: source)) }
                }
                let index = next
                let (url, referrer) = queue[index]
                next += 1
                if crawl.finalKey[Self.key(url)] != nil {
                    if arrived.removeValue(forKey: index) == nil { passedOver.insert(index) }
                    continue
                }
                while arrived[index] == nil {
                    guard let response = await group.next() else { break }
                    if passedOver.remove(response.index) == nil { arrived[response.index] = response.result }
                }
                guard let first = arrived.removeValue(forKey: index),
                    let final = await fetch(url, first: first, referrer: referrer, into: &crawl),
                    let page = crawl.fetched[final]
                else { continue }
                for target in links(of: page) where queued.insert(Self.key(target.url)).inserted {
                    queue.append((target.url, Referrer(page: final, line: target.line, column: target.column)))
                }
            }
            group.cancelAll()
            return crawl
        }
        return assemble(crawl)
    }

    /// A response to the request for the queue's entry `index`. A struct, not a tuple: a task group
    /// of `(Int, Result<SourceResponse, SourceError>)` whose children called `fetch` through
    /// `any MirrorSource` inside `do throws(SourceError)` handed back wrong indices in release
    /// builds (Swift 6.3.1), while debug builds were right.
    private struct Response: Sendable {
        var index: Int
        var result: Result<SourceResponse, SourceError>
    }

    private static func request(_ url: URL, from source: any MirrorSource) async -> Result<SourceResponse, SourceError> {
        do throws(SourceError) {
            return .success(try await source.fetch(url))
        } catch {
            return .failure(error)
        }
    }

    /// Takes the response `first` to `url`, following redirects within the origin; returns the
    /// final key when stored.
    private func fetch(
        _ url: URL, first: Result<SourceResponse, SourceError>, referrer: Referrer?, into crawl: inout Crawl
    ) async -> String? {
        var chain: [String] = []
        var current = url
        var pending: Result<SourceResponse, SourceError>? = first
        while true {
            let key = Self.key(current)
            if let known = crawl.finalKey[key] {
                for k in chain { crawl.finalKey[k] = known }
                return nil
            }
            chain.append(key)
            let response: SourceResponse
            do {
                if let taken = pending {
                    pending = nil
                    response = try taken.get()
                } else {
                    response = try await source.fetch(current)
                }
            } catch {
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
        let trimmed = reference.trimmingASCIIWhitespace()
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
