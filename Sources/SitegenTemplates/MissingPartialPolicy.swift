/// What rendering does when a partial or parent template is not in the library.
public enum MissingPartialPolicy: Sendable {
    /// Render nothing in its place, as the Mustache spec says.
    case renderEmpty
    /// Fail with an `unknown partial` error at the tag (what sitegen uses: a typo must not pass).
    case error
}
