import Foundation
import SitegenCore

/// The site's navigation: a tree of sections and pages, from `nav:` in the configuration or from
/// the folder structure. Built once per build; each page's view of it is derived from this.
public struct NavTree: Sendable {
    public struct Node: Sendable {
        public var title: String
        /// The page this entry opens (output path), if any; a folder without `index.md` has none.
        public var page: SitePath?
        public var children: [Int]
        public var parent: Int?
    }

    /// All nodes; index 0 is the invisible root.
    public private(set) var nodes: [Node] = [Node(title: "", page: nil, children: [], parent: nil)]
    /// Pages in reading order (depth-first), for previous/next links.
    public private(set) var readingOrder: [SitePath] = []
    /// The node of each page in the tree.
    public private(set) var nodeOfPage: [SitePath: Int] = [:]
    /// The position in `readingOrder` of each node's page, by node index (-1 for none).
    private var readingPositionOfNode: [Int] = []

    /// A page's position in `readingOrder`.
    public func readingPosition(of page: SitePath) -> Int? {
        guard let node = nodeOfPage[page], readingPositionOfNode.indices.contains(node) else { return nil }
        let position = readingPositionOfNode[node]
        return position >= 0 ? position : nil
    }

    /// Builds the tree from the folder structure of `pages` (a model's, in its order): in each folder
    /// its `index.md` heads the section, the other entries are ordered by front-matter `order`, then
    /// title. It reads nothing else of the model, so it is made while the model indexes the pages.
    static func fromFolders(_ pages: [Page]) -> NavTree {
        var tree = NavTree()
        var folderNode: [SitePath: Int] = [SitePath(unchecked: ""): 0]
        // The entries of each folder's node, by node index.
        var entries: [[(key: SortKey, make: Int)]] = [[]]
        func add(_ node: Node) -> Int {
            entries.append([])
            return tree.add(node)
        }
        func folder(_ path: SitePath) -> Int {
            if let node = folderNode[path] { return node }
            let parent = folder(path.parent)
            let index = add(
                Node(title: FileNameTitle.humanized(Substring(path.lastComponent)), page: nil, children: [], parent: parent))
            folderNode[path] = index
            entries[parent].append((SortKey(order: nil, title: FileNameTitle.humanized(Substring(path.lastComponent))), index))
            return index
        }
        tree.nodes.reserveCapacity(pages.count + pages.count / 8 + 1)
        entries.reserveCapacity(tree.nodes.capacity)
        // Pages come folder by folder: the previous page's folder is usually this one's, which is
        // seen by comparing bytes, without making the folder's path.
        var last: (path: SitePath, node: Int)?
        func folderOf(_ source: SitePath) -> Int {
            if let last, source.isDirectlyInside(last.path) { return last.node }
            let dir = source.parent
            let node = folder(dir)
            last = (dir, node)
            return node
        }
        for page in pages {
            if page.source.hasLastComponent("index.md") {
                let node = folderOf(page.source)
                tree.nodes[node].page = page.output
                tree.nodes[node].title = page.navTitle
                guard node != 0, let parent = tree.nodes[node].parent else { continue }
                if let slot = entries[parent].firstIndex(where: { $0.make == node }) {
                    entries[parent][slot].key = SortKey(order: page.meta.order, title: page.navTitle)
                }
            } else {
                let parent = folderOf(page.source)
                let index = add(Node(title: page.navTitle, page: page.output, children: [], parent: parent))
                entries[parent].append((SortKey(order: page.meta.order, title: page.navTitle), index))
            }
        }
        for node in folderNode.values {
            // Positions are sorted, not the entries: moving an entry retains and releases its key's parts.
            let list = entries[node]
            tree.nodes[node].children = list.indices.sorted { list[$0].key < list[$1].key }.map { list[$0].make }
        }
        // The home page is the first entry of the top level.
        if let home = tree.nodes[0].page {
            let homeNode = tree.add(Node(title: tree.nodes[0].title, page: home, children: [], parent: 0))
            tree.nodes[0].children.insert(homeNode, at: 0)
            tree.nodes[0].page = nil
        }
        tree.finish()
        return tree
    }

    /// Builds the tree from an explicit `nav:` list; every entry must name an existing page.
    /// The pages of `pages` that have no place in the tree, in their order.
    func pagesOutside(_ pages: [Page]) -> [Page] {
        let placed = Set(nodes.compactMap(\.page))
        return pages.filter { !placed.contains($0.output) }
    }

    static func fromConfig(_ entries: [NavEntry], model: SiteModel) throws(InputError) -> NavTree {
        var tree = NavTree()
        // A page has one place in the tree: its sidebar entry, breadcrumbs and neighbours come from it.
        var listed: [SitePath: SourceLocation] = [:]
        func claim(_ path: SitePath, at location: SourceLocation) throws(InputError) {
            if let first = listed[path] {
                throw InputError("nav entry '\(path)' is listed twice (first at line \(first.line))", at: location)
            }
            listed[path] = location
        }
        func add(_ entries: [NavEntry], under parent: Int) throws(InputError) {
            for entry in entries {
                switch entry {
                case .page(let title, let path, let location):
                    // A draft is left out of the nav as out of the bundle, until built with `--drafts`;
                    // listed twice, it is the same mistake with or without them.
                    if model.drafts.contains(path) {
                        try claim(path, at: location)
                        continue
                    }
                    guard let page = model.page(source: path) else {
                        throw Self.noPage(path, location, model)
                    }
                    try claim(path, at: location)
                    let node = tree.add(Node(title: title ?? page.navTitle, page: page.output, children: [], parent: parent))
                    tree.nodes[parent].children.append(node)
                case .section(let title, var children, _):
                    // The first page of a section's list is the page its title links to, as a folder's
                    // index is; it is not listed again below the title.
                    var page: SitePath? = nil
                    let hasEntries = !children.isEmpty
                    if case .page(_, let path, let location) = children.first, model.drafts.contains(path) {
                        try claim(path, at: location)
                        children.removeFirst()
                    } else if case .page(_, let path, let location) = children.first {
                        guard let first = model.page(source: path) else {
                            throw Self.noPage(path, location, model)
                        }
                        try claim(path, at: location)
                        page = first.output
                        children.removeFirst()
                    }
                    let node = tree.add(Node(title: title, page: page, children: [], parent: parent))
                    tree.nodes[parent].children.append(node)
                    try add(children, under: node)
                    // A section of drafts alone would show an unpublished chapter's title: it goes too.
                    if hasEntries, page == nil, tree.nodes[node].children.isEmpty { tree.nodes[parent].children.removeLast() }
                }
            }
        }
        try add(entries, under: 0)
        tree.finish()
        return tree
    }

    /// Why a nav entry names no page: a file that is no Markdown, or nothing at all; with the page
    /// meant when one is near, as a broken link's finding names it.
    private static func noPage(_ path: SitePath, _ location: SourceLocation, _ model: SiteModel) -> InputError {
        if let pattern = model.config.ignorePattern(leavingOut: path) {
            return InputError(
                "nav entry '\(path)' names no page of the site: 'ignore' leaves it out ('\(pattern)')", at: location)
        }
        let sources = CandidatePaths(paths: model.pages.map(\.source.rawValue))
        // A folder (`guide/sync/`) means its page.
        let meant =
            path.appending("index.md").flatMap { model.page(source: $0) }.map { [$0.source.rawValue] }
            ?? sources.sameIgnoringCase(as: path.rawValue).map { [$0] } ?? sources.suggestions(for: path.rawValue)
        guard path.pathExtension == "md" else {
            let fix = meant.count == 1 ? ": write '\(meant[0])'" : Suggestion.phrase(meant)
            return InputError("nav entry '\(path)' must name a Markdown file inside the site\(fix)", at: location)
        }
        return InputError("nav entry '\(path)' names no page of the site\(Suggestion.phrase(meant))", at: location)
    }

    /// An empty tree: the root alone.
    public init() {}

    /// The tree of `nodes`, as built before (`NavTree(shape:pages:)`), with its reading order.
    init(nodes: [Node]) {
        self.nodes = nodes
        finish()
    }

    private mutating func add(_ node: Node) -> Int {
        nodes.append(node)
        return nodes.count - 1
    }

    private mutating func finish() {
        nodeOfPage.reserveCapacity(nodes.count)
        readingPositionOfNode = Array(repeating: -1, count: nodes.count)
        readingOrder.reserveCapacity(nodes.count)
        func visit(_ index: Int) {
            // A page listed twice keeps its first place: put back in the rare case, one lookup in the usual one.
            if let page = nodes[index].page {
                if let first = nodeOfPage.updateValue(index, forKey: page) {
                    nodeOfPage[page] = first
                } else {
                    readingPositionOfNode[index] = readingOrder.count
                    readingOrder.append(page)
                }
            }
            for child in nodes[index].children { visit(child) }
        }
        visit(0)
    }

    /// The chain of ancestors of a node, from the top level down, excluding the root and the node.
    func ancestors(of node: Int) -> [Int] {
        var chain: [Int] = []
        var current = nodes[node].parent
        while let index = current, index != 0 {
            chain.append(index)
            current = nodes[index].parent
        }
        return chain.reversed()
    }
}

struct SortKey: Comparable {
    var order: Int?
    var title: String
    /// The title's bytes with ASCII letters lowercased, when it is all ASCII: natural order is then
    /// computed on bytes instead of through Foundation's string comparison, 100,000 times a build.
    private let folded: [UInt8]?

    init(order: Int?, title: String) {
        self.order = order
        self.title = title
        var text = title
        folded = text.withUTF8 { bytes -> [UInt8]? in
            guard let source = bytes.baseAddress else { return [] }
            var seen: UInt8 = 0
            let folded = [UInt8](unsafeUninitializedCapacity: bytes.count) { out, count in
                let target = out.baseAddress!
                for index in 0..<bytes.count {
                    let byte = source[index]
                    seen |= byte
                    target[index] = byte &- 0x41 < 26 ? byte | 0x20 : byte
                }
                count = bytes.count
            }
            return seen < 0x80 ? folded : nil
        }
    }

    static func == (a: SortKey, b: SortKey) -> Bool { a.order == b.order && a.title == b.title }

    static func < (a: SortKey, b: SortKey) -> Bool {
        switch (a.order, b.order) {
        case let (x?, y?) where x != y: return x < y
        case (.some, nil): return true
        case (nil, .some): return false
        default:
            // Natural order ("Step 2" before "Step 10"), case-insensitive, independent of the locale
            // so that every machine builds the same sidebar; byte order breaks ties.
            let natural: ComparisonResult
            if let x = a.folded, let y = b.folded {
                natural = naturalOrder(x, y)
            } else {
                natural = a.title.compare(b.title, options: [.caseInsensitive, .numeric], range: nil, locale: nil)
            }
            switch natural {
            case .orderedAscending: return true
            case .orderedDescending: return false
            case .orderedSame: return a.title < b.title
            }
        }
    }

    /// Case-folded ASCII compared byte by byte, runs of digits by their value: what Foundation's
    /// `[.caseInsensitive, .numeric]` comparison gives for ASCII text.
    static func naturalOrder(_ a: [UInt8], _ b: [UInt8]) -> ComparisonResult {
        func isDigit(_ byte: UInt8) -> Bool { (0x30...0x39).contains(byte) }
        var i = 0, j = 0
        while i < a.count, j < b.count {
            if isDigit(a[i]), isDigit(b[j]) {
                var endA = i, endB = j
                while endA < a.count, isDigit(a[endA]) { endA += 1 }
                while endB < b.count, isDigit(b[endB]) { endB += 1 }
                var startA = i, startB = j
                while startA < endA - 1, a[startA] == 0x30 { startA += 1 }
                while startB < endB - 1, b[startB] == 0x30 { startB += 1 }
                let lengthA = endA - startA, lengthB = endB - startB
                if lengthA != lengthB { return lengthA < lengthB ? .orderedAscending : .orderedDescending }
                for k in 0..<lengthA where a[startA + k] != b[startB + k] {
                    return a[startA + k] < b[startB + k] ? .orderedAscending : .orderedDescending
                }
                i = endA
                j = endB
                continue
            }
            if a[i] != b[j] { return a[i] < b[j] ? .orderedAscending : .orderedDescending }
            i += 1
            j += 1
        }
        if i < a.count { return .orderedDescending }
        if j < b.count { return .orderedAscending }
        return .orderedSame
    }
}
