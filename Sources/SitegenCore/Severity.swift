/// How serious a finding is. Errors fail a build or check (exit 1); warnings do so only in strict mode.
public enum Severity: String, Sendable, Hashable, Comparable, CaseIterable, Codable {
    case warning
    case error

    public static func < (a: Severity, b: Severity) -> Bool {
        a == .warning && b == .error
    }
}
