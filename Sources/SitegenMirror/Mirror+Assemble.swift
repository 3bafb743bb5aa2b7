import Foundation
import SitegenBundleCore
import SitegenCore
import SitegenLinks

extension Mirror {
    /// The reduce step: names every fetched resource, rewrites links, derives aliases and findings.
    /// Each fetched body is let go once its rewritten file is made, so that the two copies of the
    /// site are not held at once.
    func assemble(_ crawl: consuming Crawl) -> MirrorResult {
        typeUntyped(&crawl)
        Self.mergeTwins(&crawl)
        var result = MirrorResult()
        result.pages = crawl.pages
        result.resources = crawl.fetched.count
        result.bytes = crawl.bytes
        let paths = Self.name(crawl.fetched)
        result.entryPath = crawl.finalKey[Self.key(source.root)].flatMap { paths[$0] } ?? "index.html"
        var external = Set<ExternalLink>()
        var fetched = crawl.fetched
        crawl.fetched = [:]
        for key in Array(fetched.keys) {
            guard let resource = fetched.removeValue(forKey: key), let path = paths[key] else { continue }
            result.servedTypes[path] = resource.untyped ? "" : resource.mimeType
            guard let facts = resource.facts else {
                result.files[path] = resource.body
                continue
            }
            let base = baseURL(of: resource)
            let map = { (written: String) -> String? in
                self.reference(
                    written, base: base, document: resource.url, encoding: resource.queryEncoding, from: path, crawl: crawl,
                    paths: paths
                ) {
                    external.insert(ExternalLink(page: path, url: $0, original: $1))
                }
            }
            let bytes = Array(resource.body)
            let rewritten =
                ContentType.isPage(resource.mimeType)
                ? HTMLRewriter.rewrite(bytes, facts: facts, map: map) : CSSRewriter.rewrite(bytes, map: map)
            result.files[path] = Data(rewritten)
        }
        result.externalLinks = external.sorted()
        result.aliases = Self.aliases(crawl, paths: paths)
        result.diagnostics = diagnostics(crawl, paths: paths).sorted()
        return result
    }

    /// The replacement of one link, or `nil` to leave it (other origins, fragments, unfetched URLs).
    private func reference(
        _ written: String, base: URL, document: URL, encoding: TextEncoding?, from path: String, crawl: Crawl,
        paths: [String: String], external: (String, String?) -> Void
    ) -> String? {
        let hasBase = Self.key(base) != Self.key(document)
        guard let url = resolve(written, against: base, in: document, encoding: encoding) else {
            // The page itself: `http:#top` on an `http` page is its `#top`, which `http:` would not
            // mean in the bundle.
            let read = ReferenceText.asBrowsersRead(written)
            let own = ReferenceText.droppingSharedSpecialScheme(read, of: base)
            return own != read ? own : nil
        }
        guard isSameOrigin(url) else {
            guard ["http", "https"].contains(url.scheme?.lowercased() ?? "") else { return nil }
            let trimmed = ReferenceText.droppingSharedSpecialScheme(ReferenceText.asBrowsersRead(written), of: base)
            guard URL(string: trimmed)?.scheme == nil else {
                external(written, nil)
                return nil
            }
            let full: String
            if trimmed.hasPrefix("//") {
                // Protocol-relative: under the bundle it would take the app's scheme and name a host
                // of the app. The scheme it had was the source's (a loopback `http`, or the folder's
                // stand-in), not what the real site is served with: `https`. Under a base on another
                // origin, the base's scheme.
                full = (isSameOrigin(base) ? "https" : url.scheme ?? "https") + ":" + trimmed
            } else {
                // A relative reference resolved against a `<base href>` on another origin: the base is
                // taken out of the page, so the link is written in full.
                full = url.absoluteString
            }
            external(full, trimmed)
            return full
        }
        guard let final = crawl.finalKey[Self.key(url)], let target = paths[final] else {
            // Not mirrored, a link is left as written, to show up as broken in the crawl; unless the
            // page has a `<base>`, which is taken out: then it names the file its URL would have
            // been, where a browser would have looked (`../other/x.html` under `/docs/` too).
            guard hasBase else { return nil }
            let fragment = url.fragment(percentEncoded: true).map { "#" + $0 } ?? ""
            return LocalPath.reference(from: path, to: LocalPath.path(for: url, mimeType: "")) + fragment
        }
        let fragment = (url.fragment(percentEncoded: true) ?? crawl.redirectFragments[Self.key(url)]).map { "#" + $0 } ?? ""
        if target == path, !fragment.isEmpty { return fragment }
        return LocalPath.reference(from: path, to: target) + fragment
    }

    /// An untyped resource that any link fetches as a style sheet or script is that, whichever link
    /// found it first (`<a href=x>` before `<link rel=stylesheet href=x>`).
    private func typeUntyped(_ crawl: inout Crawl) {
        guard crawl.fetched.values.contains(where: \.untyped) else { return }
        var wanted: [String: String] = [:]
        for resource in crawl.fetched.values {
            for link in links(of: resource) where link.destination != .other {
                guard let final = crawl.finalKey[link.key], crawl.fetched[final]?.untyped == true else { continue }
                wanted[final] = link.destination == .style ? "text/css" : "text/javascript"
            }
        }
        for (key, type) in wanted {
            crawl.fetched[key]?.mimeType = type
            crawl.fetched[key]?.untyped = false
        }
    }

    /// URLs answered with the same type and bytes that would get the same file name are one
    /// resource, as on a static server: `/guide/` and `/guide/index.html`, or `/b` and `/b.html`
    /// under `try_files $uri $uri.html`. One is kept (a folder URL, else the URL whose own path is
    /// the name, else the first in order), the others are dropped and the URLs that led to them
    /// lead to it. Otherwise both would be kept, the second under a hashed name.
    static func mergeTwins(_ crawl: inout Crawl) {
        var byName: [String: [String]] = [:]
        for (key, resource) in crawl.fetched {
            byName[LocalPath.path(for: resource.url, mimeType: resource.mimeType), default: []].append(key)
        }
        var merged: [String: String] = [:]
        for (name, keys) in byName where keys.count > 1 {
            func rank(_ key: String) -> Int {
                if key.hasSuffix("/") { return 0 }
                let path = crawl.fetched[key].map { $0.url.path(percentEncoded: false) } ?? ""
                return path.drop(while: { $0 == "/" }) == name[...] ? 1 : 2
            }
            var kept: [String] = []
            for key in keys.sorted(by: { (rank($0), $0) < (rank($1), $1) }) {
                guard let resource = crawl.fetched[key] else { continue }
                let twin = kept.first { other in
                    crawl.fetched[other].map { $0.mimeType == resource.mimeType && $0.body == resource.body } ?? false
                }
                if let twin { merged[key] = twin } else { kept.append(key) }
            }
        }
        guard !merged.isEmpty else { return }
        for key in merged.keys where crawl.fetched.removeValue(forKey: key).map({ ContentType.isPage($0.mimeType) }) == true {
            crawl.pages -= 1
        }
        for (requested, final) in crawl.finalKey {
            if let kept = merged[final] { crawl.finalKey[requested] = kept }
        }
    }

    /// A file name per fetched URL; a name already taken, or one that another file needs as a
    /// folder (`download`, untyped, beside `download/linux.html`), gets the hash of the URL's path
    /// and query folded in (not of its origin: the same site mirrored from another port gets the
    /// same names).
    static func name(_ fetched: [String: Fetched]) -> [String: String] {
        let plain = fetched.mapValues { LocalPath.path(for: $0.url, mimeType: $0.mimeType) }
        // A hash changes only a name's last component: the folders stay those of the plain names.
        let folders = Set(plain.values.flatMap(LocalPath.folders(of:)))
        var paths: [String: String] = [:]
        var taken = Set<String>()
        // In order: which of two colliding URLs keeps the plain name must not depend on hashing.
        for key in fetched.keys.sorted() {
            guard let resource = fetched[key], var path = plain[key] else { continue }
            if taken.contains(path) || folders.contains(path) {
                let url = resource.url
                let reference = url.path(percentEncoded: true) + (url.query(percentEncoded: true).map { "?" + $0 } ?? "")
                path = LocalPath.inserting(LocalPath.hash(reference), into: path)
            }
            taken.insert(path)
            paths[key] = path
        }
        return paths
    }

    /// Every requested URL without query whose path is not its file's path stays reachable: the
    /// root too (`""`), when it redirects to a file of the top folder (`/` → `/start.html`).
    static func aliases(_ crawl: Crawl, paths: [String: String]) -> [(from: String, to: String)] {
        let files = Set(paths.values)
        var aliases: [String: String] = [:]
        // In a fixed order, so that two mirrors of one site are one bundle: of two URLs that name one
        // path (`/a/b` and `/a%2Fb`), the one written without escapes keeps the alias.
        let requests = crawl.finalKey.sorted { a, b in
            let (aEscaped, bEscaped) = (a.key.utf8.contains(37), b.key.utf8.contains(37))
            return aEscaped != bEscaped ? !aEscaped : a.key.utf8.lexicographicallyPrecedes(b.key.utf8)
        }
        for (requested, final) in requests {
            guard let url = URL(string: requested), url.query == nil, let target = paths[final] else { continue }
            let raw = url.path(percentEncoded: true)
            guard let normal = SitePath(normalizing: raw.removingPercentEncoding ?? raw)?.rawValue else { continue }
            let from = normal.isEmpty || !raw.hasSuffix("/") ? normal : normal + "/"
            let isFolder = from.isEmpty || from.hasSuffix("/")
            // A folder with an index is the index's: the manifest's scan makes that alias.
            if from == target || files.contains(from) || (isFolder && files.contains(from + "index.html")) { continue }
            // `manifest.json` is the bundle's own: the site's file of that name is `_manifest.json`.
            if from == Manifest.fileName { continue }
            // A page served from another folder (`guide` for `guide/index.html`) would resolve its
            // relative links from there and break them (the checker's alias-folder rule): links in
            // the mirror point at the page's file instead, and the old URL is not kept.
            if Self.folder(of: from) != Self.folder(of: target), MIMEType.isHTMLPage(target) { continue }
            if aliases[from] == nil { aliases[from] = target }
        }
        return aliases.sorted { $0.key < $1.key }.map { (from: $0.key, to: $0.value) }
    }

    /// The folder part of a bundle path, up to its last `/`.
    private static func folder(of path: String) -> Substring {
        path[..<(path.lastIndex(of: "/").map { path.index(after: $0) } ?? path.startIndex)]
    }

    private func diagnostics(_ crawl: Crawl, paths: [String: String]) -> [Diagnostic] {
        var result: [Diagnostic] = []
        // Over HTTP a page is named by the URL fetched (`http://127.0.0.1:8000/`), not by the file it
        // becomes (`index.html`), a URL nobody requested; in a folder, by its file there (`site.css`
        // for `site.css?v=2`, which becomes `site.v=2.css`).
        let overHTTP = options.sourceDisplay.contains("://")
        func shown(_ key: String) -> String {
            guard !overHTTP else { return key }
            return options.sourceDisplay + (URL(string: key).flatMap(source.sourceFile(of:)) ?? paths[key] ?? key)
        }
        for failure in crawl.failures {
            let location =
                failure.from.map { SourceLocation(path: shown($0.page), line: $0.line, column: $0.column) }
                ?? failure.resource.flatMap { paths[$0] == nil ? nil : $0 }.map { SourceLocation(path: shown($0)) }
            result.append(Diagnostic(.warning, failure.rule, failure.message, at: location))
            // A limit's findings are at every link to what it left out: each is a place to look at.
            guard failure.rule == .mirrorLimit, failure.from != nil, let url = failure.url else { continue }
            for link in crawl.laterLinks[url] ?? [] {
                let place = SourceLocation(path: shown(link.page), line: link.line, column: link.column)
                result.append(Diagnostic(.warning, failure.rule, failure.message, at: place))
            }
        }
        for warning in source.warnings {
            let location = SourceLocation(path: options.sourceDisplay + warning.file, line: warning.line)
            result.append(Diagnostic(.warning, warning.rule, warning.message, at: location))
        }
        var fetchedAs: [String: String] = [:]
        for (key, path) in paths {
            // The first URL (by its bytes) that became the file: where a finding about the file is.
            if fetchedAs[path].map({ key.utf8.lexicographicallyPrecedes($0.utf8) }) ?? true { fetchedAs[path] = key }
        }
        for names in Self.caseCollisions(Array(paths.values)) {
            // A folder is placed at the first file in it.
            let first = names[0].hasSuffix("/") ? fetchedAs.keys.filter { $0.hasPrefix(names[0]) }.min() : names[0]
            result.append(
                Diagnostic(
                    .warning, .caseMismatch,
                    "'\(names.joined(separator: "' and '"))' differ only by case: they collide on case-insensitive file systems",
                    at: SourceLocation(path: first.flatMap { fetchedAs[$0] }.map(shown) ?? options.sourceDisplay + names[0])))
        }
        return result
    }

    /// The files and folders (`Docs/`) of `paths` whose names differ only by case in one folder,
    /// each set sorted: `Docs/a.html` and `docs/b.html` collide as their folders, once.
    static func caseCollisions(_ paths: [String]) -> [[String]] {
        var names = Set(paths)
        for path in paths { names.formUnion(LocalPath.folders(of: path).map { $0 + "/" }) }
        var byFolded: [String: Set<String>] = [:]
        for name in names {
            let item = name.hasSuffix("/") ? String(name.dropLast()) : name
            let parent = SitePath(unchecked: item).parent.rawValue
            byFolded[parent + "/" + SitePath(unchecked: item).lastComponent.lowercased(), default: []].insert(name)
        }
        return byFolded.values.filter { $0.count > 1 }.map { $0.sorted() }.sorted { $0[0] < $1[0] }
    }
}
