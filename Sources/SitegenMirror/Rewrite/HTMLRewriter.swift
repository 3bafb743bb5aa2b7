import Foundation
import SitegenCore
import SitegenLinks

/// Rewrites the links of an HTML document in place: for each link `HTMLExtractor` found, only the
/// URL text of its attribute value (or of its `url()` token in `<style>`) is replaced; every other
/// byte of the page stays as it was, but for the `href` of a `<base>`, which is taken out
/// (`BaseElement`): the rewritten links are relative to the file, and a base would move them.
enum HTMLRewriter {
    /// `html` with every link `map` answers for replaced. `map` gets the URL as written
    /// (entity-decoded) and returns its replacement, or `nil` to leave it. `map` must have
    /// resolved it against the page's `<base href>`, if any: the base is removed.
    static func rewrite(_ html: [UInt8], facts: DocumentFacts, map: (String) -> String?) -> [UInt8] {
        let index = LineStarts(html)
        var edits: [TextEdit] = []
        var done = Set<Int>()
        // A `url(#a)` of CSS names an element of this page, whatever the base said: it stays, as
        // `usemap="#a"` does.
        func cssMap(_ url: String) -> String? { url.trimmingASCIIWhitespace().hasPrefix("#") ? nil : map(url) }
        for link in facts.links {
            guard let offset = index.offset(line: link.line, column: link.column) else { continue }
            if link.element == "style" {
                if let replacement = cssMap(link.url),
                    let edit = CSSRewriter.tokenEdit(html, at: offset, replacement: replacement)
                {
                    edits.append(edit)
                }
                continue
            }
            guard let value = AttributeValue.locate(link.attribute, at: offset, in: html),
                done.insert(value.range.lowerBound).inserted
            else { continue }
            let written = AttributeText.decoded(html[value.range])
            let rewritten: String? =
                switch link.attribute {
                case "srcset", "imagesrcset": SrcsetRewriter.rewrite(written, map: map)
                // `style`, or an SVG presentation attribute (`fill="url(#a) red"`): only its `url()`s.
                case _ where link.isInCSSAttribute:
                    String(
                        decoding: CSSRewriter.rewrite(
                            Array(written.utf8), quote: value.quote == UInt8(ascii: "'") ? "\"" : "'", map: cssMap),
                        as: UTF8.self)
                case "content": map(link.url).flatMap { replaceLast(link.url, with: $0, in: written) }
                case "usemap": nil
                default: map(link.url)
                }
            if let rewritten, rewritten != written { edits.append(value.edit(writing: rewritten)) }
        }
        if facts.baseHref != nil { edits += BaseElement.edits(removingHrefIn: html) }
        return edits.isEmpty ? html : TextEdit.apply(edits, to: html)
    }

    private static func replaceLast(_ url: String, with replacement: String, in text: String) -> String? {
        guard let range = text.range(of: url, options: .backwards) else { return nil }
        return text.replacingCharacters(in: range, with: replacement)
    }
}

/// Rewrites the image URLs of a `srcset` value, keeping descriptors and separators.
enum SrcsetRewriter {
    /// Candidates are split by the checker's `SrcsetParser`, as the HTML standard does.
    static func rewrite(_ value: String, map: (String) -> String?) -> String {
        let bytes = Array(value.utf8)
        var out: [UInt8] = []
        var copied = 0
        for range in SrcsetParser.urlRanges(in: bytes) {
            guard let replacement = map(String(decoding: bytes[range], as: UTF8.self)) else { continue }
            out += bytes[copied..<range.lowerBound]
            out += Array(replacement.utf8)
            copied = range.upperBound
        }
        out += bytes[copied...]
        return String(decoding: out, as: UTF8.self)
    }
}
