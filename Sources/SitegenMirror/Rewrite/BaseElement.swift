import SitegenLinks

/// Takes the `href` out of every `<base>` start tag of an HTML page. The mirror rewrites each
/// link relative to the file that holds it, having resolved it against the base: a base left in
/// place would be applied a second time, by the browser and by the checker, and move every link.
/// A `<base>` that has other attributes (`target`) keeps them; one with only `href` is removed.
enum BaseElement {
    /// The edits that remove the `href` of each `<base>`, or the whole tag when `href` is all it has.
    static func edits(removingHrefIn bytes: [UInt8]) -> [TextEdit] {
        var edits: [TextEdit] = []
        StartTags.forEach(in: bytes) { tag in
            guard tag.name == "base" else { return true }
            let hrefs = tag.attributes.filter { $0.name == "href" }
            if hrefs.isEmpty { return true }
            if hrefs.count == tag.attributes.count {
                edits.append(TextEdit(range: tag.start..<tag.end, replacement: []))
            } else {
                edits += hrefs.map { TextEdit(range: $0.span, replacement: []) }
            }
            return true
        }
        return edits
    }
}
