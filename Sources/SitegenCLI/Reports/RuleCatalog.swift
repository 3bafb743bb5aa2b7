import SitegenCore

/// Every rule with its default severity and a one-line summary, for SARIF metadata and `--help`.
enum RuleCatalog {
    struct Rule: Sendable {
        var id: RuleID
        var defaultSeverity: Severity
        var summary: String
    }

    static let all: [Rule] = [
        Rule(id: .brokenLink, defaultSeverity: .error, summary: "The link's target is not in the site or bundle."),
        Rule(id: .brokenFragment, defaultSeverity: .error, summary: "The #fragment names no id or <a name> in its target."),
        Rule(id: .escapesRoot, defaultSeverity: .error, summary: "The link leaves the bundle root."),
        Rule(id: .fileURL, defaultSeverity: .error, summary: "A file: URL, which an app bundle cannot serve."),
        Rule(id: .invalidURL, defaultSeverity: .error, summary: "The URL cannot be parsed."),
        Rule(
            id: .caseMismatch, defaultSeverity: .error,
            summary: "The target exists only with other letter case: works on a Mac, fails on a device."),
        Rule(
            id: .directoryNoSlash, defaultSeverity: .error,
            summary: "A link to a directory without its trailing slash, which the scheme resolver does not serve."),
        Rule(
            id: .wrongType, defaultSeverity: .error,
            summary: "A style sheet or script served with a type a browser refuses under nosniff (not text/css, not JavaScript)."),
        Rule(
            id: .absolutePath, defaultSeverity: .warning,
            summary: "A root-relative link, which breaks when the bundle is loaded from file://."),
        Rule(id: .duplicateID, defaultSeverity: .warning, summary: "Two elements of one page share an id."),
        Rule(
            id: .notUTF8, defaultSeverity: .warning,
            summary: "A page or style sheet that is not UTF-8, which the bundle serves it as: a browser shows U+FFFD."),
        Rule(
            id: .nestedOutput, defaultSeverity: .warning,
            summary: "A folder of the site that is the bundle of another build: left out of this one."),
        Rule(id: .orphan, defaultSeverity: .warning, summary: "A page in the bundle that no link reaches from the entry."),
        Rule(id: .externalLink, defaultSeverity: .warning, summary: "A link to another origin: listed, never fetched."),
        Rule(
            id: RuleID("mirror-fetch"), defaultSeverity: .warning,
            summary: "sitegen mirror could not fetch a resource of the source site."),
        Rule(
            id: RuleID("mirror-limit"), defaultSeverity: .warning,
            summary: "sitegen mirror left a resource out at --max-pages, --max-bytes or --max-seconds."),
        Rule(
            id: RuleID("mirror-encoding"), defaultSeverity: .warning,
            summary: "sitegen mirror could not decode a page or style sheet from its declared encoding: copied as it is."),
        Rule(
            id: RuleID("mirror-redirects"), defaultSeverity: .warning,
            summary: "A line of a mirrored folder's _redirects that sitegen mirror cannot follow: ignored."),
        Rule(id: .unknownKey, defaultSeverity: .warning, summary: "A configuration or front-matter key sitegen does not know."),
        Rule(
            id: .notCommonMark, defaultSeverity: .warning,
            summary:
                "Markdown of another dialect (an admonition, a pipe table, an attribute list, a Hugo shortcode) that CommonMark shows as text."
        ),
        Rule(
            id: .untranslated, defaultSeverity: .warning,
            summary: "The theme has no words in the site's language: its own words (Menu, Next) show in English."),
        Rule(
            id: .inputError, defaultSeverity: .error,
            summary: "An input error stopped the build (exit 2): invalid YAML, a template that does not parse, and the like."),
        Rule(
            id: .aliasFolder, defaultSeverity: .error,
            summary: "An alias in another folder than its page: the page's relative links break when served there."),
        Rule(
            id: .symlinkLoop, defaultSeverity: .warning,
            summary: "A symbolic link to a folder that contains it: not followed by the site scan."),
    ]
}
