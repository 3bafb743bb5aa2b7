/// `#top`: the HTML standard scrolls to the top of the document for a fragment that is an ASCII
/// case-insensitive match for `top` when no element has that id or name, so such a link is never
/// broken.
public enum TopFragment {
    /// Whether `fragment` (without `#`, decoded) is `top` in any ASCII letter case.
    public static func matches(_ fragment: String) -> Bool {
        fragment.utf8.count == 3 && fragment.utf8.elementsEqual("top".utf8) { ($0 | 0x20) == $1 }
    }
}
