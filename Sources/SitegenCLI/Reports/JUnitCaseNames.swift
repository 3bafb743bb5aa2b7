/// Test case names that never repeat within a report: GitLab keys test cases by suite, class and
/// name, and merges those that share all three, so two findings at one place with one rule (two
/// `srcset` candidates, two `url()` of one `style`) would count as one failure. The second and later
/// of a name get ` (2)`, ` (3)` …; findings are sorted, so a run gives the same names as the last.
struct JUnitCaseNames {
    private var used: Set<String> = []
    private var repeats: [String: Int] = [:]

    /// `name`, or the first of `name (2)`, `name (3)` … not handed out yet.
    mutating func unique(_ name: String) -> String {
        var count = repeats[name, default: 1]
        var candidate = name
        while used.contains(candidate) {
            count += 1
            candidate = "\(name) (\(count))"
        }
        repeats[name] = count
        used.insert(candidate)
        return candidate
    }
}
