import SitegenCore

/// `_sitegen/search.js`: every page's title, description, headings and text, once per bundle, as a
/// script that works from `file://` as well as under the scheme (`search: true`). The theme's
/// search box loads it when it is first used and searches it in the page.
enum SearchScript {
    static let path = SitePath(unchecked: "_sitegen/search.js")

    /// `window.sitegenSearch = [[path, title, description, text, [[id, heading], …]], …];`, each
    /// path relative to the bundle root and encoded as the nav script's are; the headings are the
    /// `##` and `###` ones the table of contents lists.
    static func render(_ pages: [Page]) -> [UInt8] {
        var out = Array("window.sitegenSearch = [".utf8)
        // Made once at its size: grown step by step, 40 MB of index would be copied (and fresh
        // memory zeroed) again and again.
        out.reserveCapacity(
            pages.reduce(64) { size, page in
                size + page.output.rawValue.utf8.count + page.title.utf8.count + (page.meta.description?.utf8.count ?? 0)
                    + page.body.text.utf8.count + page.body.headings.reduce(0) { $0 + $1.id.utf8.count + $1.text.utf8.count + 8 }
                    + 32
            } * 21 / 20)
        for (position, page) in pages.enumerated() {
            if position > 0 { out += Array(",\n".utf8) }
            out.append(UInt8(ascii: "["))
            ScriptString.append(NavScript.url(of: page.output), to: &out)
            out.append(UInt8(ascii: ","))
            ScriptString.append(page.title, to: &out)
            out.append(UInt8(ascii: ","))
            ScriptString.append(page.meta.description ?? "", to: &out)
            out.append(UInt8(ascii: ","))
            ScriptString.append(page.body.text, to: &out)
            out += Array(",[".utf8)
            let headings = page.body.headings.filter {
                ($0.level == 2 || $0.level == 3) && $0.text.contains(where: { !$0.isWhitespace })
            }
            for (index, heading) in headings.enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                out.append(UInt8(ascii: "["))
                ScriptString.append(heading.id, to: &out)
                out.append(UInt8(ascii: ","))
                ScriptString.append(heading.text, to: &out)
                out.append(UInt8(ascii: "]"))
            }
            out += Array("]]".utf8)
        }
        out += Array("];\n".utf8)
        return out
    }
}
