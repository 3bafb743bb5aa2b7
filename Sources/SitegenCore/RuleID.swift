/// The identifier of a check, printed in brackets after a finding (`[broken-link]`) so that CI filters,
/// ignore lists and SARIF reports can name it.
public struct RuleID: RawRepresentable, Sendable, Hashable, Comparable, Codable, CustomStringConvertible {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ rawValue: String) { self.rawValue = rawValue }
    public var description: String { rawValue }
    public static func < (a: RuleID, b: RuleID) -> Bool { a.rawValue < b.rawValue }

    /// A link whose target is not in the bundle or site.
    public static let brokenLink = RuleID("broken-link")
    /// A `#fragment` that names no `id` or `<a name>` in its target.
    public static let brokenFragment = RuleID("broken-fragment")
    /// A page in the bundle that no link reaches from the entry.
    public static let orphan = RuleID("orphan")
    /// A link to another origin: listed, never fetched.
    public static let externalLink = RuleID("external-link")
    /// A `file:` URL, which no app bundle can serve.
    public static let fileURL = RuleID("file-url")
    /// A root-relative link (`/x`), which breaks when the bundle is loaded from `file://`.
    public static let absolutePath = RuleID("absolute-path")
    /// A link to a directory without its trailing slash.
    public static let directoryNoSlash = RuleID("directory-no-slash")
    /// A target that exists only with other letter case.
    public static let caseMismatch = RuleID("case-mismatch")
    /// A link that would leave the bundle root.
    public static let escapesRoot = RuleID("escapes-root")
    /// Two elements of one page with the same `id`.
    public static let duplicateID = RuleID("duplicate-id")
    /// A URL that cannot be parsed.
    public static let invalidURL = RuleID("invalid-url")
    /// An alias in another folder than its page, where the page's relative links do not resolve.
    public static let aliasFolder = RuleID("alias-folder")
    /// A symbolic link to a folder that contains it (a loop), which the site scan does not follow.
    public static let symlinkLoop = RuleID("symlink-loop")
    /// A folder of the site that is the bundle of another build (its cache lies beside it): left out.
    public static let nestedOutput = RuleID("nested-output")
    /// A page or style sheet that is not UTF-8, which the bundle serves it as.
    public static let notUTF8 = RuleID("not-utf8")
    /// A style sheet or script served with a type under which a browser does not use it
    /// (`nosniff`: only `text/css` styles a page, only JavaScript runs).
    public static let wrongType = RuleID("wrong-type")
    /// An input error that stopped the build (exit 2), in a machine-readable report.
    public static let inputError = RuleID("input-error")
    /// A configuration or front-matter key sitegen does not know.
    public static let unknownKey = RuleID("unknown-key")
    /// Markdown of another dialect (an admonition, a pipe table, an attribute list) that CommonMark
    /// shows as text.
    public static let notCommonMark = RuleID("not-commonmark")
    /// A site language the theme has no words in: its own words (Menu, Next) show in English.
    public static let untranslated = RuleID("untranslated")
}
