import SitegenCore

/// Every template of a library compiled into one flat list of instructions over shared byte and
/// name buffers. Rendering walks plain integers: no string hashing, and no reference counting of
/// template parts, which in a tree of enum nodes cost more than the rendering itself (a page's
/// sidebar expands a partial for each of its ~40 entries).
struct Program: Sendable {
    enum Kind: UInt8, Sendable {
        /// `text[a..<b]`.
        case text
        /// The value at `names[a..<b]`, HTML-escaped when `escaped`; `c` is 1 when the name is one a
        /// render may write only once.
        case variable
        /// `ops[c..<d]` once for each item of the value at `names[a..<b]`, or once if it is truthy.
        case section
        /// `ops[c..<d]` if the value at `names[a..<b]` is falsy.
        case inverted
        /// Template `c` (none if negative), each line indented by `text[a..<b]`; `d` is the
        /// partial's entry in `inclusions`.
        case partial
        /// Template `c` (none if negative) with the blocks of `parents[d]`, indented by `text[a..<b]`.
        case parent
        /// The block `blocks[a]`: the caller's argument for it if there is one, else `ops[c..<d]`.
        case block
    }

    struct Op: Sendable {
        var kind: Kind
        var escaped = false
        var a: Int32 = 0
        var b: Int32 = 0
        var c: Int32 = 0
        var d: Int32 = 0
    }

    struct ParentSite: Sendable {
        var inclusion: TemplateTag
        /// The blocks the parent tag passes, by name, as indexes into `blocks`.
        var arguments: [String: Int]
    }

    struct BlockSite: Sendable {
        var name: String
        var body: Range<Int32>
        /// Where the block's indentation is in `text`.
        var indent: Range<Int32>
        /// The opening tag, for errors about it.
        var tag: TemplateTag
    }

    private(set) var ops: [Op] = []
    /// The tag of each instruction, `nil` for text: only errors read it.
    private(set) var tags: [TemplateTag?] = []
    private(set) var text: [UInt8] = []
    private(set) var names: [InternedName] = []
    private(set) var inclusions: [TemplateTag] = []
    private(set) var parents: [ParentSite] = []
    private(set) var blocks: [BlockSite] = []
    /// Each template's instructions, by library index.
    private(set) var templates: [Range<Int32>] = []

    /// Compiles `bodies` (the library's templates in index order); `indexByName` resolves partial
    /// and parent tags, and `writeOnce` are the names a render may write only once.
    init(_ bodies: [[Node]], indexByName: [String: Int], writeOnce: Set<String>) {
        for body in bodies { templates.append(compile(body, indexByName)) }
        for index in ops.indices where ops[index].kind == .variable {
            if let name = tags[index]?.name, writeOnce.contains(name) { ops[index].c = 1 }
        }
    }

    /// Appends the instructions of `nodes` and returns where they are. The bodies of sections and
    /// blocks are compiled first, so that the instructions of one list are contiguous.
    private mutating func compile(_ nodes: [Node], _ indexByName: [String: Int]) -> Range<Int32> {
        var list: [Op] = []
        var listTags: [TemplateTag?] = []
        for node in nodes {
            switch node {
            case .text(let bytes):
                let range = append(bytes)
                list.append(Op(kind: .text, a: range.lowerBound, b: range.upperBound))
                listTags.append(nil)
            case .variable(let path, let escaped, let tag):
                let range = append(path)
                list.append(Op(kind: .variable, escaped: escaped, a: range.lowerBound, b: range.upperBound))
                listTags.append(tag)
            case .section(let path, let children, let tag), .inverted(let path, let children, let tag):
                let body = compile(children, indexByName)
                let range = append(path)
                let kind: Kind = if case .section = node { .section } else { .inverted }
                list.append(
                    Op(kind: kind, a: range.lowerBound, b: range.upperBound, c: body.lowerBound, d: body.upperBound))
                listTags.append(tag)
            case .partial(let inclusion):
                let indent = append(inclusion.indent)
                inclusions.append(inclusion.tag)
                list.append(
                    Op(
                        kind: .partial, a: indent.lowerBound, b: indent.upperBound,
                        c: target(inclusion, indexByName), d: Int32(inclusions.count - 1)))
                listTags.append(inclusion.tag)
            case .parent(let inclusion, let arguments):
                var compiled: [String: Int] = [:]
                for (name, block) in arguments { compiled[name] = compile(block, indexByName) }
                let indent = append(inclusion.indent)
                parents.append(ParentSite(inclusion: inclusion.tag, arguments: compiled))
                list.append(
                    Op(
                        kind: .parent, a: indent.lowerBound, b: indent.upperBound,
                        c: target(inclusion, indexByName), d: Int32(parents.count - 1)))
                listTags.append(inclusion.tag)
            case .block(let block):
                let index = compile(block, indexByName)
                let body = blocks[index].body
                list.append(Op(kind: .block, a: Int32(index), c: body.lowerBound, d: body.upperBound))
                listTags.append(block.tag)
            }
        }
        let start = Int32(ops.count)
        ops += list
        tags += listTags
        return start..<Int32(ops.count)
    }

    /// Compiles a block's content and returns its index in `blocks`.
    private mutating func compile(_ block: Block, _ indexByName: [String: Int]) -> Int {
        let body = compile(block.nodes, indexByName)
        blocks.append(BlockSite(name: block.name, body: body, indent: append(block.indent), tag: block.tag))
        return blocks.count - 1
    }

    /// The names of the blocks that rendering template `index` can meet: its own, and those of every
    /// template it includes or extends, however deep. `known` remembers each template's names.
    func blockNames(reachableFrom index: Int, known: inout [Int: Set<String>]) -> Set<String> {
        if let names = known[index] { return names }
        known[index] = []  // a template that includes itself adds nothing more
        let names = blockNames(in: Int(templates[index].lowerBound)..<Int(templates[index].upperBound), known: &known)
        known[index] = names
        return names
    }

    /// The names of the blocks that rendering the instructions at `range` can meet: in sections,
    /// in blocks' defaults, in what a parent tag passes, and in the templates included or extended.
    func blockNames(in range: Range<Int>, known: inout [Int: Set<String>]) -> Set<String> {
        var names = Set<String>()
        for op in ops[range] {
            switch op.kind {
            case .text, .variable: break
            case .section, .inverted: names.formUnion(blockNames(in: Int(op.c)..<Int(op.d), known: &known))
            case .block:
                names.insert(blocks[Int(op.a)].name)
                names.formUnion(blockNames(in: Int(op.c)..<Int(op.d), known: &known))
            case .partial:
                if op.c >= 0 { names.formUnion(blockNames(reachableFrom: Int(op.c), known: &known)) }
            case .parent:
                if op.c >= 0 { names.formUnion(blockNames(reachableFrom: Int(op.c), known: &known)) }
                names.formUnion(passedBlockNames(parents[Int(op.d)], known: &known))
            }
        }
        return names
    }

    /// The names of the blocks inside what `parent` passes (not the names it passes): rendered in the
    /// parent, they can be filled like the parent's own.
    func passedBlockNames(_ parent: ParentSite, known: inout [Int: Set<String>]) -> Set<String> {
        var names = Set<String>()
        for index in parent.arguments.values {
            let body = blocks[index].body
            names.formUnion(blockNames(in: Int(body.lowerBound)..<Int(body.upperBound), known: &known))
        }
        return names
    }

    private func target(_ inclusion: Inclusion, _ indexByName: [String: Int]) -> Int32 {
        indexByName[inclusion.tag.name].map { Int32($0) } ?? -1
    }

    private mutating func append(_ bytes: [UInt8]) -> Range<Int32> {
        let start = Int32(text.count)
        text += bytes
        return start..<Int32(text.count)
    }

    private mutating func append(_ path: NamePath) -> Range<Int32> {
        let start = Int32(names.count)
        names += path.components
        return start..<Int32(names.count)
    }
}

extension Program {
    /// The program's flat arrays as buffer pointers, valid for the duration of `body`: the render
    /// loop reads them without retaining anything.
    struct Buffers {
        let ops: UnsafeBufferPointer<Op>
        let text: UnsafeBufferPointer<UInt8>
        let names: UnsafeBufferPointer<InternedName>
        let templates: UnsafeBufferPointer<Range<Int32>>
    }

    func withBuffers<R>(_ body: (Buffers) throws(TemplateError) -> R) throws(TemplateError) -> R {
        let result: Result<R, TemplateError> = ops.withUnsafeBufferPointer { ops in
            text.withUnsafeBufferPointer { text in
                names.withUnsafeBufferPointer { names in
                    templates.withUnsafeBufferPointer { templates in
                        Result { () throws(TemplateError) -> R in
                            try body(Buffers(ops: ops, text: text, names: names, templates: templates))
                        }
                    }
                }
            }
        }
        return try result.get()
    }
}
