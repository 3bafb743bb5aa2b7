import SitegenBundleCore
import SitegenCore

/// `_sitegen/nav.js`: the whole navigation tree, once per bundle, as a script that works from
/// `file://` as well as under the scheme. Each page's HTML carries only its own branch of the
/// sidebar; the theme's script builds the rest from this file.
enum NavScript {
    static let path = SitePath(unchecked: "_sitegen/nav.js")

    /// `window.sitegenNav = [[title, path or null, [children…]], …];`, each path relative to the
    /// bundle root and percent-encoded as the static links are (`c#.md` → `c%23.html`): the theme's
    /// script appends it to `root`.
    static func render(_ tree: NavTree) -> [UInt8] {
        var out = Array("window.sitegenNav = ".utf8)
        append(tree.nodes[0].children, of: tree, to: &out)
        out += Array(";\n".utf8)
        return out
    }

    /// A fingerprint of everything `render` writes, taken from the tree without writing it: a rebuild
    /// whose navigation did not change keeps the file without rendering 10,000 entries.
    static func fingerprint(_ tree: NavTree) -> UInt64 {
        var fingerprint = Fingerprint()
        fingerprint.add("nav.js 2")
        func visit(_ nodes: [Int]) {
            fingerprint.add(nodes.count)
            for index in nodes {
                let node = tree.nodes[index]
                fingerprint.add(node.title)
                fingerprint.add(node.page == nil ? 0 : 1)
                if let page = node.page { fingerprint.add(page.rawValue) }
                visit(node.children)
            }
        }
        visit(tree.nodes[0].children)
        return fingerprint.value
    }

    private static func append(_ nodes: [Int], of tree: NavTree, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "["))
        for (position, index) in nodes.enumerated() {
            if position > 0 { out.append(UInt8(ascii: ",")) }
            let node = tree.nodes[index]
            out.append(UInt8(ascii: "["))
            ScriptString.append(node.title, to: &out)
            out.append(UInt8(ascii: ","))
            if let page = node.page { ScriptString.append(url(of: page), to: &out) } else { out += Array("null".utf8) }
            if !node.children.isEmpty {
                out.append(UInt8(ascii: ","))
                append(node.children, of: tree, to: &out)
            }
            out.append(UInt8(ascii: "]"))
        }
        out.append(UInt8(ascii: "]"))
    }

    /// `page` as a URL path relative to the bundle root, encoded as `SitePath.relativeReference`
    /// encodes the static sidebar's links: `#`, `?`, `%`, spaces and non-ASCII are escaped, and a
    /// `:` in the first segment gets `./` before it, since `x:y.html` would read as a scheme.
    static func url(of page: SitePath) -> String {
        let encoded = BundleOrigin.percentEncodePath(page.rawValue)
        return encoded.utf8.prefix { $0 != UInt8(ascii: "/") }.contains(UInt8(ascii: ":")) ? "./" + encoded : encoded
    }
}
