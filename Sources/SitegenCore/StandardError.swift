import Foundation

/// What standard error is, for output that rewrites a line in place.
public enum StandardError {
    /// Whether standard error is a terminal that takes the control sequences a progress line
    /// redraws itself with (`\r`, erase to the end of the line): not `TERM=dumb` (Emacs shells, some
    /// CI log viewers), which shows them as text.
    public static let redrawsLines = isatty(2) == 1 && getenv("TERM").map { String(cString: $0) } != "dumb"
}
