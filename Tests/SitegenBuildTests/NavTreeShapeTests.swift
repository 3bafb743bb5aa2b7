import SitegenCore
import SitegenMarkdown
import Testing

@testable import SitegenBuild

/// The folder nav kept in the build cache by its shape comes back as the tree it was.
@Suite struct NavTreeShapeTests {
    /// Pages in folders with and without `index.md`, ordered and not, one with a nav title, the
    /// home page first.
    private func pages() -> [Page] {
        let empty = RenderedMarkdown(html: "", title: nil, headings: [], links: [])
        let sources: [(String, Int?, String?)] = [
            ("index.md", nil, nil), ("guide/index.md", 2, nil), ("guide/b.md", nil, nil), ("guide/a.md", 1, "First"),
            ("guide/deep/er/c.md", nil, nil), ("api/x.md", nil, nil), ("api/Y.md", nil, "Why"), ("top.md", 1, nil),
        ]
        return sources.map { source, order, navTitle in
            let path = SitePath(unchecked: source)
            var meta = PageMeta()
            meta.order = order
            meta.navTitle = navTitle
            return Page(
                source: path, output: path.replacingExtension(with: "html"), meta: meta, title: "T " + source,
                body: empty, displayPath: "Site/" + source, anchorIDs: [])
        }
    }

    private func same(_ a: NavTree, _ b: NavTree) -> Bool {
        a.nodes.count == b.nodes.count
            && zip(a.nodes, b.nodes).allSatisfy {
                $0.title == $1.title && $0.page == $1.page && $0.children == $1.children && $0.parent == $1.parent
            } && a.readingOrder == b.readingOrder && a.nodeOfPage == b.nodeOfPage
    }

    @Test func aTreeComesBackFromItsShape() throws {
        let pages = pages()
        let tree = NavTree.fromFolders(pages)
        let shape = try #require(tree.shape(of: pages))
        #expect(!shape.isEmpty)
        let back = try #require(NavTree(shape: shape[...], pages: pages))
        #expect(same(back, tree))
        // Folders without `index.md` (`api`, `deep`, `er`) keep their names; the home page heads the top.
        #expect(back.nodes.map(\.title).contains("Api") && back.readingOrder.first == SitePath(unchecked: "index.html"))
    }

    /// Damaged or foreign bytes give no tree (the build then makes it), never a crash or a loop.
    @Test func bytesThatAreNoShapeOfThesePagesGiveNoTree() throws {
        let pages = pages()
        let shape = try #require(NavTree.fromFolders(pages).shape(of: pages))
        #expect(NavTree(shape: [], pages: pages) == nil)
        for length in stride(from: 1, to: shape.count, by: 3) {
            #expect(NavTree(shape: shape.prefix(length), pages: pages) == nil, "\(length) bytes")
        }
        #expect(NavTree(shape: shape[...], pages: Array(pages.prefix(3))) == nil)
        // A tree over pages it was not given cannot be stored by their positions.
        #expect(NavTree.fromFolders(pages).shape(of: Array(pages.prefix(3))) == nil)
        // The root (node 0) made a child of its own first child: a loop.
        var w = ByteWriter()
        w.int(2)
        w.uint(0); w.bool(false); w.string("root"); w.uint(2); w.int(1); w.int(1)
        w.uint(0); w.bool(false); w.string("child"); w.uint(1); w.int(1); w.int(0)
        #expect(NavTree(shape: w.bytes[...], pages: pages) == nil)
    }
}
