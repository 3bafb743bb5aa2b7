import Foundation
import SitegenBundleCore
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
        /// Sent without a type its bytes told: typed by a link to it, which may come later.
        var untyped = false
        /// The encoding a page or style sheet came in, when not UTF-8: its links' queries are sent
        /// in it, as browsers send them.
        var queryEncoding: TextEncoding?
    }

    /// Where a URL was first linked from, for messages.
    struct Referrer: Sendable {
        var page: String
        var line: Int
        var column: Int
        /// What the link fetches its target as: an untyped response is typed by it.
        var destination: ExtractedLink.Destination = .other
    }

    /// A finding of the crawl, placed where the URL was linked from (`from`), or at the file of
    /// the fetched resource it is about (`resource`, a final key).
    struct Failure: Sendable {
        var message: String
        var rule: RuleID
        var from: Referrer?
        var resource: String?
        /// The key of the URL not mirrored, for a failure at a link.
        var url: String?
    }

    /// The state of the crawl, merged serially.
    struct Crawl: Sendable {
        var fetched: [String: Fetched] = [:]
        var finalKey: [String: String] = [:]
        /// The fragment a redirect's `Location` gave a requested URL (RFC 9110, section 10.2.2: a
        /// reference without one takes it), by requested key.
        var redirectFragments: [String: String] = [:]
        var failures: [Failure] = []
        /// The links to each queued URL after the one that queued it, by key: a URL a limit leaves
        /// out is reported at every link to it.
        var laterLinks: [String: [Referrer]] = [:]
        /// Why the source root could not be mirrored.
        var entryFailure: String?
        /// The encodings of pages and style sheets that were not in UTF-8, by final key.
        var encodings: [String: TextEncoding] = [:]
        var pages = 0
        var bytes = 0

        /// Reports that `url` could not be mirrored; without a referrer it is the entry.
        mutating func fail(_ url: String, _ reason: String, _ rule: RuleID, from referrer: Referrer?) {
            failures.append(Failure(message: "cannot mirror '\(url)': \(reason)", rule: rule, from: referrer, url: url))
            if referrer == nil, entryFailure == nil { entryFailure = reason }
        }
    }

    /// How many requests run ahead of the one the crawl is at: the crawl still takes responses in
    /// queue order, so limits and names come out as if they were fetched one by one. Fewer than
    /// the 6 connections that the listen queue of Python's `http.server` (5) holds: past that, the
    /// kernel drops a connection and retries it a second later (200 pages took 12 s, not 0.2).
    static let requestsAhead = 4

    /// Fetches everything reachable from the source root and returns the mirror's files in memory.
    /// A URL that fails is reported in the result's diagnostics and the run goes on, unless it is
    /// the root itself: then there is nothing to mirror, and the run throws. After
    /// `options.maxSeconds` the requests in flight are given up at once, and every URL not
    /// fetched by then is reported (`mirror-limit`).
    public func run() async throws(MirrorError) -> MirrorResult {
        let root = Self.normalized(source.root)
        let limit = options.maxSeconds
        let crawl = await withTaskGroup(of: Crawl?.self) { group in
            group.addTask { await self.crawl(from: root) }
            group.addTask {
                // Clamped (to some 30 years): a `Duration` of 1e300 seconds would trap.
                try? await Task.sleep(for: .seconds(min(limit, 1e9)))
                return nil
            }
            var finished: Crawl?
            // The first to end stops the other: the time limit cancels the crawl, which then ends soon.
            while let next = await group.next() {
                group.cancelAll()
                if let next { finished = next }
            }
            return finished ?? Crawl()
        }
        guard crawl.finalKey[Self.key(root)] != nil else {
            throw MirrorError(url: Self.key(root), reason: crawl.entryFailure ?? "not fetched")
        }
        return assemble(crawl)
    }

    /// The crawl from `root`, in queue order, until the queue is done or the task is cancelled.
    private func crawl(from root: URL) async -> Crawl {
        let source = self.source
        return await withTaskGroup(of: Response.self) { group in
            var crawl = Crawl()
            var queue: [(url: URL, from: Referrer?)] = [(root, nil)]
            var queued: Set<String> = [Self.key(root)]
            var next = 0
            var requested = 0
            var arrived: [Int: Result<SourceResponse, SourceError>] = [:]
            var passedOver = Set<Int>()
            while next < queue.count {
                if Task.isCancelled { break }
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
                if Task.isCancelled {
                    next = index
                    break
                }
                guard let first = arrived.removeValue(forKey: index),
                    let final = await fetch(url, first: first, referrer: referrer, into: &crawl),
                    let page = crawl.fetched[final]
                else { continue }
                for target in links(of: page) {
                    let referrer = Referrer(
                        page: final, line: target.line, column: target.column, destination: target.destination)
                    if queued.insert(target.key).inserted {
                        queue.append((URL(string: target.key) ?? target.url, referrer))
                    } else {
                        crawl.laterLinks[target.key, default: []].append(referrer)
                    }
                }
            }
            group.cancelAll()
            // Stopped by the time limit: what was queued or found and not fetched is reported, as
            // `--max-pages` reports the pages it leaves out.
            for (url, referrer) in queue[next...] where crawl.finalKey[Self.key(url)] == nil {
                crawl.fail(Self.key(url), options.timeLimitReason, .mirrorLimit, from: referrer)
            }
            return crawl
        }
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

    /// The URL the references of `resource` resolve against: its `<base href>`, else its own.
    func baseURL(of resource: Fetched) -> URL {
        guard let href = resource.facts?.baseHref,
            let base = resolve(href, against: resource.url, in: resource.url, encoding: resource.queryEncoding)
        else {
            return resource.url
        }
        return base
    }

    /// The URL `reference`, written in `document`, names when resolved against `base`; `nil` for a
    /// reference to the document itself (`#intro`, `""`) that no `<base>` moves, which is left as
    /// written. Under a base it names what a browser fetches: `#intro` under `<base href="/">` is
    /// the root's `#intro`, not the document's. A query is sent in the document's `encoding`.
    func resolve(_ reference: String, against base: URL, in document: URL, encoding: TextEncoding? = nil) -> URL? {
        let trimmed = QueryEncoding.encoding(
            ReferenceText.droppingSharedSpecialScheme(ReferenceText.asBrowsersRead(reference), of: base), in: encoding)
        if trimmed.isEmpty || trimmed.hasPrefix("#") {
            guard Self.key(base) != Self.key(document) else { return nil }
            // Foundation resolves no empty reference: it is the base without its fragment.
            if trimmed.isEmpty { return Self.normalized(base) }
        }
        let url =
            URL(string: URLPath.encodedAsBrowsersSend(trimmed), relativeTo: base)
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

    /// `url` in normal form, without fragment: what is requested and stored.
    static func normalized(_ url: URL) -> URL { URL(string: key(url)) ?? url }

    /// The identity of a URL: absolute, without fragment, normalised as RFC 3986 says, so that
    /// `/%61/` and `/a/`, or `%c3%a9` and `%C3%A9`, are one resource.
    public static func key(_ url: URL) -> String {
        URLNormalization.normalized(url.absoluteString, droppingFragment: true)
    }
}
