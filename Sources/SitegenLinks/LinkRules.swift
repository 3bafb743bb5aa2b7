import Foundation
import SitegenBundleCore
import SitegenCore

/// The reduce step: applies the link rules to the merged crawl and sorts the findings.
struct LinkRules {
    let state: CrawlState
    let options: CheckOptions
    /// Every file of the bundle, looked up when a missing page might be a folder.
    let table: PathTable
    /// The documents whose links are judged; `nil` for all. The others serve as targets only.
    var judged: Set<String>?
    /// Whether a file of the table is there to be served: a manifest can list files that are gone,
    /// which are no orphans (`sitegen verify` reports them).
    var isServed: @Sendable (String) -> Bool = { _ in true }
    /// Whether the `--ignore` patterns leave the page at a path out (`LinkResolver.leavesOut`).
    var isLeftOut: @Sendable (String) -> Bool = { _ in false }
    /// What the entries reach, when the crawl went on from the pages they do not (whose links are
    /// checked too): the orphans are the pages outside it. `nil`: everything crawled was reached.
    var reachedFromEntries: Set<ByteKey>?
    /// Files the bundle's list names but the fetcher does not serve (deleted since the build):
    /// a link to one is broken, and the message says why the file was expected.
    var listedButUnserved: Set<String> = []
    /// Why a path that serves nothing holds something on disk (a symbolic link out of the bundle).
    var whyUnserved: @Sendable (String) -> String? = { _ in nil }
    private var findings: [LinkFinding] = []
    private var linksChecked = 0
    /// Where a broken link's suggestion is looked for: gathered once a link is broken, by whichever
    /// parallel part of the judging finds one first, and shared by all of them.
    private let gatheredCandidates = MadeOnce<CandidatePaths>()
    private var candidates: CandidatePaths { gatheredCandidates.value { CandidatePaths(paths: allPaths) } }
    /// Suggestions already made, shared by the parallel parts of the judging.
    private let suggestionMemo = SuggestionMemo()
    /// The suggestions of the page being judged.
    private lazy var pageSuggestions = PageSuggestions(memo: suggestionMemo)

    var allPaths: [String] { table.paths }
    /// Where a missing file is missing from: a tree checked as a web site is no app's bundle.
    private var filesPlace: String { options.siteURL == nil ? "the bundle" : "the tree" }
    /// Why a path the tree holds something at is no file to link: no resolver of an app serves it;
    /// a web server may list a folder or follow a link out of the tree, or not.
    private var unserved: String {
        options.siteURL == nil ? "which no resolver serves" : "which a web server may not serve (or serves a listing)"
    }
    /// Where letter case tells files apart: the app's devices, or the site's server.
    private var caseMatters: String { options.siteURL == nil ? "on devices" : "on most web servers" }

    init(state: CrawlState, options: CheckOptions, table: PathTable) {
        self.state = state
        self.options = options
        self.table = table
    }

    /// Applies every rule and returns the sorted report.
    mutating func report(orphans: Bool = true) -> CheckReport {
        let paths = state.documents.paths.filter { judged?.contains($0) ?? true }
        // Judged in parallel parts once there are many: the findings are sorted at the end.
        let rules = self
        let parts = ParallelParts.map(count: paths.count, threshold: 2048) { range in
            var part = rules
            part.findings = []
            part.linksChecked = 0
            part.judge(paths[range])
            return (findings: part.findings, linksChecked: part.linksChecked)
        }
        for part in parts {
            findings += part.findings
            linksChecked += part.linksChecked
        }
        if orphans, options.reportOrphans {
            for path in Self.unreachedPages(
                allPaths.sorted(), reached: reachedFromEntries ?? state.reachedPaths, isServed: isServed,
                isLeftOut: isLeftOut)
            {
                add(
                    .warning, .orphan, "no link reaches this page from the entry", page: nil, href: nil,
                    at: SourceLocation(path: options.displayRoot + path))
            }
        }
        let pages = state.documents.values.filter(\.isHTML).count
        let assets = state.reachedPaths.count - pages
        return CheckReport(pages: pages, assets: max(assets, 0), linksChecked: linksChecked, findings: findings.sorted())
    }

    /// The HTML pages of `paths` that no path of `reached` is, and that are served and not left out
    /// (a page whose path or URL an `--ignore` pattern matches is left out of the crawl on purpose):
    /// the orphans.
    static func unreachedPages(
        _ paths: [String], reached: Set<ByteKey>, isServed: (String) -> Bool, isLeftOut: (String) -> Bool
    ) -> [String] {
        paths.filter { path in
            MIMEType.isHTMLPage(path) && !reached.contains(ByteKey(path)) && isServed(path) && !isLeftOut(path)
        }
    }

    /// Applies the rules to the links and ids of the documents at `paths`.
    private mutating func judge(_ paths: some Collection<String>) {
        for path in paths {
            guard let document = state.documents[path] else { continue }
            linksChecked += document.acceptedCount
            if let encoding = document.encoding {
                add(
                    .warning, .notUTF8, encoding.message, page: path, href: nil,
                    at: location(path, encoding.line, encoding.column))
            }
            for (duplicate, first) in document.duplicateIDs {
                let place = location(path, duplicate.line, duplicate.column)
                let firstPlace =
                    first.line == duplicate.line ? "line \(first.line), column \(first.column)" : "line \(first.line)"
                add(
                    .warning, .duplicateID, "duplicate id '\(duplicate.name)' (first at \(firstPlace))", page: path,
                    href: duplicate.name, at: place)
            }
            // `<base href="/docs/">` moves every relative link of the page to the disk's root under file://.
            if options.siteURL == nil, let base = document.baseHref?.trimmingC0ControlOrSpace(),
                base.hasPrefix("/") || base.hasPrefix("\\"), !(base.hasPrefix("//") || base.hasPrefix("\\\\"))
            {
                add(
                    .warning, .absolutePath,
                    "root-relative <base href=\"\(base)\"> breaks every relative link of the page when the bundle is "
                        + "loaded from file://; use a relative base, or none", page: path, href: base,
                    at: SourceLocation(path: options.displayRoot + path))
            }
            pageSuggestions = PageSuggestions(memo: suggestionMemo)
            for link in document.links { check(link, in: document) }
        }
    }

    private mutating func check(_ resolved: ResolvedLink, in document: ParsedDocument) {
        let link = resolved.link
        // Under a `<base href>`, a relative link points where the page's folder would not have it
        // (a map's name and a fragment that stays on the page are no such links).
        var baseNote = ""
        if let base = document.baseHref, link.attribute != "usemap", Self.isPathRelative(link.url) {
            if case .samePage = resolved.target {} else { baseNote = " (resolved against the page's <base href=\"\(base)\">)" }
        }
        func report(_ severity: Severity, _ rule: RuleID, _ message: String) {
            add(
                severity, rule, message + baseNote, page: document.path, href: link.url,
                at: location(document.path, link.line, link.column), isLink: true)
        }
        // A hash-name reference: with no `#`, it names no map, wherever it points.
        if link.attribute == "usemap", !link.url.hasPrefix("#") {
            linksChecked += 1
            report(.error, .brokenFragment, "usemap '\(link.url)' names no map: write '#' and the map's name")
            return
        }
        switch resolved.target {
        case .notALink, .ignored:
            return
        case .samePage(let fragment):
            linksChecked += 1
            guard document.kind.definesIDs else { return }
            if link.attribute == "usemap" {
                if let message = Self.mapProblem(fragment, in: document) { report(.error, .brokenFragment, message) }
            } else if let message = fragmentProblem(fragment, in: document, name: document.path) {
                report(.error, .brokenFragment, message)
            }
        case .external(let url):
            linksChecked += 1
            switch options.external {
            case .ignore: break
            case .warn: report(.warning, .externalLink, "external link '\(url)' (not checked)")
            case .error: report(.error, .externalLink, "external link '\(url)' is not allowed in an offline bundle")
            }
        case .otherHost(let url):
            linksChecked += 1
            report(.error, .brokenLink, LinkFindingMessage.otherHost(link.url, meaning: link.url == url ? nil : url))
        case .unservable(let reason):
            linksChecked += 1
            report(.error, .brokenLink, LinkFindingMessage.unservable(link.url, because: reason))
        case .fileURL:
            linksChecked += 1
            report(.error, .fileURL, "file URL '\(link.url)' cannot be served from the bundle; use a relative link")
        case .invalid:
            linksChecked += 1
            report(
                .error, .invalidURL,
                LinkFindingMessage.invalid(link.url, hasStrayPercent: LinkResolver.hasMalformedEscape(link.url)))
        case .sameOrigin(var target):
            linksChecked += 1
            if link.attribute == CSSExtractor.svgFont { target.fragment = nil }
            if target.absolutePath {
                report(
                    .warning, .absolutePath,
                    "root-relative link '\(link.url)' breaks when the bundle is loaded from file://; use a relative link")
            }
            if target.escapesRoot {
                // A browser stops `..` at the root: the app may still load a file, one the link did not mean.
                let clamped = target.path.isEmpty || target.path.hasSuffix("/") ? target.path + "index.html" : target.path
                let note =
                    table.index(of: clamped) != nil
                    ? ": a WebView stops at the root and loads '\(clamped)', but from file:// it names a file outside the bundle"
                    : ""
                report(.error, .escapesRoot, "'\(link.url)' leaves the bundle root\(note)")
                return
            }
            if let message = encodedSlashProblem(link.url, at: target) ?? emptySegmentProblem(link.url, at: target) {
                report(.error, .brokenLink, message)
                return
            }
            if let (severity, rule, message) = targetProblem(target, written: link.url) {
                report(severity, rule, message)
            } else if let message = typeProblem(link.destination, at: target) {
                report(.error, .wrongType, message)
            }
        }
    }

    /// Whether `href` is a reference a `<base href>` changes the meaning of beyond its origin: no
    /// scheme, no leading `/` (a path, a query or a fragment alone).
    static func isPathRelative(_ href: String) -> Bool {
        let text = href.trimmingC0ControlOrSpace()
        return LinkResolver.scheme(of: text) == nil && !text.hasPrefix("/")
    }

    /// The finding for a same-origin target, if any: missing file, wrong case, directory without slash,
    /// missing fragment. `written` is the link as written, read only for a file asked for as a
    /// folder: passed as a string for each of a crawl's links, it cost a full build 2 to 4%.
    private mutating func targetProblem(_ target: SameOriginTarget, written: @autoclosure () -> String) -> (
        Severity, RuleID, String
    )? {
        switch state.outcomes[target.key] {
        case .outsideBundle:
            if let why = whyUnserved(target.path) {
                return (.error, .brokenLink, "no file '\(target.path)' in \(filesPlace): it is \(why), \(unserved)")
            }
            return (.error, .escapesRoot, "'\(target.path)' is outside the bundle")
        case .notFound, nil:
            // `guide/install.html/` (or `//`, which the resolver reads as one): asks for a folder's
            // index where there is a file.
            let slashes = target.path.utf8.reversed().prefix(while: { $0 == UInt8(ascii: "/") }).count
            let file = String(decoding: target.path.utf8.dropLast(slashes), as: UTF8.self)
            if slashes > 0, !file.isEmpty, table.index(of: file) != nil {
                let fix = LinkFindingMessage.trailingSlashes(of: written())
                return (.error, .brokenLink, "'\(file)' is a file, not a folder: link to '\(file)' without \(fix)")
            }
            // `Install.html/` for `install.html`: the letter case and the slash, both to fix.
            if slashes > 0, !file.isEmpty, let real = candidates.sameIgnoringCase(as: file),
                ByteKey(real) != ByteKey(file)
            {
                return (
                    .error, .brokenLink,
                    LinkFindingMessage.fileInOtherCase(file, file: real, missingFrom: "bundle", written: written())
                )
            }
            let wanted = target.path.isEmpty || target.path.hasSuffix("/") ? target.path + "index.html" : target.path
            // A path the manifest lists but the folder lacks is a candidate too: the same bytes are no case mismatch.
            if let real = candidates.sameIgnoringCase(as: wanted), ByteKey(real) != ByteKey(wanted) {
                return (
                    .error, .caseMismatch,
                    "no file '\(wanted)' in \(filesPlace), but '\(real)' exists (letter case matters \(caseMatters))"
                )
            }
            // `docs` for a folder `Docs/`: wrong case and no slash, both to fix.
            if !target.path.isEmpty, !target.path.hasSuffix("/"),
                let real = candidates.sameIgnoringCase(as: target.path + "/index.html"), real.hasSuffix("/index.html"),
                !real.utf8.starts(with: (target.path + "/").utf8)
            {
                let folder = String(real.dropLast("index.html".count))
                return (
                    .error, .caseMismatch,
                    LinkFindingMessage.folderInOtherCase(target.path, folder: folder, missingFrom: "bundle")
                        + ": link to '\(folder)'"
                )
            }
            if !target.path.hasSuffix("/"), table.index(of: target.path + "/index.html") != nil {
                // The resolver serves no redirects, so in the app this link is a 404: an error, under the
                // rule that names the fix.
                return (
                    .error, .directoryNoSlash,
                    "'\(target.path)' is a folder and is not served without its slash (no redirects under the scheme): link to '\(target.path)/'"
                )
            }
            if let other = candidates.canonicallyEquivalent(to: wanted) {
                // Canonically equivalent, other bytes: the two look the same, and a "did you mean" would too.
                return (
                    .error, .brokenLink,
                    "no file '\(wanted)' in \(filesPlace), but '\(other)' is there in another Unicode normalization "
                        + "(\(ByteKey.normalizationForm(of: other)) on disk, \(ByteKey.normalizationForm(of: wanted)) in the link); the app finds files "
                        + "by their bytes: spell both the same (NFC)"
                )
            }
            if let why = whyUnserved(wanted) {
                return (.error, .brokenLink, "no file '\(wanted)' in \(filesPlace): it is \(why), \(unserved)")
            }
            // Debian's doc packages gzip large pages (`changelog.html.gz`): a browser downloads those.
            if !wanted.hasSuffix(".gz"), table.index(of: wanted + ".gz") != nil {
                return (
                    .error, .brokenLink,
                    "no file '\(wanted)' in \(filesPlace), but '\(wanted).gz' is: a compressed copy, which the app serves as a download; decompress it"
                )
            }
            if listedButUnserved.contains(wanted) {
                return (
                    .error, .brokenLink,
                    "no file '\(wanted)' in \(filesPlace): the manifest lists it, but the folder lacks it (deleted or moved since the build?)"
                )
            }
            let paths = candidates
            let hint = Suggestion.phrase(pageSuggestions.suggestions(for: wanted) { paths.suggestions(for: wanted) })
            return (.error, .brokenLink, "no file '\(wanted)' in \(filesPlace)\(hint)")
        case .found(let path, _):
            var folderWarning: (Severity, RuleID, String)?
            if !target.path.isEmpty, !target.path.hasSuffix("/"), path == target.path + "/index.html" {
                guard options.siteURL != nil else {
                    return (
                        .warning, .directoryNoSlash,
                        "'\(target.path)' is a folder: link to '\(target.path)/' so that relative links inside it resolve"
                    )
                }
                // A web server's redirect takes the reader to the folder, and the fragment with them.
                folderWarning = (
                    .warning, .directoryNoSlash,
                    "'\(target.path)' is a folder, which a web server serves by a redirect to '\(target.path)/': link to '\(target.path)/'"
                )
            }
            guard let fragment = target.fragment, let document = state.documents[path], document.kind.definesIDs else {
                return folderWarning
            }
            guard var problem = fragmentProblem(fragment, in: document, name: path) else { return folderWarning }
            // The link's other fault, which the error would hide until it is fixed.
            if folderWarning != nil { problem += " (and '\(target.path)' is a folder: link to '\(target.path)/')" }
            // A redirect stub: the reader lands on the page it redirects to, where its script takes the fragment.
            if let index = document.refreshTarget, table.paths.indices.contains(Int(index)) {
                let redirected = table.paths[Int(index)]
                if let next = state.documents[redirected], next.kind.definesIDs {
                    guard fragmentProblem(fragment, in: next, name: redirected, withHint: false) != nil else {
                        return folderWarning
                    }
                    return (.error, .brokenFragment, problem + ", nor in \(redirected), where it redirects")
                }
            }
            return (.error, .brokenFragment, problem)
        }
    }

    /// Why a link whose path holds an encoded slash (`guide%2Fa.html`) breaks the document it reaches:
    /// the resolver decodes `%2F` and serves `guide/a.html`, but the WebView keeps the URL it asked
    /// for, whose last `/` puts the document in another folder, and resolves its relative links
    /// (pages, style sheets, images) from there. `nil` for any other link.
    private func encodedSlashProblem(_ href: String, at target: SameOriginTarget) -> String? {
        // Asked of every link that reaches a page: most hold no `%` at all.
        guard ByteSearch.contains(UInt8(ascii: "%"), in: href) else { return nil }
        let path = Array(href.utf8.prefix { $0 != UInt8(ascii: "?") && $0 != UInt8(ascii: "#") })
        let hasEncodedSlash = path.indices.dropLast(2).contains { index in
            path[index] == UInt8(ascii: "%") && path[index + 1] == UInt8(ascii: "2")
                && path[index + 2] | 0x20 == UInt8(ascii: "f")
        }
        guard hasEncodedSlash, case .found(let file, _) = state.outcomes[target.key], state.documents[file] != nil
        else { return nil }
        return "'\(href)' reaches '\(file)' through an encoded slash (%2F), which the resolver decodes but the "
            + "WebView does not: the page is shown in another folder and its relative links break; write '/'"
    }

    /// Why a link to a page through an empty path segment (`sub//p.html`) breaks the page, or `nil`:
    /// the resolver serves `sub/p.html` there, but the WebView keeps the URL as written, so the
    /// page's relative links resolve from `sub//`, a folder too deep. Only pages: an image or a
    /// style sheet loads the same.
    private func emptySegmentProblem(_ href: String, at target: SameOriginTarget) -> String? {
        guard ByteSearch.contains([UInt8(ascii: "/"), UInt8(ascii: "/")], in: href) else { return nil }
        let bytes = Array(href.utf8.prefix { $0 != UInt8(ascii: "?") && $0 != UInt8(ascii: "#") })
        // The path starts after the authority when the link has one (`docs://app/…`, `//app/…`).
        let start = URLPath.afterAuthority(bytes)
        guard let empty = bytes.indices.dropFirst(start).dropLast().first(where: { bytes[$0] == 47 && bytes[$0 + 1] == 47 }),
            case .found(let file, _) = state.outcomes[target.key], state.documents[file] != nil
        else { return nil }
        var fixed = Array(href.utf8)
        fixed.remove(at: empty)
        return "'\(href)' reaches '\(file)' through an empty path segment ('//'), which the resolver skips but the "
            + "WebView keeps: the page's relative links resolve from a folder too deep and break; write '\(String(decoding: fixed, as: UTF8.self))'"
    }

    /// Why a browser does not use the style sheet or script found at `target`, or `nil` when it
    /// does: every resolver of a bundle sends `nosniff`, under which a browser applies a style sheet
    /// only if it is `text/css` and runs a script only if it is JavaScript.
    private func typeProblem(_ destination: ExtractedLink.Destination, at target: SameOriginTarget) -> String? {
        guard destination != .other, case .found(let path, let mimeType) = state.outcomes[target.key],
            !Self.typeFits(mimeType, destination)
        else { return nil }
        let essence = MIMEType.essence(mimeType)
        // `typeFits` said no: only the words differ between the two destinations.
        let (kind, use, wanted, type, suffix) =
            destination == .style
            ? ("style sheet", "applies a style sheet", "text/css", "text/css", "css")
            : ("script", "runs a script", "JavaScript", "text/javascript", "js")
        // A folder's page or an alias's file: the link does not name the file it gets.
        let namesAnother = target.path.isEmpty || target.path.hasSuffix("/") || target.path != path
        let shown = namesAnother ? "'\(target.path)' (the file '\(path)')" : "'\(path)'"
        let fileExtension = SitePath(unchecked: path).pathExtension.lowercased()
        // Retyping a page's extension would serve every page as CSS: only a rename fits then.
        let retypable = !MIMEType.isHTMLPage(path)
        let fix =
            if namesAnother {
                "link to the \(kind) itself"
            } else if case .server(let sent) = options.typeSource {
                Self.serverFix(sent: sent[path], wanted: type)
            } else if fileExtension == suffix, options.typeSource == .manifest {
                "the manifest gives it another type: give it \(type) there (with mime_types in sitegen.yml, where "
                    + "sitegen builds the bundle)"
            } else if fileExtension == suffix {
                "its type comes from mime_types or the manifest, not from its extension: give .\(suffix) the type \(type)"
            } else if fileExtension.isEmpty {
                "give it a .\(suffix) name"
            } else if options.typeSource == .fileNames || !retypable {
                "name it .\(suffix)"
            } else if options.typeSource == .manifest {
                "name it .\(suffix), or give it the type \(type) in the manifest (with mime_types in sitegen.yml, where "
                    + "sitegen builds the bundle)"
            } else {
                "name it .\(suffix), or give .\(fileExtension) the type \(type) with mime_types in sitegen.yml"
            }
        return "\(kind) \(shown) is served as \(essence), and a browser \(use) only if it is \(wanted) (the bundle "
            + "sends nosniff): \(fix)"
    }

    /// The advice for a file whose type is the one a server sent (`sent`, if known): the server is wrong.
    private static func serverFix(sent: String?, wanted: String) -> String {
        let sent = sent.map { $0.isEmpty ? "without a Content-Type" : "with the Content-Type \($0)" } ?? "with another type"
        return "the server sent it \(sent); have it send \(wanted), then mirror again"
    }

    /// Whether a browser uses a target served as `mimeType` as what `destination` fetches.
    static func typeFits(_ mimeType: String, _ destination: ExtractedLink.Destination) -> Bool {
        switch destination {
        case .other: true
        case .style: MIMEType.isStyleSheet(mimeType)
        case .script: MIMEType.isScript(mimeType)
        }
    }

    /// Why `fragment` matches nothing in `document`, or `nil` when it matches (as written or
    /// percent-decoded; empty and `top` always match).
    private mutating func fragmentProblem(
        _ fragment: String, in document: ParsedDocument, name: String, withHint: Bool = true
    ) -> String? {
        let fragment = FragmentDirective.removed(from: fragment)
        if Self.hasAnchor(fragment, in: document.anchorNames) { return nil }
        // An SVG view written in the fragment (`#svgView(viewBox(0,0,10,10))`) names no id, nor
        // does a spatial media fragment (`#xywh=0,0,10,10`, alone or among `&`-joined dimensions).
        if document.kind == .svg, fragment.hasPrefix("svgView(") || Self.isSpatialMediaFragment(fragment) { return nil }
        let decoded = fragment.removingPercentEncoding ?? fragment
        let missing = "no id '\(decoded)'"
        // Canonically equivalent, other bytes: the two look the same, and a "did you mean" would too.
        if let other = document.anchorNames.first(where: { $0.string == decoded && $0 != ByteKey(decoded) })?.string {
            return "\(missing) in \(name), but '\(other)' is there in another Unicode normalization "
                + "(\(ByteKey.normalizationForm(of: other)) in the page, \(ByteKey.normalizationForm(of: decoded)) in the link); "
                + "ids match by their code points: spell both the same (NFC)"
        }
        // Line numbers (`#88-90`) are near only other numbers, which are never suggested; a page of
        // source code has 20,000 of them to compare for each.
        let hasLetter = decoded.unicodeScalars.contains { $0.properties.isAlphabetic }
        let hint =
            hasLetter && withHint
            ? Suggestion.phrase(
                pageSuggestions.suggestions(for: document.path + "\u{0}#" + decoded) {
                    Suggestion.nearestID(to: decoded, in: document.anchorNames.map(\.string))
                }) : ""
        return "\(missing) in \(name)\(hint)"
    }

    /// Whether `fragment` is a Media Fragments URI with a spatial dimension, which SVG 2 takes as a
    /// part of the image to show rather than an id.
    static func isSpatialMediaFragment(_ fragment: String) -> Bool {
        fragment.split(separator: "&").contains { ($0.removingPercentEncoding ?? String($0)).hasPrefix("xywh=") }
    }

    private func location(_ path: String, _ line: Int, _ column: Int) -> SourceLocation {
        SourceLocation(path: options.displayRoot + path, line: line, column: column)
    }

    /// Adds a finding; `isLink` when `href` is a link as the page writes it (not an id or an alias),
    /// which reports then carry as the finding's `link`.
    mutating func add(
        _ severity: Severity, _ rule: RuleID, _ message: String, page: String?, href: String?, at place: SourceLocation?,
        isLink: Bool = false
    ) {
        var diagnostic = Diagnostic(severity, rule, message, at: place)
        if isLink { diagnostic.link = href }
        findings.append(LinkFinding(diagnostic: diagnostic, page: page, href: href))
    }

    /// Whether `fragment` (its `:~:` directive aside) names an anchor of `names`, as written or percent-decoded; empty and `top`
    /// (in any letter case, as the HTML standard scrolls to the top for it) always do.
    /// Why an image's `usemap="#name"` names no map of `document`, or `nil` when it does. It is a
    /// hash-name reference, not a URL: the name is matched as written (no percent-decoding), with a
    /// `<map>`'s name or id, and nothing else (HTML's rules for parsing a hash-name reference).
    private static func mapProblem(_ name: String, in document: ParsedDocument) -> String? {
        guard !document.mapNames.contains(ByteKey(name)) else { return nil }
        let maps = document.mapNames.map(\.string)
        let hint = Suggestion.nearest(to: name, in: maps).first.map { " (did you mean '\($0)'?)" } ?? ""
        return "no <map name='\(name)'> in \(document.path)\(hint)"
    }

    static func hasAnchor(_ fragment: String, in names: Set<ByteKey>) -> Bool {
        let fragment = FragmentDirective.removed(from: fragment)
        if fragment.isEmpty || names.contains(ByteKey(fragment)) || TopFragment.matches(fragment) { return true }
        guard fragment.utf8.contains(UInt8(ascii: "%")), let decoded = fragment.removingPercentEncoding else { return false }
        return names.contains(ByteKey(decoded)) || TopFragment.matches(decoded)
    }
}
