/// What to do with links to other origins (`https:`, other custom-scheme hosts). They are never
/// fetched.
public enum ExternalLinkPolicy: String, Sendable, Hashable, CaseIterable {
    /// Not reported.
    case ignore
    /// Reported as warnings.
    case warn
    /// Reported as errors.
    case error
}

/// How a link check behaves.
public struct CheckOptions: Sendable, Hashable {
    /// What to do with external links.
    public var external: ExternalLinkPolicy
    /// Whether HTML pages no link reaches are reported.
    public var reportOrphans: Bool
    /// Links to leave alone: `*` matches any run of characters; matched against the link as written
    /// and against the resolved URL. Ignored links are neither checked nor followed.
    public var ignorePatterns: [String]
    /// Prefix for printed paths, e.g. `dist/` gives `dist/guide/a.html:12:5`.
    public var displayRoot: String
    /// Where the files' types came from, for the advice of a `wrong-type` finding.
    public var typeSource: TypeSource = .configured
    /// Said after an entry that is not in the bundle: how to name another.
    public var missingEntryHint: String?
    /// Where the tree is served on the web (`--site-url`): links are resolved as there, and those
    /// below it are links into the tree.
    public var siteURL: SiteURL?

    /// Creates options; the defaults ignore external links and report orphans.
    public init(
        external: ExternalLinkPolicy = .ignore, reportOrphans: Bool = true, ignorePatterns: [String] = [],
        displayRoot: String = ""
    ) {
        self.external = external
        self.reportOrphans = reportOrphans
        self.ignorePatterns = ignorePatterns
        self.displayRoot = displayRoot
    }
}
