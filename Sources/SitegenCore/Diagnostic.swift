/// One finding: a broken link, a missing fragment, an unknown key. Findings are values, never thrown;
/// the CLI decides how to print them and which exit code they lead to.
public struct Diagnostic: Sendable, Hashable, Comparable, CustomStringConvertible {
    public var severity: Severity
    public var rule: RuleID
    public var message: String
    /// Where the finding is; `nil` for findings about the whole site.
    public var location: SourceLocation?

    public init(_ severity: Severity, _ rule: RuleID, _ message: String, at location: SourceLocation?) {
        self.severity = severity
        self.rule = rule
        self.message = message
        self.location = location
    }

    /// GCC style: `FILE:LINE:COL: error: MESSAGE [rule-id]`.
    public var description: String {
        let place = location.map { "\($0): " } ?? ""
        return "\(place)\(severity.rawValue): \(message) [\(rule.rawValue)]"
    }

    /// Sorted by place, then rule and message, so that two runs print the same bytes.
    public static func < (a: Diagnostic, b: Diagnostic) -> Bool {
        let pa = a.location ?? SourceLocation(path: ""), pb = b.location ?? SourceLocation(path: "")
        if pa != pb { return pa < pb }
        if a.rule != b.rule { return a.rule < b.rule }
        return a.message < b.message
    }
}

extension Array where Element == Diagnostic {
    /// The number of findings of each severity.
    public var errorCount: Int { lazy.filter { $0.severity == .error }.count }
    public var warningCount: Int { lazy.filter { $0.severity == .warning }.count }
}
