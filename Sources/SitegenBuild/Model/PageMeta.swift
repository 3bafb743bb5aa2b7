import SitegenCore
import SitegenMarkdown

/// A page's front matter: the YAML between `---` lines at the top of a Markdown file.
public struct PageMeta: Sendable, Equatable {
    public var title: String?
    public var description: String?
    /// Position among its siblings in the nav; pages without one come after, by title.
    public var order: Int?
    /// The page template's name (`landing` → `Templates/landing.html`); `page` by default.
    public var template: String?
    /// A draft is left out of the bundle.
    public var draft = false
    /// Old site paths that keep working (`old/intro.html`): manifest aliases of this page.
    public var aliases: [String] = []
    /// A shorter title for the sidebar.
    public var navTitle: String?

    public init() {}

    static let knownKeys: Set<String> = [
        "title", "description", "order", "template", "draft", "aliases", "nav_title",
    ]

    /// Reads parsed front matter; unknown keys are warnings.
    static func decode(_ root: YAMLNode?, path: String) throws(InputError) -> (PageMeta, [Diagnostic]) {
        var meta = PageMeta()
        var warnings: [Diagnostic] = []
        guard let root else { return (meta, warnings) }
        guard case .mapping(let pairs) = root.value else {
            throw InputError("front matter must be a mapping of keys to values", at: root.location(in: path))
        }
        for pair in pairs {
            guard let key = pair.key.string, !key.isEmpty else {
                warnings.append(
                    Diagnostic(
                        .warning, .unknownKey, "a front matter key must be plain text, not \(pair.key.kind)",
                        at: pair.key.location(in: path)))
                continue
            }
            let value = pair.value
            // `description:` with nothing after it, left from a page template: as if not there.
            if value.isNull, Self.knownKeys.contains(key) { continue }
            switch key {
            // Blank counts as absent: the title falls back to the first `#` heading, then the file name.
            case "title": meta.title = nonBlank(try value.requireString(key, path: path))
            case "description": meta.description = try value.requireString(key, path: path)
            case "order": meta.order = try value.requireInt(key, path: path)
            case "template": meta.template = try value.requireString(key, path: path)
            case "draft": meta.draft = try value.requireBool(key, path: path)
            case "aliases": meta.aliases = try value.requireStringList(key, path: path)
            case "nav_title": meta.navTitle = nonBlank(try value.requireString(key, path: path))
            default:
                warnings.append(
                    Diagnostic(
                        .warning, .unknownKey,
                        "unknown front matter key '\(key)'"
                            + (otherToolsKeys[key].map { ": \($0)" } ?? Suggestion.hint(for: key, in: knownKeys)),
                        at: pair.key.location(in: path)))
            }
        }
        return (meta, warnings)
    }

    /// Front matter keys of MkDocs (and MkDocs Material) and Hugo that a moved page brings along,
    /// and what sitegen has instead.
    static let otherToolsKeys: [String: String] = [
        "hide": "a page without the sidebar or the table of contents uses a template of its own (template:)",
        "search": "every page is in the search index when sitegen.yml has search: true",
        "tags": "sitegen has no tags",
        "icon": "sitegen's navigation has no icons",
        "status": "sitegen's navigation has no page status",
        // Hugo's.
        "weight": "the place in the sidebar is order: (Hugo's weight)",
        "linkTitle": "the sidebar's title is nav_title: (Hugo's linkTitle)",
        "summary": "the summary is description: (Hugo's summary)",
        "layout": "a page's template is template: (Hugo's layout)",
        "slug": "a page's URL is its file's path: rename the file, and keep the old URL with aliases:",
        "url": "a page's URL is its file's path: rename the file, and keep the old URL with aliases:",
        "categories": "sitegen has no taxonomies",
    ]

    /// `text`, or nil when it holds nothing but white space.
    static func nonBlank(_ text: String) -> String? {
        text.unicodeScalars.allSatisfy(\.properties.isWhitespace) ? nil : text
    }
}
