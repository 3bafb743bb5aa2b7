import SitegenCore

/// Titles made from file and folder names, as MkDocs makes them: `getting-started` is "Getting
/// started", `API_keys` "API keys" (runs of `-`, `_` and spaces become one space, and only a name
/// written all in lowercase gets a capital).
enum FileNameTitle {
    /// The title of a page that has neither a `title` key nor a `#` heading. An index page takes its
    /// folder's name (`guides/index.md` is "Guides"); the site's top index is "Home".
    static func of(_ source: SitePath) -> String {
        var stem = Substring(source.lastComponent)
        if stem.hasSuffix(".md") { stem = stem.dropLast(3) }
        if stem == "index" {
            let folder = source.parent
            guard !folder.rawValue.isEmpty else { return "Home" }
            stem = Substring(folder.lastComponent)
        }
        return humanized(stem)
    }

    /// `name` as a title: the title of a folder's section in the sidebar.
    static func humanized(_ name: Substring) -> String {
        let spaced = name.split(whereSeparator: { $0 == "-" || $0 == "_" || $0 == " " }).joined(separator: " ")
        guard !spaced.isEmpty else { return String(name) }
        guard spaced.lowercased() == spaced, let first = spaced.first else { return spaced }
        return first.uppercased() + spaced.dropFirst()
    }
}
