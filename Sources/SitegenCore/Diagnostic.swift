/// One finding: a broken link, a missing fragment, an unknown key. Findings are values, never thrown;
/// the CLI decides how to print them and which exit code they lead to.
public struct Diagnostic: Sendable, Hashable, Comparable, CustomStringConvertible {
    public var severity: Severity
    public var rule: RuleID
    public var message: String
    /// Where the finding is; `nil` for findings about the whole site.
    public var location: SourceLocation?
    /// The link the finding is about, as the page writes it (`guide/instal.md#setup`), for reports
    /// that scripts read; `nil` for findings about no one link (an orphan, a duplicate id, a key).
    public var link: String?

    public init(_ severity: Severity, _ rule: RuleID, _ message: String, at location: SourceLocation?) {
        self.severity = severity
        self.rule = rule
        self.message = message
        self.location = location
    }

    /// GCC style: `FILE:LINE:COL: error: MESSAGE [rule-id]`, on one line: control characters a
    /// message quotes (a NUL or a newline in a link) or a file name holds are written as `\u{0}`.
    public var description: String {
        let place = location.map { "\(Self.printable($0.description)): " } ?? ""
        return "\(place)\(severity.rawValue): \(Self.printable(message)) [\(rule.rawValue)]"
    }

    /// `text` with its control characters written as `\u{…}`, so that it stays on one line and a
    /// terminal shows it as it is: C0, DEL and C1 (U+0080 to U+009F; U+009B starts an escape
    /// sequence in some terminals, as ESC does), and the line and paragraph separators U+2028 and
    /// U+2029, which editors and JavaScript take for line ends.
    package static func printable(_ text: String) -> String {
        // C1 characters are encoded as 0xC2 0x80 to 0xC2 0x9F, U+2028 and U+2029 start with 0xE2.
        guard text.utf8.contains(where: { $0 < 0x20 || $0 == 0x7F || $0 == 0xC2 || $0 == 0xE2 }) else { return text }
        var out = ""
        for scalar in text.unicodeScalars {
            if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || scalar.value == 0x2028 || scalar.value == 0x2029 {
                out += escape(scalar)
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// `scalar` as findings write a character they do not show: `\u{1b}`.
    package static func escape(_ scalar: Unicode.Scalar) -> String { "\\u{" + String(scalar.value, radix: 16) + "}" }

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
