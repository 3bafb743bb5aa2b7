import SitegenCore
import SitegenMarkdown

extension NavEntry {
    /// Reads a `nav:` list in the MkDocs style:
    /// ```yaml
    /// nav:
    ///   - index.md
    ///   - Getting started: getting-started.md
    ///   - Writing:
    ///       - writing/pages.md
    /// ```
    static func decodeList(_ node: YAMLNode, path: String) throws(InputError) -> [NavEntry] {
        guard let items = node.array else {
            throw InputError("nav must be a list of pages and sections", at: node.location(in: path))
        }
        var entries: [NavEntry] = []
        for item in items { entries.append(try decode(item, path: path)) }
        return entries
    }

    private static func decode(_ node: YAMLNode, path: String) throws(InputError) -> NavEntry {
        let at = node.location(in: path)
        if let file = node.string {
            return .page(title: nil, path: try pagePath(file, at: at), location: at)
        }
        guard case .mapping(let pairs) = node.value, pairs.count == 1, let title = pairs[0].key.string else {
            throw InputError("a nav entry is a page path, 'Title: page.md', or 'Section: [entries]'", at: at)
        }
        let value = pairs[0].value
        // A title of nothing but spaces would be a link or heading with no name to read.
        guard title.contains(where: { !$0.isWhitespace }) else {
            throw InputError("a nav title is empty: write the words the sidebar shows", at: pairs[0].key.location(in: path))
        }
        if let file = value.string {
            // Findings about the page (none such, listed twice) point at its path, not at the title.
            let place = value.location(in: path)
            return .page(title: title, path: try pagePath(file, at: place), location: place)
        }
        let children = try decodeList(value, path: path)
        // Written as a section, it would show a heading with nothing under it.
        if children.isEmpty { throw InputError("nav section '\(title)' lists no pages", at: value.location(in: path)) }
        return .section(title: title, children: children, location: at)
    }

    /// The path of a page entry. One of another kind (`guide/setup.html`) is refused once the pages
    /// are known, with the page it means.
    private static func pagePath(_ text: String, at location: SourceLocation) throws(InputError) -> SitePath {
        if text.hasPrefix("//") {
            throw InputError(
                "nav entry '\(text)' is a URL (protocol-relative): the nav lists pages of the site; link to other sites from a page",
                at: location)
        }
        // Two letters at least: `c:` is no scheme. Quoted as written, not lowercased.
        if let scheme = LinkReference(text).scheme, scheme.utf8.count > 1 {
            throw InputError(
                "nav entry '\(text)' is a \(text.prefix(scheme.count)): URL: the nav lists pages of the site; link to other sites from a page",
                at: location)
        }
        guard let sitePath = SitePath(normalizing: text) else {
            throw InputError("nav entry '\(text)' must name a Markdown file inside the site", at: location)
        }
        return sitePath
    }
}
