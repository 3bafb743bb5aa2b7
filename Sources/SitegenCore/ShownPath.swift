/// Paths as messages show them: relative to where the command runs, as the user typed them.
public enum ShownPath {
    /// The folder that holds the shown folder `shown` (`docs/`, `a/b`, `.`), shown the same way,
    /// ending in `/`: `a/` for `a/b/`, `../` for `.`; empty for the folder the command runs in
    /// (the one that holds `docs/`).
    public static func folder(above shown: String) -> String {
        let trimmed = shown.hasSuffix("/") ? String(shown.dropLast()) : shown
        if trimmed.isEmpty || trimmed == "." { return "../" }
        if trimmed == ".." || trimmed.hasSuffix("/.") || trimmed.hasSuffix("/..") { return trimmed + "/../" }
        return trimmed.lastIndex(of: "/").map { String(trimmed[...$0]) } ?? ""
    }
}
