import SitegenCore

/// `Site/sitegen.yml`: everything a site can configure. Every key is optional.
public struct SiteConfig: Sendable, Equatable {
    /// The site's title, shown in every page's `<title>` and header.
    public var title = "Documentation"
    /// Whether `sitegen.yml` gives the title: without one, the theme's word for documentation in
    /// the site's language is the title (`Dokumentation`).
    public var titleIsSet = false
    /// The language of the pages, as a BCP 47 tag (`en`, `pt-BR`): the `lang` of every page, which
    /// screen readers, hyphenation and spell checkers go by.
    public var language = "en"
    /// Where `sitegen.yml` names the language; `nil` for the default.
    public var languageLocation: SourceLocation?
    /// Style sheets and scripts of the site that every page loads after the theme's (`extra_css`,
    /// `extra_javascript`, as MkDocs names them): site paths, each with where it is written.
    public var extraCSS: [ConfiguredPath] = []
    public var extraJavaScript: [ConfiguredPath] = []
    /// The theme's own words the site gives itself (`next: Onward`), by key, each with where it is.
    public var words: [String: ConfiguredWord] = [:]
    /// The custom URL scheme apps register (`docs`); reserved schemes are refused.
    public var scheme = "docs"
    /// The host of the scheme URLs (`app`).
    public var host = "app"
    /// The page the app opens first and the crawl starts from (a Markdown path).
    public var entry = SitePath(unchecked: "index.md")
    /// Where `sitegen.yml` names the entry; `nil` for the default.
    public var entryLocation: SourceLocation?
    /// An explicit navigation tree; `nil` derives it from the folder structure.
    public var nav: [NavEntry]?
    /// What to do about links to other origins.
    public var externalLinks = ExternalLinkSetting.warn
    /// Whether raw HTML in Markdown is passed through.
    public var rawHTML = true
    /// Whether straight quotes, `--` and `...` become typographic punctuation.
    public var smartPunctuation = false
    /// Whether warnings fail the build (exit 1).
    public var strict = false
    /// Whether the bundle carries a search index (`_sitegen/search.js`) for the theme's search box.
    public var search = false
    /// Glob patterns (relative to the site folder) of files to leave out.
    public var ignore: [String] = []
    /// Link patterns the checker skips.
    public var ignoreLinks: [String] = []
    /// MIME type overrides by lowercase extension (`{"md": "text/plain"}`), or by a file's path
    /// in the bundle (`{"downloads/data.bin": "application/x-foo"}`).
    public var mimeTypes: [String: String] = [:]
    /// Where `sitegen.yml` names each file of `mimeTypes` by its path: a path that is no file of
    /// the bundle is an error there.
    public var mimeTypePaths: [String: SourceLocation] = [:]

    public init() {}

    /// The `ignore` pattern that leaves the site path `path` out, as written; `nil` when none does.
    func ignorePattern(leavingOut path: SitePath) -> String? {
        ignore.first { GlobPattern($0).matches(path.rawValue) }
    }
}

/// A path of the site that `sitegen.yml` names, with where it is written.
public struct ConfiguredPath: Sendable, Equatable {
    public var path: SitePath
    public var location: SourceLocation
}

/// A word of the theme that `sitegen.yml` or a file of the theme's words gives (`next: Onward`),
/// with where its key is written.
public struct ConfiguredWord: Sendable, Equatable {
    public var text: String
    public var location: SourceLocation
}

/// The `external_links` setting: links to other origins are never fetched, only listed.
public enum ExternalLinkSetting: String, Sendable, CaseIterable {
    case ignore, warn, error
}

/// One entry of an explicit `nav:` tree.
public indirect enum NavEntry: Sendable, Equatable {
    /// A page, optionally with a title that overrides the page's own.
    case page(title: String?, path: SitePath, location: SourceLocation)
    /// A section heading with its entries.
    case section(title: String, children: [NavEntry], location: SourceLocation)
}
