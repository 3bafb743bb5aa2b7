import SitegenCore

/// A folder nav tree in the build cache: its nodes by the positions of the pages they open, so that
/// a rebuild whose pages show one another as before (`BuildCache.navInputs`) takes the tree back
/// instead of sorting 10,000 titles into folders again. Only page positions, parents and children
/// are stored, and the titles that are no page's nav title (folders without an `index.md`, the
/// top): the rest are the pages' own strings.
extension NavTree {
    /// The tree's shape over `pages`, the pages it was made from, in that order; nil when a node
    /// opens a page that is not among them, and the tree cannot be kept.
    func shape(of pages: [Page]) -> [UInt8]? {
        var position: [SitePath: Int] = [:]
        position.reserveCapacity(pages.count)
        for (index, page) in pages.enumerated() where position[page.output] == nil { position[page.output] = index }
        var w = ByteWriter()
        w.int(nodes.count)
        for node in nodes {
            let index = node.page.flatMap { position[$0] }
            // 0: no page; else the page's position + 1.
            if node.page != nil, index == nil { return nil }
            w.uint(UInt64(index.map { $0 + 1 } ?? 0))
            let titleIsPages = index.map { pages[$0].navTitle == node.title } ?? false
            w.bool(titleIsPages)
            if !titleIsPages { w.string(node.title) }
            w.uint(UInt64(node.parent.map { $0 + 1 } ?? 0))
            w.int(node.children.count)
            for child in node.children { w.int(child) }
        }
        return w.bytes
    }

    /// The tree whose `shape(of:)` over the same pages gave `bytes`; nil when the bytes do not
    /// describe a tree over `pages`.
    init?(shape bytes: ArraySlice<UInt8>, pages: [Page]) {
        var r = ByteReader(Array(bytes))
        guard let count = r.count(), count >= 1 else { return nil }
        var nodes: [Node] = []
        nodes.reserveCapacity(count)
        for index in 0..<count {
            guard let pagePlus = r.uint(), pagePlus <= UInt64(pages.count), let titleIsPages = r.bool() else { return nil }
            let page = pagePlus == 0 ? nil : pages[Int(pagePlus) - 1]
            let title: String
            if titleIsPages {
                guard let page else { return nil }
                title = page.navTitle
            } else {
                guard let written = r.string() else { return nil }
                title = written
            }
            guard let parentPlus = r.uint(), parentPlus <= UInt64(count), let childCount = r.count() else { return nil }
            var children: [Int] = []
            children.reserveCapacity(childCount)
            for _ in 0..<childCount {
                // A node comes before its children, as the folder walk adds them: no loop to follow.
                guard let child = r.int(), child > index, child < count else { return nil }
                children.append(child)
            }
            nodes.append(
                Node(title: title, page: page?.output, children: children, parent: parentPlus == 0 ? nil : Int(parentPlus) - 1))
        }
        guard r.isAtEnd,
            nodes.indices.allSatisfy({ index in nodes[index].children.allSatisfy { nodes[$0].parent == index } })
        else { return nil }
        self.init(nodes: nodes)
    }
}
