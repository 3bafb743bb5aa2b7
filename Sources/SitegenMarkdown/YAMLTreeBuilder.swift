import SitegenCore

/// Assembles ``YAMLNode``s from parser events (no C here): collections on a stack, anchors kept for
/// aliases, duplicate keys refused at the second occurrence.
struct YAMLTreeBuilder {
    let path: String
    private(set) var root: YAMLNode?
    private var stack: [OpenCollection] = []
    private var anchors: [String: (node: YAMLNode, size: Int)] = [:]
    private var expandedNodes = 0

    /// Aliases may repeat anchored nodes, but not blow a small file up into millions ("billion laughs").
    static let maxExpandedNodes = 100_000
    /// How deep collections may nest: far beyond any configuration or front matter, and far below
    /// the depth whose nodes overflow a thread's stack when they are freed (40,000 did).
    static let maxDepth = 100

    private struct OpenCollection {
        var line: Int
        var column: Int
        var anchor: String?
        var isMapping: Bool
        var items: [YAMLNode] = []
        var pairs: [YAMLPair] = []
        var pendingKey: YAMLNode?
        var keyLines: [YAMLNode.Value: Int] = [:]
    }

    init(path: String) {
        self.path = path
    }

    mutating func scalar(
        _ text: String, isPlain: Bool, tag: String?, anchor: String?, line: Int, column: Int
    ) throws(InputError) {
        let node = YAMLNode(.scalar(text), isPlain: isPlain, tag: tag, line: line, column: column)
        remember(node, anchor: anchor)
        try add(node)
    }

    mutating func startCollection(isMapping: Bool, anchor: String?, line: Int, column: Int) throws(InputError) {
        guard stack.count < Self.maxDepth else {
            throw InputError("invalid YAML: collections nested deeper than \(Self.maxDepth) levels", at: location(line, column))
        }
        stack.append(OpenCollection(line: line, column: column, anchor: anchor, isMapping: isMapping))
    }

    mutating func endCollection() throws(InputError) {
        guard let open = stack.popLast() else { return }
        let value: YAMLNode.Value = open.isMapping ? .mapping(open.pairs) : .sequence(open.items)
        let node = YAMLNode(value, line: open.line, column: open.column)
        remember(node, anchor: open.anchor)
        try add(node)
    }

    mutating func alias(_ name: String, line: Int, column: Int) throws(InputError) {
        guard let anchored = anchors[name] else {
            throw InputError("invalid YAML: unknown alias '*\(name)'", at: location(line, column))
        }
        expandedNodes += anchored.size
        guard expandedNodes <= Self.maxExpandedNodes else {
            throw InputError("invalid YAML: aliases expand to too many nodes", at: location(line, column))
        }
        var node = anchored.node
        node.line = line
        node.column = column
        try add(node)
    }

    private mutating func remember(_ node: YAMLNode, anchor: String?) {
        guard let anchor else { return }
        anchors[anchor] = (node, Self.size(of: node))
    }

    private mutating func add(_ node: YAMLNode) throws(InputError) {
        guard var top = stack.popLast() else {
            root = node
            return
        }
        defer { stack.append(top) }
        guard top.isMapping else {
            top.items.append(node)
            return
        }
        guard let key = top.pendingKey else {
            if let first = top.keyLines[node.value] {
                let name = node.string.map { "'\($0)'" } ?? "key"
                throw InputError(
                    "invalid YAML: duplicate \(name) (first defined on line \(first))",
                    at: location(node.line, node.column))
            }
            top.keyLines[node.value] = node.line
            top.pendingKey = node
            return
        }
        top.pairs.append(YAMLPair(key: key, value: node))
        top.pendingKey = nil
    }

    private func location(_ line: Int, _ column: Int) -> SourceLocation {
        SourceLocation(path: path, line: line, column: column)
    }

    private static func size(of node: YAMLNode) -> Int {
        switch node.value {
        case .scalar: return 1
        case .sequence(let items): return items.reduce(1) { $0 + size(of: $1) }
        case .mapping(let pairs): return pairs.reduce(1) { $0 + size(of: $1.key) + size(of: $1.value) }
        }
    }
}
