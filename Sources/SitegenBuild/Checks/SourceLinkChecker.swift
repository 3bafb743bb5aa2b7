import Foundation
import SitegenBundleCore
import SitegenCore
import SitegenMarkdown

/// Checks every Markdown link and image against the site model before anything is written, and
/// reports findings at the Markdown file's line and column.
struct SourceLinkChecker: Sendable {
    var model: SiteModel
    /// What a broken link's suggestion is looked for in: gathered only once a link is broken (most
    /// rebuilds find none), scanned for the first few and indexed past them.
    private let candidates = MadeOnce<CandidatePaths>()
    /// Suggestions already made, shared by the tasks that check pages: a link broken on many pages
    /// is compared with the site's paths once.
    private let suggestionMemo = SuggestionMemo()
    /// Front-matter aliases (`old/start.html`, `old/home/`) → the output path of their page.
    private let aliases: [String: SitePath]
    /// `ignore_links`: links that are neither checked here nor in the crawl.
    private let ignored: [LinkPattern]
    /// The bundle's origin (`docs://app`), by which `ignore_links` may name a page.
    private let origin: String
    /// `ignore` of sitegen.yml: a link to a file it leaves out says so.
    private let leftOut: [GlobPattern]

    /// Ids each page template writes literally (`sg-main`), by template name.
    private let templateIDs: [String: Set<String>]

    init(model: SiteModel, aliases: [(from: String, to: String)] = [], templateIDs: [String: Set<String>] = [:]) {
        self.model = model
        self.templateIDs = templateIDs
        self.aliases = Dictionary(aliases.map { ($0.from, SitePath(unchecked: $0.to)) }, uniquingKeysWith: { first, _ in first })
        ignored = model.config.ignoreLinks.map(LinkPattern.init)
        leftOut = model.config.ignore.map(GlobPattern.init)
        origin = BundleOrigin(scheme: model.config.scheme, host: model.config.host).description
    }

    private var suggestionPaths: CandidatePaths {
        candidates.value { CandidatePaths(paths: model.pages.map(\.source.rawValue) + model.outputPaths.map(\.rawValue)) }
    }

    /// Checks every page, spread over all cores; findings come back in page order.
    func check(_ pages: [Page]) async -> [Diagnostic] {
        let chunk = max(64, pages.count / (ProcessInfo.processInfo.activeProcessorCount * 4))
        return await withTaskGroup(of: (Int, [Diagnostic]).self) { group in
            for start in stride(from: 0, to: pages.count, by: chunk) {
                group.addTask {
                    // A stopped build (Ctrl-C, `serve` quitting) checks no further page: its findings are dropped.
                    var found: [Diagnostic] = []
                    for page in pages[start..<min(start + chunk, pages.count)] where !Task.isCancelled {
                        found += check(page)
                    }
                    return (start, found)
                }
            }
            var parts: [(Int, [Diagnostic])] = []
            for await part in group { parts.append(part) }
            return parts.sorted { $0.0 < $1.0 }.flatMap(\.1)
        }
    }

    func check(_ page: Page) -> [Diagnostic] {
        // A page `ignore_links` names is left out of the crawl, its links with it (`api/*`), by
        // whatever name the crawl knows it (`docs://app/api/`).
        if !ignored.isEmpty,
            ignored.contains(where: { $0.matches(page.source.rawValue) })
                || LinkPattern.leaveOut(page.output.rawValue, by: ignored, origin: origin, encode: BundleOrigin.percentEncodePath)
        {
            return []
        }
        var suggestions = PageSuggestions(memo: suggestionMemo)
        let folder = page.source.parent.rawValue
        return page.detailed.body.links.compactMap { link in
            var finding = check(link, in: page, folder: folder, suggestions: &suggestions)
            finding?.link = link.destination
            return finding
        }
    }

    /// `folder` is the page's own (`page.source.parent`), made once for all its links.
    private func check(_ link: MarkdownLink, in page: Page, folder: String, suggestions: inout PageSuggestions)
        -> Diagnostic?
    {
        let at = SourceLocation(path: page.displayPath, line: link.line, column: link.column)
        if ignored.contains(where: { $0.matches(link.destination) || $0.matches(link.rewritten) }) { return nil }
        var reference = LinkReference(link.destination)
        // Written with the bundle's own origin (`docs://app/a.html`, `//app/a.html`): a path of the bundle.
        var namesOrigin = false
        if let scheme = reference.scheme {
            switch scheme {
            case "file":
                return Diagnostic(
                    .error, .fileURL, "'\(link.destination)' is a file: URL, which an app bundle cannot serve", at: at)
            case "mailto", "tel", "sms", "data", "javascript": return nil
            case model.config.scheme:
                reference.path.removeFirst(scheme.utf8.count + 1)
                // `docs:a.html` names no host, so not the bundle's: the crawl's finding, worded as it words it.
                guard reference.path.hasPrefix("//") else {
                    return Diagnostic(
                        .error, .brokenLink, LinkFindingMessage.otherHost(link.destination, meaning: nil), at: at)
                }
            default:
                if HostlessURL.isHostless(link.destination, scheme: scheme)
                    || HostlessURL.hasForbiddenHostCharacter(link.destination)
                {
                    return Diagnostic(.error, .invalidURL, "cannot parse URL '\(link.destination)'", at: at)
                }
                return externalFinding(link.destination, at: at)
            }
        }
        if reference.path.hasPrefix("//") {
            let authority = reference.path.dropFirst(2).prefix { $0 != "/" }
            guard authority.lowercased() == model.config.host else {
                let meaning = reference.scheme == nil ? "\(model.config.scheme):\(link.destination)" : nil
                return Diagnostic(
                    .error, .brokenLink, LinkFindingMessage.otherHost(link.destination, meaning: meaning), at: at)
            }
            reference.path = String(reference.path.dropFirst(2 + authority.utf8.count))
            if reference.path.isEmpty { reference.path = "/" }
            namesOrigin = true
        } else if reference.scheme != nil {
            return externalFinding(link.destination, at: at)
        }
        guard
            let decodedPath = ByteSearch.contains(UInt8(ascii: "%"), in: reference.path)
                ? reference.path.removingPercentEncoding : reference.path
        else {
            // Escapes that decode to bytes that are not UTF-8 are well formed: the resolver refuses them.
            if !PercentEscapes.hasInvalidEscape(reference.path) {
                return unservable(link, "its path is not UTF-8 once decoded", at: at)
            }
            return Diagnostic(.error, .invalidURL, "'\(link.destination)' has an invalid percent-escape", at: at)
        }
        if ByteSearch.contains(0, in: decodedPath) { return unservable(link, "its path holds a NUL byte", at: at) }
        if ByteSearch.contains(UInt8(ascii: "\\"), in: decodedPath) {
            return unservable(link, "its path holds a backslash", at: at)
        }
        var targetPage: Page? = page
        if !decodedPath.isEmpty {
            let isAbsolute = decodedPath.hasPrefix("/")
            let base = isAbsolute ? "" : folder
            guard let resolved = SitePath(resolving: decodedPath, in: base) else {
                return Diagnostic(
                    .error, .escapesRoot,
                    "'\(link.destination)' leaves the site folder\(Self.oneLevelLess(link.destination, base: base, in: model))",
                    at: at)
            }
            switch resolve(resolved, wantsDirectory: Self.namesFolder(decodedPath), suggestions: &suggestions) {
            case .page(let target): targetPage = target
            case .asset: targetPage = nil
            case .problem(let rule, let severity, let message):
                return Diagnostic(severity, rule, message(link.destination), at: at)
            case .missing(let message, let suggested):
                return Diagnostic(
                    .error, .brokenLink, message + Self.hint(suggested, from: page.source, link: link.destination), at: at)
            }
            if isAbsolute, !namesOrigin {
                return Diagnostic(
                    .warning, .absolutePath,
                    "'\(link.destination)' is root-relative: it works under the scheme but breaks when the bundle is loaded from file://; use a relative link",
                    at: at)
            }
        }
        guard let fragment = reference.fragment, let target = targetPage else { return nil }
        return checkFragment(fragment, in: target, link: link, at: at, suggestions: &suggestions)
    }

    /// A link to a path the app's resolver refuses whatever the bundle holds, worded as the crawl
    /// words it, so that a build reports it once.
    private func unservable(_ link: MarkdownLink, _ reason: String, at place: SourceLocation) -> Diagnostic {
        Diagnostic(.error, .brokenLink, LinkFindingMessage.unservable(link.destination, because: reason), at: place)
    }

    private enum Target {
        case page(Page)
        case asset
        case problem(RuleID, Severity, (String) -> String)
        /// No such page or file: the message, and the paths near it that it names.
        case missing(String, suggested: [String])
    }

    private func resolve(_ path: SitePath, wantsDirectory: Bool, suggestions: inout PageSuggestions) -> Target {
        if !aliases.isEmpty, let target = aliases[wantsDirectory ? path.rawValue + "/" : path.rawValue],
            let page = model.page(output: target)
        {
            return .page(page)
        }
        if wantsDirectory || path.rawValue.isEmpty {
            let index = path.appending("index.md")
            if let index, let page = model.page(source: index) { return .page(page) }
            if let index, model.drafts.contains(index) {
                return .problem(
                    .brokenLink, .error,
                    {
                        "'\($0)' links to a folder whose '\(index)' is a draft, which is not in the bundle: \(Self.draftAdvice)"
                    })
            }
            // `install.md/`: a folder's page asked of a file.
            if !path.rawValue.isEmpty, model.page(source: path) != nil || model.outputPaths.contains(path) {
                return .problem(
                    .brokenLink, .error,
                    { "'\(path)' is a file, not a folder: link to it without \(LinkFindingMessage.trailingSlashes(of: $0))" })
            }
            // `Install.md/` for `install.md`: the letter case and the slash, both to fix.
            if !path.rawValue.isEmpty, let real = suggestionPaths.sameIgnoringCase(as: path.rawValue) {
                return .problem(
                    .brokenLink, .error,
                    { LinkFindingMessage.fileInOtherCase(path.rawValue, file: real, missingFrom: "site", written: $0) })
            }
            return missing(index ?? path, kind: "page", suggestions: &suggestions)
        }
        switch path.pathExtension {
        case "md":
            if let page = model.page(source: path) { return .page(page) }
            // `Notes.md` for `Notes.MD`: the extension counts in any letter case, and both are rewritten
            // to `Notes.html`, which the page is.
            if let page = model.page(output: path.replacingExtension(with: "html")), page.source.pathExtension == "md" {
                return .page(page)
            }
            if model.drafts.contains(path) {
                return .problem(
                    .brokenLink, .error, { "'\($0)' links to a draft, which is not in the bundle: \(Self.draftAdvice)" })
            }
            return missing(path, kind: "page", suggestions: &suggestions)
        case "html":
            if let page = model.page(output: path) { return .page(page) }
        default: break
        }
        if model.outputPaths.contains(path) { return .asset }
        if let index = path.appending("index.md"), model.page(source: index) != nil {
            return .problem(
                .directoryNoSlash, .error,
                {
                    "'\($0)' names a folder without its trailing slash, which an app is not served (no redirects under the scheme); write '\(FolderSlash.added(to: $0))'"
                })
        }
        // `docs` for a folder `Docs/`: the letter case and the slash, as the crawl words it.
        if let index = path.appending("index.md"), let real = suggestionPaths.sameIgnoringCase(as: index.rawValue),
            real.hasSuffix("/index.md")
        {
            let folder = String(real.dropLast("index.md".count))
            let message = LinkFindingMessage.folderInOtherCase(path.rawValue, folder: folder, missingFrom: "site")
            return .problem(.caseMismatch, .error, { _ in message })
        }
        return missing(path, kind: "file", suggestions: &suggestions)
    }

    /// What to do about a link to a draft.
    static let draftAdvice = "publish the page (drop 'draft: true'), drop the link, or build with --drafts to preview both"

    private func missing(_ path: SitePath, kind: String, suggestions: inout PageSuggestions) -> Target {
        if Self.isHidden(path) {
            let message =
                "no \(kind) '\(path)' in the site (files and folders whose names start with '.' are not part of the site)"
            return .problem(.brokenLink, .error, { _ in message })
        }
        if let pattern = leftOut.first(where: { $0.matches(path.rawValue) }) {
            let message = "no \(kind) '\(path)' in the site: 'ignore' in sitegen.yml leaves it out ('\(pattern.pattern)')"
            return .problem(.brokenLink, .error, { _ in message })
        }
        if let real = suggestionPaths.sameIgnoringCase(as: path.rawValue) {
            return .problem(
                .caseMismatch, .error,
                { "'\($0)' differs in letter case from '\(real)': it works on a Mac but fails on a device" })
        }
        // A folder's `README.md`, as GitHub and MkDocs show it, is no folder page here.
        if path.lastComponent == "index.md", let readme = path.parent.appending("README.md"),
            model.page(source: readme) != nil
        {
            let message =
                "no \(kind) '\(path)' in the site: a folder's page is its index.md, and \(readme) is a page of its own "
                + "(\(readme.replacingExtension(with: "html"))); rename it to index.md"
            return .problem(.brokenLink, .error, { _ in message })
        }
        let suggested = suggestions.suggestions(for: path.rawValue) { suggestionPaths.suggestions(for: path.rawValue) }
        return .missing("no \(kind) '\(path)' in the site", suggested: suggested)
    }

    /// ` (did you mean 'guide/data/export.md'?)`, and for one path that the page links to otherwise,
    /// how to write it (`, written 'data/export.md#gpx'`), the query and fragment kept: a path of
    /// the site pasted into the link would name another.
    static func hint(_ suggested: [String], from source: SitePath, link: String) -> String {
        guard suggested.count == 1 else { return Suggestion.phrase(suggested) }
        let suffix = link.firstIndex(where: { $0 == "?" || $0 == "#" }).map { String(link[$0...]) } ?? ""
        let relative = source.relativeReference(to: SitePath(unchecked: suggested[0]))
        let written = Self.markdownDestination(relative.removingPercentEncoding ?? relative) + suffix
        guard written != suggested[0] else { return Suggestion.phrase(suggested) }
        return " (did you mean '\(suggested[0])', written '\(written)'?)"
    }

    /// ` (did you mean '../x.md'?)` for a link with one `../` too many (from `base`, the page's
    /// folder) whose path with one fewer names a page or file of the site: the commonest way out.
    static func oneLevelLess(_ destination: String, base: String, in model: SiteModel) -> String {
        guard destination.hasPrefix("../") else { return "" }
        let shorter = String(destination.dropFirst(3))
        let path = String(shorter.prefix { $0 != "?" && $0 != "#" })
        // `../..//c.md` with one fewer is `..//c.md`, an empty segment the check refuses in turn.
        guard !path.hasPrefix("/"), !path.contains("//"), let decoded = path.removingPercentEncoding,
            let resolved = SitePath(normalizing: base.isEmpty ? decoded : "\(base)/\(decoded)"),
            model.page(source: resolved) != nil || model.outputPaths.contains(resolved)
                || (namesFolder(decoded) && resolved.appending("index.md").flatMap { model.page(source: $0) } != nil)
        else { return "" }
        return " (did you mean '\(shorter)'?)"
    }

    /// `path` as a Markdown link's destination holds it: letters of any script as they are
    /// (`café.md`), and percent-encoded only what would end the destination or be read as an
    /// escape, a query or a fragment (a space, `<`, `>`, parentheses, `\`, `%`, `?`, `#`, controls),
    /// and what a reader can neither see nor retype (a no-break space, a zero-width or bidi mark).
    static func markdownDestination(_ path: String) -> String {
        var out = ""
        for scalar in path.unicodeScalars {
            let properties = scalar.properties
            if scalar.value < 0x21 || scalar.value == 0x7F || " <>()\\%?#".unicodeScalars.contains(scalar)
                || properties.isWhitespace || properties.generalCategory == .format
                || properties.generalCategory == .control
            {
                out += String(scalar).utf8.map { String(format: "%%%02X", $0) }.joined()
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// Whether a link path names a folder with its slash: it ends in `/`, or its last segment is `.`
    /// or `..` (`guide/.` and `guide/deep/..` resolve to `guide/`, as a URL does).
    static func namesFolder(_ path: String) -> Bool {
        // Every link asks: a last segment of dots ends in one, and a folder's path in `/`.
        guard let end = path.utf8.last, end == UInt8(ascii: ".") || end == UInt8(ascii: "/") else { return false }
        let last = path.utf8.reversed().prefix { $0 != UInt8(ascii: "/") }
        return path.hasSuffix("/") || (1...2).contains(last.count) && last.allSatisfy { $0 == UInt8(ascii: ".") }
    }

    /// Whether a segment of `path` starts with `.`: the scan leaves such files and folders out, so
    /// no link to them can resolve, whether they exist or not.
    private static func isHidden(_ path: SitePath) -> Bool {
        var previous = UInt8(ascii: "/")
        for byte in path.rawValue.utf8 {
            if byte == UInt8(ascii: "."), previous == UInt8(ascii: "/") { return true }
            previous = byte
        }
        return false
    }

    private func checkFragment(
        _ fragment: String, in target: Page, link: MarkdownLink, at: SourceLocation, suggestions: inout PageSuggestions
    ) -> Diagnostic? {
        let fragment = FragmentDirective.removed(from: fragment)
        if fragment.isEmpty || TopFragment.matches(fragment) { return nil }
        let fromTemplate = templateIDs[target.meta.template ?? Theme.defaultTemplate] ?? []
        if target.anchorIDs.contains(fragment) || fromTemplate.contains(fragment) { return nil }
        if fragment.utf8.contains(UInt8(ascii: "%")), let decoded = fragment.removingPercentEncoding,
            target.anchorIDs.contains(decoded) || fromTemplate.contains(decoded)
        {
            return nil
        }
        // Named decoded, as the crawl names it: `caf%C3%A9` is the id `café`.
        let shown = fragment.removingPercentEncoding ?? fragment
        let hint = Suggestion.phrase(
            suggestions.suggestions(for: target.source.rawValue + "\u{0}#" + shown) {
                Suggestion.nearestID(to: shown, in: target.anchorIDs)
            })
        return Diagnostic(.error, .brokenFragment, "no heading '\(shown)' in \(target.source)\(hint)", at: at)
    }

    private func externalFinding(_ destination: String, at: SourceLocation) -> Diagnostic? {
        switch model.config.externalLinks {
        case .ignore: return nil
        case .warn:
            return Diagnostic(.warning, .externalLink, "external link '\(destination)' is not part of the offline bundle", at: at)
        case .error:
            return Diagnostic(.error, .externalLink, "external link '\(destination)' is not part of the offline bundle", at: at)
        }
    }
}

/// A link destination split into scheme, path and fragment, without any URL library's opinions.
struct LinkReference: Sendable {
    var scheme: String?
    var path: String
    var fragment: String?

    init(_ text: String) {
        var contiguous = text
        let parts: (scheme: String?, path: String?, fragment: String?) = contiguous.withUTF8 { bytes in
            let hash = bytes.firstIndex(of: UInt8(ascii: "#"))
            let end = bytes[..<(hash ?? bytes.count)].firstIndex(of: UInt8(ascii: "?")) ?? hash ?? bytes.count
            func string(_ range: Range<Int>) -> String {
                String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
            }
            var scheme: String?
            if let colon = bytes[..<end].firstIndex(of: UInt8(ascii: ":")), colon > 0, Self.isLetter(bytes[0]),
                bytes[..<colon].allSatisfy({
                    Self.isLetter($0) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) || $0 == UInt8(ascii: "+")
                        || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: ".")
                })
            {
                scheme = string(0..<colon).lowercased()
            }
            return (scheme, end == bytes.count ? nil : string(0..<end), hash.map { string($0 + 1..<bytes.count) })
        }
        scheme = parts.scheme
        path = parts.path ?? text
        fragment = parts.fragment
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20)
    }
}
