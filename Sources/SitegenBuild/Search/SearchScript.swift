import SitegenCore

/// The search index (`search: true`): every page's title, description, headings and text, as
/// scripts that work from `file://` as well as under the scheme. `_sitegen/search.js` names the
/// parts; each part, `_sitegen/search/N.js`, holds the pages whose output path hashes to it. The
/// theme's search box loads them all when it is first used and searches them in the page. Cut into
/// parts so that a rebuild after an edit makes only the part of the page edited: whole, the index of
/// 10,000 pages is 44 MB to make, hash and write again.
enum SearchScript {
    static let path = SitePath(unchecked: "_sitegen/search.js")
    static let partsFolder = "_sitegen/search/"
    /// About how many pages a part holds, at most, on average.
    static let pagesPerPart = 128

    /// How many parts an index of `pageCount` pages has: a power of two, so that the count (which
    /// moves every page to another part) changes only when the site doubles.
    static func partCount(pages pageCount: Int) -> Int {
        var count = 1
        while count * pagesPerPart < pageCount { count *= 2 }
        return count
    }

    static func partPath(_ index: Int) -> SitePath { SitePath(unchecked: "\(partsFolder)\(index).js") }

    /// The entry and every part of an index of `pageCount` pages.
    static func paths(pages pageCount: Int) -> [SitePath] {
        [path] + (0..<partCount(pages: pageCount)).map(partPath)
    }

    /// The pages of each part, in site order: a page stays in its part while the part count holds,
    /// whatever pages come and go around it.
    static func parts(of pages: [Page]) -> [[Page]] {
        let count = partCount(pages: pages.count)
        var parts = [[Page]](repeating: [], count: count)
        for page in pages {
            var fingerprint = Fingerprint()
            fingerprint.add(page.output.rawValue)
            // FNV's low bits are its weakest: the high half of a multiply picks the part.
            let mixed = (fingerprint.value &* 0x9E37_79B9_7F4A_7C15) >> 32
            parts[Int(mixed % UInt64(count))].append(page)
        }
        return parts
    }

    /// `window.sitegenSearchParts = ["_sitegen/search/0.js", …];`, relative to the bundle root.
    static func renderEntry(partCount: Int) -> [UInt8] {
        var out = Array("window.sitegenSearchParts = [".utf8)
        for index in 0..<partCount {
            if index > 0 { out.append(UInt8(ascii: ",")) }
            ScriptString.append(partPath(index).rawValue, to: &out)
        }
        out += Array("];\n".utf8)
        return out
    }

    /// What a part is made from, without its pages' text: each page's place and source, whose
    /// fingerprint stands for the text, headings and title it gives (the environment, which the
    /// cache's records already depend on, stands for the Markdown options).
    static func fingerprint(part index: Int, of pages: [Page]) -> UInt64 {
        var fingerprint = Fingerprint()
        fingerprint.add("search part 1")
        fingerprint.add(index)
        fingerprint.add(pages.count)
        for page in pages {
            fingerprint.add(page.source.rawValue)
            fingerprint.add(page.output.rawValue)
            fingerprint.add(Int(truncatingIfNeeded: page.sourceFingerprint))
            fingerprint.add(page.title)
            fingerprint.add(page.meta.description ?? "\u{0}")
        }
        return fingerprint.value
    }

    /// `(window.sitegenSearch = window.sitegenSearch || []).push([path, title, description, text,
    /// [[id, heading], …]], …);`, each path relative to the bundle root and encoded as the nav
    /// script's are; the headings are the `##` and `###` ones the table of contents lists. `pages`
    /// must carry their details (`Page.detailed`).
    static func renderPart(_ pages: [Page]) -> [UInt8] {
        var out = Array("(window.sitegenSearch = window.sitegenSearch || []).push(".utf8)
        // Made once at its size: grown step by step, the text would be copied again and again.
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
        out += Array(");\n".utf8)
        return out
    }
}
