/// A link made to name a folder with its slash, as a web server's redirect makes it and as a
/// finding tells a page to write it.
package enum FolderSlash {
    /// `link` with a `/` after its path, before any query or fragment: `guide#setup` becomes `guide/#setup`.
    package static func added(to link: String) -> String {
        guard let end = link.firstIndex(where: { $0 == "?" || $0 == "#" }) else { return link + "/" }
        return link[..<end] + "/" + link[end...]
    }
}
