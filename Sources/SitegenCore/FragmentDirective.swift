/// `#install:~:text=swift`: browsers (Chrome, Safari 16.1 and later, Firefox 131 and later) take
/// the part of a fragment from the first `:~:` on as a fragment directive (scroll to text), never as
/// part of the id; the fragment before it names the element, and an empty one names none.
public enum FragmentDirective {
    /// `fragment` without its directive: `install` of `install:~:text=swift`, itself otherwise.
    public static func removed(from fragment: String) -> String {
        // Every same-page link of every page comes here: bytes, not Foundation's `range(of:)`.
        guard let offset = ByteSearch.firstOffset(of: Self.delimiter, in: fragment) else { return fragment }
        return String(fragment[..<fragment.utf8.index(fragment.utf8.startIndex, offsetBy: offset)])
    }

    private static let delimiter = Array(":~:".utf8)
}
