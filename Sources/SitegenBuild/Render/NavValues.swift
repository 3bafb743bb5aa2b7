import SitegenCore
import SitegenTemplates

/// The `nav` template value of every page, built once per (deepest open section, page folder) and
/// then marked for the current page, instead of from scratch for each of 10,000 pages. A page's
/// sidebar shows the top level, its ancestors' siblings and its own section: linear output size.
struct NavValues: Sendable {
    private struct Key: Hashable {
        var openNode: Int
        var folder: SitePath
    }

    private let tree: NavTree
    private var cache: [Key: [TemplateValue]] = [:]
    private var fingerprints: [Key: Int] = [:]

    init(tree: NavTree, pages: [Page]) {
        self.tree = tree
        for page in pages {
            let key = key(for: page.output)
            if cache[key] == nil {
                let items = base(key)
                cache[key] = items
                var fingerprint = Fingerprint()
                for item in items { Self.add(item, to: &fingerprint) }
                fingerprints[key] = Int(truncatingIfNeeded: fingerprint.value)
            }
        }
    }

    /// A fingerprint of everything `value(for:)` returns for `page`.
    func fingerprint(for page: SitePath) -> Int {
        var fingerprint = Fingerprint()
        fingerprint.add(fingerprints[key(for: page)] ?? 0)
        fingerprint.add(tree.nodeOfPage[page] ?? -1)
        return Int(truncatingIfNeeded: fingerprint.value)
    }

    private static func add(_ value: TemplateValue, to fingerprint: inout Fingerprint) {
        switch value {
        case .null: fingerprint.add("null")
        case .bool(let flag): fingerprint.add(flag ? "true" : "false")
        case .int(let number): fingerprint.add(number)
        case .double(let number): fingerprint.add(String(number))
        case .string(let text): fingerprint.add(text)
        case .list(let items):
            fingerprint.add(items.count)
            for item in items { add(item, to: &fingerprint) }
        case .dictionary(let fields):
            for key in fields.keys.sorted() {
                fingerprint.add(key)
                add(fields[key] ?? .null, to: &fingerprint)
            }
        }
    }

    /// The nav of `page`, with its entry marked current.
    func value(for page: SitePath) -> TemplateValue {
        let key = key(for: page)
        let items = cache[key] ?? base(key)
        guard let current = tree.nodeOfPage[page] else { return .list(items) }
        let chain = tree.ancestors(of: current) + [current]
        var positions: [Int] = []
        var parent = 0
        for node in chain {
            guard let position = tree.nodes[parent].children.firstIndex(of: node) else { return .list(items) }
            positions.append(position)
            parent = node
        }
        return .list(Self.marking(items, at: positions[...]))
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
            var fields: [String: TemplateValue] = [
                "title": .string(node.title), "isCurrent": false, "isOpen": .bool(isOpen),
                "hasChildren": .bool(!children.isEmpty), "children": .list(children),
            ]
            // A section without a page gets `url: null`, not no `url`: Mustache would look a missing
            // name up in the enclosing item and link the section to its parent's page.
            fields["url"] = node.page.map { .string(here.relativeReference(to: $0)) } ?? .null
            return .dictionary(fields)
        }
        return tree.nodes[0].children.map(item)
    }

    private static func marking(_ items: [TemplateValue], at positions: ArraySlice<Int>) -> [TemplateValue] {
        guard let position = positions.first, items.indices.contains(position),
            case .dictionary(var fields) = items[position]
        else { return items }
        var items = items
        fields["isOpen"] = true
        if positions.count == 1 {
            fields["isCurrent"] = true
        } else if case .list(let children) = fields["children"] ?? .null {
            fields["children"] = .list(marking(children, at: positions.dropFirst()))
        }
        items[position] = .dictionary(fields)
        return items
    }
}
