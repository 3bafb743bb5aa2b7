/// `#install:~:text=swift`: browsers (Chrome, Safari 16.1 and later, Firefox 131 and later) take
/// the part of a fragment from the first `:~:` on as a fragment directive (scroll to text), never as
/// part of the id; the fragment before it names the element, and an empty one names none.
public enum FragmentDirective {
    /// `fragment` without its directive: `install` of `install:~:text=swift`, itself otherwise.
    public static func removed(from fragment: String) -> String {
        guard fragment.utf8.count >= 3, let range = fragment.range(of: ":~:") else { return fragment }
        return String(fragment[..<range.lowerBound])
    }
}
