import SitegenCore
import SitegenTemplates
import Synchronization

/// The `nav` template value of every page, built once per (deepest open section, page folder) and
/// then marked for the current page, instead of from scratch for each of 10,000 pages. A page's
/// sidebar shows the top level, its ancestors' siblings and its own section; the list holding the
/// current page (and a section page's own children), when longer than `trimAbove` entries, is cut
/// to a window of `windowSize` around it, with a "… N earlier" and a "… N more" item for the rest.
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
    /// Items by key, built when a page of that key is first rendered: a rebuild that renders one
    /// page builds one key's items, not every section's.
    private let cache = KeyedCache<[TemplateValue]>()
    /// Fingerprints by key, made when a page of that key is first asked about: a rebuild that keeps
    /// the recorded inputs of 9,999 pages asks about one.
    private let fingerprints = KeyedCache<Int>()
    /// Each node's position in its parent's `children`.
    private let positionInParent: [Int]

    init(tree: NavTree) {
        self.tree = tree
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

    /// A fingerprint of everything `value(for:)` returns for `page`: that is a function of the
    /// cached items of the page's key and of the current entry's position in each list of its
    /// chain (which item is marked, where the window of a long list falls), so it covers both.
    func fingerprint(for page: SitePath) -> Int {
        var fingerprint = Fingerprint()
        let key = key(for: page)
        fingerprint.add(fingerprints.value(for: key) { baseFingerprint(key) })
        let current = tree.nodeOfPage[page]
        fingerprint.add(current ?? -1)
        // The positions of `positions(of:)`, walked from the page up without building the list.
        var node = current
        while let index = node, index != 0 {
            fingerprint.add(positionInParent[index])
            node = tree.nodes[index].parent
        }
        return Int(truncatingIfNeeded: fingerprint.value)
    }

    /// A fingerprint of what `base(key)` returns, from the tree itself: every visible entry's title,
    /// page and open state, and the folder its links are relative to.
    private func baseFingerprint(_ key: Key) -> Int {
        let open = Set(key.openNode == 0 ? [] : tree.ancestors(of: key.openNode) + [key.openNode])
        var fingerprint = Fingerprint()
        fingerprint.add(key.folder.rawValue)
        func visit(_ index: Int) {
            let node = tree.nodes[index]
            fingerprint.add(node.title)
            fingerprint.add(node.page.map { "page:" + $0.rawValue } ?? "none")
            if open.contains(index) {
                fingerprint.add(node.children.count)
                for child in node.children { visit(child) }
            } else {
                fingerprint.add(-1)
            }
        }
        for child in tree.nodes[0].children { visit(child) }
        return Int(truncatingIfNeeded: fingerprint.value)
    }

    /// The nav of `page`, with its entry marked current and long lists around it trimmed.
    func value(for page: SitePath) -> TemplateValue {
        let key = key(for: page)
        let items = cache.value(for: key) { base(key) }
        guard let positions = positions(of: page) else { return .list(items) }
        return .list(Self.marking(items, at: positions[...]))
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
            var fields: TemplateDictionary = [
                "title": .string(node.title), "isCurrent": false, "isOpen": .bool(isOpen), "isMore": false,
                "hasChildren": .bool(!children.isEmpty), "children": .list(children),
            ]
            // A section without a page gets `url: null`, not no `url`: Mustache would look a missing
            // name up in the enclosing item and link the section to its parent's page.
            fields["url"] = node.page.map { .string(here.relativeReference(to: $0)) } ?? .null
            // Every page of this key shows the entry as it is (unless it is on the page's chain, which
            // `marking` changes, and that clears the mark): the renderer may reuse its output.
            fields.isShared = true
            return .dictionary(fields)
        }
        return tree.nodes[0].children.map(item)
    }

    /// Marks the entries of the chain open and the last one current, and trims the list holding
    /// the current entry around it and the current entry's own children to their first entries.
    private static func marking(_ items: [TemplateValue], at positions: ArraySlice<Int>) -> [TemplateValue] {
        guard let position = positions.first, items.indices.contains(position),
            case .dictionary(var fields) = items[position]
        else { return items }
        var items = items
        fields["isOpen"] = true
        guard positions.count == 1 else {
            if case .list(let children) = fields["children"] ?? .null {
                fields["children"] = .list(marking(children, at: positions.dropFirst()))
            }
            items[position] = .dictionary(fields)
            return items
        }
        fields["isCurrent"] = true
        if case .list(let children) = fields["children"] ?? .null {
            fields["children"] = .list(window(of: children, around: 0))
        }
        items[position] = .dictionary(fields)
        return window(of: items, around: position)
    }

    /// `items` when it has at most `trimAbove` entries; else `windowSize` of them around
    /// `position` (shifted to stay inside the list), after a "… N earlier" item linking to the
    /// last hidden entry before them and before a "… N more" item linking to the first after.
    /// Linear in the list's length, whatever the size of the tree.
    private static func window(of items: [TemplateValue], around position: Int) -> [TemplateValue] {
        guard items.count > trimAbove else { return items }
        let start = max(0, min(position - windowSize / 2, items.count - windowSize))
        let end = start + windowSize
        var window: [TemplateValue] = []
        window.reserveCapacity(windowSize + 2)
        if start > 0 { window.append(moreItem(title: "… \(start) earlier", linkingTo: items[start - 1])) }
        window += items[start..<end]
        if end < items.count { window.append(moreItem(title: "… \(items.count - end) more", linkingTo: items[end])) }
        return window
    }

    /// An item standing for hidden entries, linking to `entry` (a span if `entry` has no page).
    private static func moreItem(title: String, linkingTo entry: TemplateValue) -> TemplateValue {
        .dictionary([
            "title": .string(title), "url": entry["url"] ?? .null, "isCurrent": false, "isOpen": false, "isMore": true,
            "hasChildren": false, "children": .list([]),
        ])
    }
}
