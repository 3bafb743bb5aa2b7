extension Template {
    /// The tags that write the value of `name` HTML-escaped: `{{name}}`, `{{ name }}`, or the same
    /// under other delimiters (`<%name%>`). Those in sections, in blocks' defaults and in the blocks
    /// a parent tag passes count; `{{{name}}}` and `{{&name}}` do not. In source order.
    public func escapedTags(writing name: String) -> [TemplateTag] {
        var tags: [TemplateTag] = []
        Self.collectEscapedTags(writing: name, in: nodes, into: &tags)
        return tags.sorted { $0.location < $1.location }
    }

    private static func collectEscapedTags(writing name: String, in nodes: [Node], into tags: inout [TemplateTag]) {
        for node in nodes {
            switch node {
            case .text, .partial: break
            case .variable(_, let escaped, let tag): if escaped, tag.name == name { tags.append(tag) }
            case .section(_, let children, _), .inverted(_, let children, _):
                collectEscapedTags(writing: name, in: children, into: &tags)
            case .parent(_, let blocks):
                for block in blocks.values { collectEscapedTags(writing: name, in: block.nodes, into: &tags) }
            case .block(let block): collectEscapedTags(writing: name, in: block.nodes, into: &tags)
            }
        }
    }
}

extension Template {
    /// The variable and section tags (`{{name}}`, `{{{name}}}`, `{{#name}}`, `{{^name}}`) whose name
    /// `isWanted` accepts, wherever they are (sections, blocks, what a parent tag passes). In source order.
    public func tags(where isWanted: (String) -> Bool) -> [TemplateTag] {
        placedTags(where: isWanted).map(\.tag)
    }

    /// `tags(where:)`, each with the names of the sections (`{{#name}}`) it is inside, outermost first.
    public func placedTags(where isWanted: (String) -> Bool) -> [(tag: TemplateTag, sections: [String])] {
        var tags: [(tag: TemplateTag, sections: [String])] = []
        Self.collectTags(where: isWanted, in: nodes, sections: [], into: &tags)
        return tags.sorted { $0.tag.location < $1.tag.location }
    }

    private static func collectTags(
        where isWanted: (String) -> Bool, in nodes: [Node], sections: [String],
        into tags: inout [(tag: TemplateTag, sections: [String])]
    ) {
        for node in nodes {
            switch node {
            case .text, .partial: break
            case .variable(_, _, let tag): if isWanted(tag.name) { tags.append((tag, sections)) }
            case .section(_, let children, let tag):
                if isWanted(tag.name) { tags.append((tag, sections)) }
                collectTags(where: isWanted, in: children, sections: sections + [tag.name], into: &tags)
            case .inverted(_, let children, let tag):
                if isWanted(tag.name) { tags.append((tag, sections)) }
                collectTags(where: isWanted, in: children, sections: sections, into: &tags)
            case .parent(_, let blocks):
                for block in blocks.values { collectTags(where: isWanted, in: block.nodes, sections: sections, into: &tags) }
            case .block(let block): collectTags(where: isWanted, in: block.nodes, sections: sections, into: &tags)
            }
        }
    }
}
