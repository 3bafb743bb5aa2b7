import SitegenCore

/// One finding of a link check.
public struct LinkFinding: Sendable, Hashable, Comparable {
    /// The finding; `location.path` is `displayRoot` + the page path, with the line and column of the
    /// attribute or CSS token.
    public var diagnostic: Diagnostic
    /// Bundle-relative path of the page holding the link (`nil` for orphans and missing entries).
    public var page: String?
    /// The link as written; for an `alias-folder` finding the alias, for a `duplicate-id` finding the id.
    public var href: String?

    /// Creates a finding.
    public init(diagnostic: Diagnostic, page: String?, href: String?) {
        self.diagnostic = diagnostic
        self.page = page
        self.href = href
    }

    /// Ordered by diagnostic (place, rule, message), then by link.
    public static func < (a: LinkFinding, b: LinkFinding) -> Bool {
        if a.diagnostic != b.diagnostic { return a.diagnostic < b.diagnostic }
        return (a.href ?? "") < (b.href ?? "")
    }
}

/// The result of a link check: counts and sorted findings.
public struct CheckReport: Sendable, Hashable {
    /// HTML pages fetched and parsed.
    public var pages: Int
    /// Other resources found (style sheets, scripts, images, ...).
    public var assets: Int
    /// Links examined (not counting empty links, `#`, `javascript:`, `mailto:`, `tel:`, `data:`).
    public var linksChecked: Int
    /// Every finding, sorted so that two runs give the same order.
    public var findings: [LinkFinding]

    /// Creates a report.
    public init(pages: Int, assets: Int, linksChecked: Int, findings: [LinkFinding]) {
        self.pages = pages
        self.assets = assets
        self.linksChecked = linksChecked
        self.findings = findings
    }

    /// The diagnostics alone, in order.
    public var diagnostics: [Diagnostic] { findings.map(\.diagnostic) }
}
