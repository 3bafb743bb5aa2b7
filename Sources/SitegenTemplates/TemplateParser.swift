/// Turns scanned tags into the node tree: pairs sections, applies the standalone-line rules (with the
/// inheritance refinements for parents and blocks) and computes partial and block indentation.
struct TemplateParser {
    private let source: SourceText
    private let tags: [ScannedTag]
    /// The text between tag `i - 1` and tag `i` is `textStart[i]..<textEnd[i]`, trimmed by standalone tags.
    private var textStart: [Int]
    private var textEnd: [Int]
    private var inclusionIndent: [Int: [UInt8]] = [:]
    private var blockIndent: [Int: (indent: [UInt8], startsOnNewLine: Bool)] = [:]

    /// The node tree, and what is inside a parent tag but outside its blocks: ignored, as the
    /// specification says, but reported so that a caller can refuse it.
    static func parse(_ source: SourceText) throws(TemplateError) -> (nodes: [Node], outsideBlocks: [TemplateError]) {
        var scanner = TemplateScanner(source)
        var parser = TemplateParser(source: source, tags: try scanner.scan())
        try parser.applyStandaloneRules()
        return parser.buildTree()
    }

    private init(source: SourceText, tags: [ScannedTag]) {
        self.source = source
        self.tags = tags
        textStart = [0] + tags.map(\.end)
        textEnd = tags.map(\.start) + [source.bytes.count]
    }

    /// Removes a standalone tag's line (its leading blanks and its line ending); true if it was one.
    @discardableResult
    private mutating func stripLine(_ index: Int, _ left: Int?, _ right: Int?) -> Bool {
        guard let left, let right else { return false }
        textEnd[index] = left
        textStart[index + 1] = right
        return true
    }

    private mutating func applyStandaloneRules() throws(TemplateError) {
        var open: [Int] = []
        for index in tags.indices {
            let tag = tags[index]
            let left = source.lineStart(ifBlankBefore: tag.start)
            let right = source.lineEnd(ifBlankAfter: tag.end)
            let inParent = open.last.map { tags[$0].kind == .parent } ?? false
            switch tag.kind {
            case .variable, .unescaped:
                break
            case .comment, .delimiters:
                stripLine(index, left, right)
            case .section, .inverted, .parent:
                // A parent's pair is standalone when its opening tag clears on the left and its closing
                // tag on the right: decided at the closing tag.
                if tag.kind != .parent { stripLine(index, left, right) }
                open.append(index)
                try Self.checkNesting(open.count, of: tag, in: source)
            case .partial:
                if let left, stripLine(index, left, right) {
                    inclusionIndent[index] = Array(source.bytes[left..<tag.start])
                }
            case .block:
                openBlock(index, left: left, right: right, inParent: inParent)
                open.append(index)
                try Self.checkNesting(open.count, of: tag, in: source)
            case .close:
                guard let opener = open.popLast() else {
                    throw source.error("closing tag '\(tag.name)' has no opening tag", at: tag.start)
                }
                guard tags[opener].name == tag.name else {
                    let opened = source.location(of: tags[opener].start)
                    let message = "closing tag '\(tag.name)' does not match '\(tags[opener].name)'"
                    throw source.error("\(message) opened at \(opened.line):\(opened.column)", at: tag.start)
                }
                let openerInParent = open.last.map { tags[$0].kind == .parent } ?? false
                closeTag(index, opener: opener, left: left, right: right, openerInParent: openerInParent)
            }
        }
        if let unclosed = open.last {
            let tag = tags[unclosed]
            let what = tag.kind == .parent ? "parent" : tag.kind == .block ? "block" : "section"
            throw source.error("unclosed \(what) '\(tag.name)'", at: tag.start)
        }
    }

    /// How deep sections, parents and blocks may nest in one template: far beyond any real theme,
    /// and far below what renders on a thread's stack (each level is a frame of the renderer).
    static let nestingLimit = 500

    private static func checkNesting(_ depth: Int, of tag: ScannedTag, in source: SourceText) throws(TemplateError) {
        guard depth > nestingLimit else { return }
        throw source.error("sections nested deeper than \(nestingLimit) levels", at: tag.start)
    }

    private mutating func openBlock(_ index: Int, left: Int?, right: Int?, inParent: Bool) {
        let tag = tags[index]
        if let right, inParent || left != nil {
            // Inside a parent the text before the tag is ignored, so only the right side matters.
            if let left, !inParent { textEnd[index] = left }
            textStart[index + 1] = right
            blockIndent[index] = (source.blanks(at: right), true)
        } else if let left, !inParent {
            blockIndent[index] = (Array(source.bytes[left..<tag.start]), false)
        } else {
            blockIndent[index] = ([], false)
        }
    }

    private mutating func closeTag(_ index: Int, opener: Int, left: Int?, right: Int?, openerInParent: Bool) {
        switch tags[opener].kind {
        case .parent:
            if let right, let openLeft = source.lineStart(ifBlankBefore: tags[opener].start) {
                textEnd[opener] = openLeft
                textStart[index + 1] = right
                inclusionIndent[opener] = Array(source.bytes[openLeft..<tags[opener].start])
            }
        case .block where openerInParent:
            // What follows is ignored parent content: only the blanks before the tag are removed.
            if let left { textEnd[index] = left }
        default:
            stripLine(index, left, right)
        }
    }

    private func inclusion(_ index: Int) -> Inclusion {
        Inclusion(tag: source.tag(tags[index].name, at: tags[index].start), indent: inclusionIndent[index] ?? [])
    }

    private struct Frame {
        var opener: Int?
        var isParent = false
        var nodes: [Node] = []
        var blocks: [String: Block] = [:]
    }

    private func buildTree() -> (nodes: [Node], outsideBlocks: [TemplateError]) {
        var frames = [Frame(opener: nil)]
        var outsideBlocks: [TemplateError] = []
        // `index` is the node's tag, the opening one of a section or parent.
        func add(_ node: Node, tag index: Int) {
            // Inside a parent only blocks count; other content is ignored.
            guard let parent = parentOpener(frames) else {
                frames[frames.count - 1].nodes.append(node)
                return
            }
            let text = String(decoding: source.bytes[tags[index].start..<tags[index].end], as: UTF8.self)
            outsideBlocks.append(outsideBlock("'\(text)'", at: tags[index].start, parent: parent))
        }
        func addText(_ index: Int) {
            let range = textStart[index]..<textEnd[index]
            guard !range.isEmpty else { return }
            guard let parent = parentOpener(frames) else {
                frames[frames.count - 1].nodes.append(.text(Array(source.bytes[range])))
                return
            }
            if let start = firstContent(in: range) {
                outsideBlocks.append(
                    outsideBlock("text '\(excerpt(from: start, to: range.upperBound))'", at: start, parent: parent))
            }
        }
        addText(0)
        for index in tags.indices {
            let tag = tags[index]
            switch tag.kind {
            case .variable, .unescaped:
                add(
                    .variable(NamePath(tag.name), escaped: tag.kind == .variable, source.tag(tag.name, at: tag.start)),
                    tag: index)
            case .comment, .delimiters: break
            case .partial: add(.partial(inclusion(index)), tag: index)
            case .section, .inverted, .block: frames.append(Frame(opener: index))
            case .parent: frames.append(Frame(opener: index, isParent: true))
            case .close:
                let frame = frames.removeLast()
                guard let opener = frame.opener else { break }
                let openTag = tags[opener]
                switch openTag.kind {
                case .section:
                    add(.section(NamePath(openTag.name), frame.nodes, source.tag(openTag.name, at: openTag.start)), tag: opener)
                case .inverted:
                    add(.inverted(NamePath(openTag.name), frame.nodes, source.tag(openTag.name, at: openTag.start)), tag: opener)
                case .parent: add(.parent(inclusion(opener), blocks: frame.blocks), tag: opener)
                default:
                    let layout = blockIndent[opener] ?? ([], false)
                    let block = Block(
                        name: openTag.name, nodes: frame.nodes, indent: layout.indent,
                        startsOnNewLine: layout.startsOnNewLine, tag: source.tag(openTag.name, at: openTag.start))
                    if frames[frames.count - 1].isParent {
                        frames[frames.count - 1].blocks[openTag.name] = block
                    } else {
                        add(.block(block), tag: opener)
                    }
                }
            }
            addText(index + 1)
        }
        return (frames[0].nodes, outsideBlocks.sorted { $0.location < $1.location })
    }

    /// The parent tag whose content the innermost frame is, if it is one.
    private func parentOpener(_ frames: [Frame]) -> Int? {
        frames[frames.count - 1].isParent ? frames[frames.count - 1].opener : nil
    }

    private func outsideBlock(_ what: String, at offset: Int, parent: Int) -> TemplateError {
        source.error(
            "\(what) is inside parent '\(tags[parent].name)' but outside any block, so it is never rendered: "
                + "put it in a block or remove it",
            at: offset)
    }

    /// Where `range` holds more than whitespace and HTML comments (`<!-- layout notes -->`, which a
    /// theme author writes for readers, never for pages); nil when it holds nothing else.
    private func firstContent(in range: Range<Int>) -> Int? {
        let bytes = source.bytes
        var index = range.lowerBound
        while index < range.upperBound {
            if ASCII.isWhitespace(bytes[index]) {
                index += 1
            } else if bytes[index..<range.upperBound].starts(with: "<!--".utf8),
                let end = bytes[(index + 4)..<range.upperBound].firstRange(of: Array("-->".utf8))
            {
                index = end.upperBound
            } else {
                return index
            }
        }
        return nil
    }

    /// The text from `start` to the end of its line or `end`, shortened to 30 characters.
    private func excerpt(from start: Int, to end: Int) -> String {
        let bytes = source.bytes[start..<end]
        let line = bytes.prefix { $0 != ASCII.newline && $0 != ASCII.carriageReturn }
        var text = String(decoding: line, as: UTF8.self)
        // ASCII whitespace only: a no-break space is text, and the excerpt must show it.
        while let last = text.unicodeScalars.last, last.isASCII, ASCII.isWhitespace(UInt8(last.value)) {
            text.unicodeScalars.removeLast()
        }
        return text.count > 30 ? text.prefix(30) + "…" : text
    }
}
