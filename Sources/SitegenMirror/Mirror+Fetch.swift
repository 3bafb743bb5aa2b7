import Foundation
import SitegenBundleCore
import SitegenCore
import SitegenLinks

extension Mirror {
    /// Takes the response `first` to `url`, following redirects within the origin; returns the
    /// final key when stored.
    func fetch(
        _ url: URL, first: Result<SourceResponse, SourceError>, referrer: Referrer?, into crawl: inout Crawl
    ) async -> String? {
        var chain: [String] = []
        var current = url
        var pending: Result<SourceResponse, SourceError>? = first
        var fragment: String?
        // Every URL of the chain leads to `final`, with the fragment a redirect gave on the way, or
        // the one `reached` (a URL met before) was given.
        func end(at final: String, reached: String) {
            let inherited = fragment ?? crawl.redirectFragments[reached]
            for k in chain {
                crawl.finalKey[k] = final
                if k != final, let inherited { crawl.redirectFragments[k] = inherited }
            }
        }
        while true {
            let key = Self.key(current)
            if let known = crawl.finalKey[key] {
                end(at: known, reached: key)
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
                // A request given up at the time limit is reported as the limit, as the URLs after it are.
                let (reason, isLimit) = Task.isCancelled ? (options.timeLimitReason, true) : (error.description, error.isLimit)
                crawl.fail(Self.key(url), reason, isLimit ? .mirrorLimit : .mirrorFetch, from: referrer)
                return nil
            }
            switch response {
            case .redirect(let status, let location):
                guard let target = URL(string: location, relativeTo: current)?.absoluteURL, isSameOrigin(target) else {
                    crawl.fail(
                        Self.key(url), "HTTP \(status) redirect leaves the origin: \(location)", .mirrorFetch, from: referrer)
                    return nil
                }
                guard chain.count <= options.maxRedirects else {
                    crawl.fail(Self.key(url), "more than \(options.maxRedirects) redirects", .mirrorFetch, from: referrer)
                    return nil
                }
                if let given = target.fragment(percentEncoded: true) { fragment = given }
                current = Self.normalized(target)
            case .resource(let mimeType, let body, let charset):
                guard store(key, url: current, mimeType: mimeType, body: body, charset: charset, referrer: referrer, into: &crawl)
                else { return nil }
                end(at: key, reached: key)
                return key
            }
        }
    }

    /// Keeps a fetched resource within the limits: pages and style sheets made UTF-8, their
    /// links extracted.
    private func store(
        _ key: String, url: URL, mimeType sent: String, body: Data, charset: String?, referrer: Referrer?, into crawl: inout Crawl
    ) -> Bool {
        // Untyped and of no type its bytes tell: what the link that found it fetches it as, as a
        // browser without `nosniff` uses it.
        let mimeType: String =
            switch (sent.isEmpty, referrer?.destination) {
            case (false, _): sent
            case (true, .style?): "text/css"
            case (true, .script?): "text/javascript"
            default: MIMEType.fallback
            }
        let isPage = ContentType.isPage(mimeType)
        let isStyleSheet = mimeType == "text/css"
        if isPage, crawl.pages >= options.maxPages {
            crawl.fail(key, "not fetched: --max-pages \(options.maxPages) reached", .mirrorLimit, from: referrer)
            return false
        }
        if crawl.bytes + body.count > options.maxBytes {
            crawl.fail(key, "not fetched: --max-bytes \(options.maxBytes) reached", .mirrorLimit, from: referrer)
            return false
        }
        crawl.bytes += body.count
        if isPage { crawl.pages += 1 }
        var text = body
        if isPage || isStyleSheet {
            let outcome =
                isPage
                ? Transcoder.html(body, charset: charset)
                : Transcoder.css(body, charset: charset, environment: referrer.flatMap { crawl.encodings[$0.page] })
            text = outcome.body
            if let encoding = outcome.encoding, !encoding.isUTF8 { crawl.encodings[key] = encoding }
            if let problem = outcome.problem {
                crawl.failures.append(Failure(message: "'\(key)' \(problem)", rule: .mirrorEncoding, from: nil, resource: key))
            }
        }
        let facts: DocumentFacts? =
            isPage ? HTMLExtractor.extract(text) : isStyleSheet ? DocumentFacts(links: CSSExtractor.extract(text)) : nil
        crawl.fetched[key] = Fetched(
            url: url, mimeType: mimeType, body: text, facts: facts, untyped: sent.isEmpty && mimeType == MIMEType.fallback,
            queryEncoding: crawl.encodings[key])
        return true
    }

    /// The same-origin URLs a page or style sheet needs (form actions are not fetched), with their keys.
    func links(of resource: Fetched) -> [(
        url: URL, key: String, line: Int, column: Int, destination: ExtractedLink.Destination
    )] {
        guard let facts = resource.facts else { return [] }
        let base = baseURL(of: resource)
        return facts.links.compactMap { link in
            guard link.element != "form", link.attribute != "formaction", !link.namesThisPage,
                let url = resolve(link.url, against: base, in: resource.url, encoding: resource.queryEncoding),
                isSameOrigin(url)
            else { return nil }
            return (url, Self.key(url), link.line, link.column, link.destination)
        }
    }
}
