/// `#install:~:text=swift`: browsers (Chrome, Safari 16.1 and later, Firefox 131 and later) take
/// the part of a fragment from the first `:~:` on as a fragment directive (scroll to text), never as
/// part of the id; the fragment before it names the element, and an empty one names none.
public enum FragmentDirective {
    /// `fragment` without its directive: `install` of `install:~:text=swift`, itself otherwise.
    public static func removed(from fragment: String) -> String {
        // Every same-page link of every page comes here: bytes, not Foundation's `range(of:)`.
        guard ByteSearch.contains(UInt8(ascii: ":"), in: fragment) else { return fragment }
        let utf8 = fragment.utf8
        guard var index = utf8.firstIndex(of: UInt8(ascii: ":")) else { return fragment }
        while index < utf8.endIndex {
            let rest = utf8[index...]
            if rest.starts(with: ":~:".utf8) { return String(fragment[..<index]) }
            guard let next = rest.dropFirst().firstIndex(of: UInt8(ascii: ":")) else { return fragment }
            index = next
        }
        return fragment
    }
}
