import SitegenCore

/// One render: runs a template's instructions against the context stack, writing into an
/// ``OutputWriter``.
struct Renderer {
    let library: TemplateLibrary
    let program: Program.Buffers
    var writer = OutputWriter()
    var stack: [TemplateValue]
    /// The library indexes of the templates being expanded, outermost first, for the recursion error.
    var chain: [Int]
    /// The lowest context frame a lookup has read since a memoized item's render began (-1: a name
    /// was found nowhere, which depends on every frame).
    var lowestFrameRead = Int.max
    /// Whether a block was expanded since a memoized item's render began (blocks come from callers).
    var expandedBlock = false
    /// The instruction that first wrote each of the library's write-once names in this render.
    var firstWrites: [String: Int] = [:]
    /// How many instruction ranges are being run, one inside the other: the template rendered, and
    /// the sections, partials, parents and blocks in it.
    var depth = 0
    /// How deep sections and partials (with blocks and parents) may nest in one render: each level is
    /// a frame of this recursion on a thread's stack, which 10,000 levels overflow.
    static let depthLimit = 1000

    /// Runs `ops[range]`, the body of the instruction at `tag` (negative for the template rendered);
    /// `overrides` are the blocks the callers pass, by name, as indexes into the program's `blocks`.
    mutating func run(_ range: Range<Int32>, _ overrides: [String: Int], tag: Int) throws(TemplateError) {
        guard depth <= Self.depthLimit else {
            throw limitError("sections and partials nested deeper than \(Self.depthLimit) levels", tag: tag)
        }
        depth += 1
        defer { depth -= 1 }
        var index = Int(range.lowerBound)
        let end = Int(range.upperBound)
        while index < end {
            let op = program.ops[index]
            index += 1
            switch op.kind {
            case .text:
                writer.writeText(UnsafeBufferPointer(rebasing: program.text[Int(op.a)..<Int(op.b)]))
            case .variable:
                if op.c != 0 { try noteWriteOnce(index - 1) }
                write(lookup(op.a, op.b), escaped: op.escaped)
            case .section:
                let value = lookup(op.a, op.b)
                if case .list(let items) = value {
                    for item in items {
                        if case .dictionary(let fields) = item, fields.isShared, let identity = fields.identity {
                            try renderItem(fields, identity: identity, op: index - 1, body: op.c..<op.d, overrides)
                            continue
                        }
                        stack.append(item)
                        try run(op.c..<op.d, overrides, tag: index - 1)
                        stack.removeLast()
                    }
                } else if value.isTruthy {
                    stack.append(value)
                    try run(op.c..<op.d, overrides, tag: index - 1)
                    stack.removeLast()
                }
            case .inverted:
                if !lookup(op.a, op.b).isTruthy { try run(op.c..<op.d, overrides, tag: index - 1) }
            case .partial:
                let site = op.c >= 0 ? nil : library.program.inclusions[Int(op.d)]
                try include(op, tag: index - 1, missing: site, overrides)
            case .parent:
                let parent = library.program.parents[Int(op.d)]
                // The outermost caller's blocks win over those of intermediate parents.
                let merged = parent.arguments.merging(overrides) { _, outer in outer }
                try include(op, tag: index - 1, missing: op.c >= 0 ? nil : parent.inclusion, merged)
            case .block:
                expandedBlock = true
                let site = library.program.blocks[Int(op.a)]
                if let argument = overrides[site.name] {
                    try expand(library.program.blocks[argument], at: site, tag: index - 1, overrides)
                } else {
                    try run(op.c..<op.d, overrides, tag: index - 1)
                }
            }
        }
    }

    /// Renders one shared dictionary item of a list section, from the library's memo when it was
    /// rendered in the same place before, else running the section's body and keeping the output if
    /// it depends on nothing but the item (see ``SectionMemo``).
    private mutating func renderItem(
        _ fields: TemplateDictionary, identity: UnsafeRawPointer, op: Int, body: Range<Int32>,
        _ overrides: [String: Int]
    ) throws(TemplateError) {
        let key = SectionMemo.Key(
            op: op, item: identity, indent: writer.indent, strip: writer.strip, atLineStart: writer.atLineStart,
            depth: chain.count, nesting: depth)
        let known = library.sectionMemo.output(for: key)
        if case .some(.some(let output)) = known {
            writer.bytes += output.bytes
            writer.atLineStart = output.endsAtLineStart
            return
        }
        let (outerLowest, outerExpanded) = (lowestFrameRead, expandedBlock)
        (lowestFrameRead, expandedBlock) = (Int.max, false)
        let start = writer.bytes.count
        let frame = stack.count
        stack.append(.dictionary(fields))
        try run(body, overrides, tag: op)
        stack.removeLast()
        if known == nil {
            let independent = lowestFrameRead >= frame && !expandedBlock
            let output = SectionMemo.Output(bytes: Array(writer.bytes[start...]), endsAtLineStart: writer.atLineStart)
            library.sectionMemo.record(independent ? output : nil, for: key, item: fields)
        }
        (lowestFrameRead, expandedBlock) = (min(outerLowest, lowestFrameRead), outerExpanded || expandedBlock)
    }

    /// Expands template `op.c` (the instruction at `tag`) with `op.a..<op.b` as indentation;
    /// `missing` describes the tag when the library has no such template.
    private mutating func include(
        _ op: Program.Op, tag: Int, missing: TemplateTag?, _ overrides: [String: Int]
    ) throws(TemplateError) {
        if let missing {
            guard library.missingPartials == .error else { return }
            throw missing.unknownPartialError(in: library)
        }
        guard chain.count <= library.recursionLimit else {
            throw limitError("partial recursion deeper than \(library.recursionLimit) levels", tag: tag)
        }
        let (savedIndent, savedStrip) = (writer.indent, writer.strip)
        if op.a < op.b || !savedStrip.isEmpty {
            writer.indent = Self.joined(savedIndent, relative(bytes(op.a..<op.b)))
            writer.strip = []
        }
        chain.append(Int(op.c))
        try run(program.templates[Int(op.c)], overrides, tag: tag)
        chain.removeLast()
        (writer.indent, writer.strip) = (savedIndent, savedStrip)
    }

    /// Renders a block's argument at a block site (the instruction at `tag`): its definition's
    /// indentation is removed from each line and the site's added.
    private mutating func expand(
        _ argument: Program.BlockSite, at site: Program.BlockSite, tag: Int, _ overrides: [String: Int]
    ) throws(TemplateError) {
        let (savedIndent, savedStrip) = (writer.indent, writer.strip)
        writer.indent = Self.joined(savedIndent, relative(bytes(site.indent)))
        writer.strip = bytes(argument.indent)
        try run(argument.body, overrides, tag: tag)
        (writer.indent, writer.strip) = (savedIndent, savedStrip)
    }

    /// Records that instruction `op` writes a write-once name, failing if the render wrote it before.
    private mutating func noteWriteOnce(_ op: Int) throws(TemplateError) {
        // Counted in this render only: output holding it is never kept for another.
        lowestFrameRead = -1
        let tag = library.program.tags[op]!
        guard let first = firstWrites[tag.name] else {
            firstWrites[tag.name] = op
            return
        }
        let place =
            first == op
            ? "by the same tag (in a section that repeats, or a partial used twice)"
            : "(first at \(library.program.tags[first]!.location))"
        throw tag.error("'\(tag.name)' is written a second time in one render \(place): it may be written only once")
    }

    /// A limit's error at the tag of instruction `tag`, with the templates being expanded.
    private func limitError(_ what: String, tag: Int) -> TemplateError {
        let shown = chain.prefix(5).map { library.names[$0] }.joined(separator: " > ")
        // Every instruction but text has a tag, and a limit is only reached inside one.
        return library.program.tags[tag]!.error("\(what): \(shown) > ...")
    }

    private func bytes(_ range: Range<Int32>) -> [UInt8] {
        range.isEmpty ? [] : Array(program.text[Int(range.lowerBound)..<Int(range.upperBound)])
    }

    /// `outer + inner` without making a new array when either is empty (the usual case).
    private static func joined(_ outer: [UInt8], _ inner: [UInt8]) -> [UInt8] {
        if inner.isEmpty { return outer }
        if outer.isEmpty { return inner }
        return outer + inner
    }

    /// Indentation written in the current template, less what the enclosing block strips.
    private func relative(_ indent: [UInt8]) -> [UInt8] {
        let strip = writer.strip
        var common = 0
        while common < strip.count, common < indent.count, indent[common] == strip[common] { common += 1 }
        return common == 0 ? indent : Array(indent[common...])
    }

    /// The value of the dotted name `names[start..<end]`: its first part is looked up from the
    /// innermost context outwards, the rest inside what that finds.
    private mutating func lookup(_ start: Int32, _ end: Int32) -> TemplateValue {
        guard start < end else {
            lowestFrameRead = min(lowestFrameRead, stack.count - 1)
            return stack.last ?? .null
        }
        let first = program.names[Int(start)]
        var found: TemplateValue?
        var index = stack.count - 1
        while index >= 0 {
            if case .dictionary(let entries) = stack[index], let value = entries[first] {
                found = value
                break
            }
            index -= 1
        }
        lowestFrameRead = min(lowestFrameRead, index)
        guard var current = found else { return .null }
        for position in Int(start + 1)..<Int(end) {
            guard case .dictionary(let entries) = current, let next = entries[program.names[position]] else {
                return .null
            }
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
