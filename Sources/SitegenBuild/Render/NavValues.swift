import SitegenCore
import SitegenTemplates
import Synchronization

/// The `nav` template value of every page, built once per (deepest open section, page folder) and
/// then marked for the current page, instead of from scratch for each of 10,000 pages. A page's
/// sidebar shows the top level, its ancestors' siblings and its own section; each of these lists
/// (and a section page's own children), when longer than `trimAbove` entries, is cut to a window
/// of `windowSize` around the entry it holds of the page's chain, with a "… N earlier" and a
/// "… N more" item for the rest: 500 pages at the top of a site are not carried by every page
/// below them.
/// So a page's sidebar has a bounded size however large its section; the whole tree is in
/// `_sitegen/nav.js`, which the theme's script shows instead when JavaScript runs.
struct NavValues: Sendable {
    /// Lists of more entries than this are trimmed around the current page.
    static let trimAbove = 25
    /// Entries kept of a trimmed list: the current one and 10 on each side.
    static let windowSize = 21

    private struct Key: Hashable {
        var openNode: Int
        var folder: SitePath
    }

    private let tree: NavTree
    /// The words of the "… N earlier" and "… N more" items.
    private let words: ThemeWords
    /// Items by key, built when a page of that key is first rendered: a rebuild that renders one
    /// page builds one key's items, not every section's.
    private let cache = KeyedCache<[TemplateValue]>()
    /// Each list's entry fingerprints by parent node (`Key.openNode`), made when first asked about: a
    /// rebuild that keeps the recorded inputs of 9,999 pages asks about one page's lists.
    private let entryPrintsCache = KeyedCache<[Int]>()
    /// Each node's position in its parent's `children`.
    private let positionInParent: [Int]

    init(tree: NavTree, words: ThemeWords = ThemeWords()) {
        self.tree = tree
        self.words = words
        var positionInParent = Array(repeating: 0, count: tree.nodes.count)
        for node in tree.nodes {
            for (position, child) in node.children.enumerated() { positionInParent[child] = position }
        }
        self.positionInParent = positionInParent
    }

    /// Values by key, each made the first time it is asked for (made outside the lock: two pages
    /// of one key rendered at once may both make it, and get equal values).
    private final class KeyedCache<Value: Sendable>: Sendable {
        private let values = Mutex<[Key: Value]>([:])

        func value(for key: Key, making make: () -> Value) -> Value {
            if let cached = values.withLock({ $0[key] }) { return cached }
            let made = make()
            values.withLock { $0[key] = made }
            return made
        }
    }

    /// A fingerprint of everything `value(for:)` returns for `page`: the folder its links are
    /// relative to, which entry of each list of its chain is open or current, every entry of the
    /// lists short enough to be shown whole, and of a trimmed list only the entries of its window,
    /// its length and the entries its "… N earlier" and "… N more" items link to. So renaming a page
    /// of a folder of 5,000 changes the sidebars of the 21 pages whose window shows it (and of the
    /// pages below the 21 sections around it), not of every page of the folder.
    func fingerprint(for page: SitePath) -> Int {
        var fingerprint = Fingerprint()
        fingerprint.add(page.parent.rawValue)
        guard let current = tree.nodeOfPage[page] else {
            fingerprint.add(-1)
            add(entryPrints(of: 0), around: 0, to: &fingerprint)
            return Int(truncatingIfNeeded: fingerprint.value)
        }
        let chain = tree.ancestors(of: current) + [current]
        for node in chain {
            let parent = tree.nodes[node].parent ?? 0
            let position = positionInParent[node]
            fingerprint.add(position)
            // Each list of the chain is trimmed around the entry it holds of it.
            add(entryPrints(of: parent), around: position, to: &fingerprint)
        }
        // A section page shows its own children too, trimmed to the first ones.
        if !tree.nodes[current].children.isEmpty {
            add(entryPrints(of: current), around: 0, to: &fingerprint)
        }
        return Int(truncatingIfNeeded: fingerprint.value)
    }

    /// Adds the prints of a list as `window(of:around:)` shows it around `position`, or whole for `nil`.
    private func add(_ prints: [Int], around position: Int?, to fingerprint: inout Fingerprint) {
        fingerprint.add(prints.count)
        guard let position, prints.count > Self.trimAbove else {
            for print in prints { fingerprint.add(print) }
            return
        }
        let start = max(0, min(position - Self.windowSize / 2, prints.count - Self.windowSize))
        let end = start + Self.windowSize
        fingerprint.add(start)
        // The entries the "… N earlier" and "… N more" items link to count too.
        for print in prints[max(0, start - 1)..<min(prints.count, end + 1)] { fingerprint.add(print) }
    }

    /// Each child of `parent`: its title, its page and whether it has children, made once per list.
    private func entryPrints(of parent: Int) -> [Int] {
        entryPrintsCache.value(for: Key(openNode: parent, folder: SitePath(unchecked: ""))) {
            tree.nodes[parent].children.map { index in
                let node = tree.nodes[index]
                var fingerprint = Fingerprint()
                fingerprint.add(node.title)
                fingerprint.add(node.page.map { "page:" + $0.rawValue } ?? "none")
                fingerprint.add(node.children.count)
                return Int(truncatingIfNeeded: fingerprint.value)
            }
        }
    }

    /// The nav of `page`, with its entry marked current and long lists around it trimmed.
    func value(for page: SitePath) -> TemplateValue {
        let key = key(for: page)
        let items = cache.value(for: key) { base(key) }
        // A page the nav leaves out shows the top level's first entries, as a section page its children.
        guard let positions = positions(of: page) else { return .list(window(of: items, around: 0)) }
        return .list(marking(items, at: positions[...]))
    }

    /// The position of each entry of the chain from the top level down to `page`'s entry, each in
    /// its parent's list; nil for a page that is not in the tree.
    private func positions(of page: SitePath) -> [Int]? {
        guard let current = tree.nodeOfPage[page] else { return nil }
        return (tree.ancestors(of: current) + [current]).map { positionInParent[$0] }
    }

    private func key(for page: SitePath) -> Key {
        guard let current = tree.nodeOfPage[page] else { return Key(openNode: 0, folder: page.parent) }
        let open = tree.nodes[current].children.isEmpty ? (tree.nodes[current].parent ?? 0) : current
        return Key(openNode: open, folder: page.parent)
    }

    private func base(_ key: Key) -> [TemplateValue] {
        let open = Set(key.openNode == 0 ? [] : tree.ancestors(of: key.openNode) + [key.openNode])
        let here = key.folder.appending("_") ?? SitePath(unchecked: "_")
        func item(_ index: Int) -> TemplateValue {
            let node = tree.nodes[index]
            let isOpen = open.contains(index)
            let children = isOpen ? node.children.map(item) : []
            var fields = TemplateDictionary([
                .title: .string(node.title), .isCurrent: false, .isOpen: .bool(isOpen), .isMore: false,
                .hasChildren: .bool(!children.isEmpty), .children: .list(children),
            ])
            // A section without a page gets `url: null`, not no `url`: Mustache would look a missing
            // name up in the enclosing item and link the section to its parent's page.
            fields[.url] = node.page.map { .string(here.relativeReference(to: $0)) } ?? .null
            // Every page of this key shows the entry as it is (unless it is on the page's chain, which
            // `marking` changes, and that clears the mark): the renderer may reuse its output.
            fields.isShared = true
            return .dictionary(fields)
        }
        return tree.nodes[0].children.map(item)
    }

    /// Marks the entries of the chain open and the last one current, trims each list of the chain
    /// around the entry it holds of it, and the current entry's own children to their first entries.
    private func marking(_ items: [TemplateValue], at positions: ArraySlice<Int>) -> [TemplateValue] {
        guard let position = positions.first, items.indices.contains(position),
            case .dictionary(var fields) = items[position]
        else { return items }
        fields[.isOpen] = true
        if positions.count > 1 {
            if case .list(let children) = fields[.children] ?? .null {
                fields[.children] = .list(marking(children, at: positions.dropFirst()))
            }
        } else {
            fields[.isCurrent] = true
            if case .list(let children) = fields[.children] ?? .null {
                fields[.children] = .list(window(of: children, around: 0))
            }
        }
        // Windowed first, then marked: a copy of a folder's 30,000 entries for each of its pages
        // made the render quadratic in the folder's size.
        var (window, current) = windowAndPlace(of: items, around: position)
        window[current] = .dictionary(fields)
        return window
    }

    /// `items` when it has at most `trimAbove` entries; else `windowSize` of them around
    /// `position` (shifted to stay inside the list), after a "… N earlier" item linking to the
    /// last hidden entry before them and before a "… N more" item linking to the first after.
    /// Linear in the list's length, whatever the size of the tree.
    private func window(of items: [TemplateValue], around position: Int) -> [TemplateValue] {
        windowAndPlace(of: items, around: position).window
    }

    /// `window(of:around:)`, and where the entry at `position` is in it.
    private func windowAndPlace(of items: [TemplateValue], around position: Int) -> (
        window: [TemplateValue], place: Int
    ) {
        guard items.count > Self.trimAbove else { return (items, position) }
        let start = max(0, min(position - Self.windowSize / 2, items.count - Self.windowSize))
        let end = start + Self.windowSize
        var window: [TemplateValue] = []
        window.reserveCapacity(Self.windowSize + 2)
        if start > 0 { window.append(moreItem(title: words.earlier(start), linkingTo: items[start - 1])) }
        for index in start..<end { window.append(items[index]) }
        if end < items.count { window.append(moreItem(title: words.more(items.count - end), linkingTo: items[end])) }
        return (window, position - start + (start > 0 ? 1 : 0))
    }

    /// An item standing for hidden entries, linking to `entry` (a span if `entry` has no page).
    private func moreItem(title: String, linkingTo entry: TemplateValue) -> TemplateValue {
        .dictionary(
            TemplateDictionary([
                .title: .string(title), .url: entry[.url] ?? .null, .isCurrent: false, .isOpen: false, .isMore: true,
                .hasChildren: false, .children: .list([]),
            ]))
    }
}
