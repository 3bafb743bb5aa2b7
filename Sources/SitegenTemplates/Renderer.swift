import SitegenCore

/// One render: walks the node tree against the context stack, writing into an ``OutputWriter``.
struct Renderer {
    let library: TemplateLibrary
    var writer = OutputWriter()
    var stack: [TemplateValue]
    /// The templates being expanded, outermost first, for the recursion error.
    var chain: [String]

    mutating func render(_ nodes: [Node], _ overrides: [String: Block]) throws(TemplateError) {
        for node in nodes {
            switch node {
            case .text(let text):
                writer.writeText(text)
            case .variable(let path, let escaped):
                write(lookup(path), escaped: escaped)
            case .section(let path, let children):
                let value = lookup(path)
                if case .list(let items) = value {
                    for item in items {
                        stack.append(item)
                        try render(children, overrides)
                        stack.removeLast()
                    }
                } else if value.isTruthy {
                    stack.append(value)
                    try render(children, overrides)
                    stack.removeLast()
                }
            case .inverted(let path, let children):
                if !lookup(path).isTruthy { try render(children, overrides) }
            case .partial(let inclusion):
                try include(inclusion, overrides)
            case .parent(let inclusion, let blocks):
                // The outermost caller's blocks win over those of intermediate parents.
                try include(inclusion, blocks.merging(overrides) { _, outer in outer })
            case .block(let site):
                if let argument = overrides[site.name] {
                    try expand(argument, at: site, overrides)
                } else {
                    try render(site.nodes, overrides)
                }
            }
        }
    }

    private mutating func include(_ inclusion: Inclusion, _ overrides: [String: Block]) throws(TemplateError) {
        guard let template = library.templates[inclusion.name] else {
            guard library.missingPartials == .error else { return }
            throw TemplateError(
                "unknown partial '\(inclusion.name)'", at: inclusion.location, sourceLine: inclusion.sourceLine)
        }
        guard chain.count <= library.recursionLimit else {
            let shown = chain.prefix(5).joined(separator: " > ")
            throw TemplateError(
                "partial recursion deeper than \(library.recursionLimit) levels: \(shown) > ...",
                at: inclusion.location, sourceLine: inclusion.sourceLine)
        }
        let (savedIndent, savedStrip) = (writer.indent, writer.strip)
        writer.indent = savedIndent + relative(inclusion.indent)
        writer.strip = []
        chain.append(inclusion.name)
        try render(template.nodes, overrides)
        chain.removeLast()
        (writer.indent, writer.strip) = (savedIndent, savedStrip)
    }

    /// Renders a block's argument at a block site: its definition's indentation is removed from each
    /// line and the site's added.
    private mutating func expand(
        _ argument: Block, at site: Block, _ overrides: [String: Block]
    ) throws(TemplateError) {
        let (savedIndent, savedStrip) = (writer.indent, writer.strip)
        writer.indent = savedIndent + relative(site.indent)
        writer.strip = argument.indent
        try render(argument.nodes, overrides)
        (writer.indent, writer.strip) = (savedIndent, savedStrip)
    }

    /// Indentation written in the current template, less what the enclosing block strips.
    private func relative(_ indent: [UInt8]) -> [UInt8] {
        let strip = writer.strip
        var common = 0
        while common < strip.count, common < indent.count, indent[common] == strip[common] { common += 1 }
        return common == 0 ? indent : Array(indent[common...])
    }

    private func lookup(_ path: NamePath) -> TemplateValue {
        guard let first = path.components.first else { return stack.last ?? .null }
        var found: TemplateValue?
        for frame in stack.reversed() {
            if case .dictionary(let entries) = frame, let value = entries[first] {
                found = value
                break
            }
        }
        guard var current = found else { return .null }
        for key in path.components.dropFirst() {
            guard case .dictionary(let entries) = current, let next = entries[key] else { return .null }
            current = next
        }
        return current
    }

    private mutating func write(_ value: TemplateValue, escaped: Bool) {
        switch value {
        case .null, .list, .dictionary: break
        case .bool(let flag): writer.writeRaw(flag ? "true" : "false")
        case .int(let number): writer.writeRaw(String(number))
        case .double(let number): writer.writeRaw(Self.format(number))
        case .string(let text): escaped ? writer.writeEscaped(text) : writer.writeRaw(text)
        }
    }

    /// Shortest exact form; integral values without a fraction.
    static func format(_ number: Double) -> String {
        if number.isFinite, number == number.rounded(), abs(number) < 1e15 { return String(Int(number)) }
        return String(number)
    }
}
