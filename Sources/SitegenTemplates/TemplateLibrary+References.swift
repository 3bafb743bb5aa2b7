import SitegenCore

extension TemplateLibrary {
    /// Every partial and parent tag, in any template of the library, that names a template the
    /// library does not have: one `unknown partial` error per tag, sorted by file, line and column.
    ///
    /// Rendering meets only the tags a render reaches (a partial inside a section that is false for
    /// every page is never expanded), and renders them as nothing under
    /// ``MissingPartialPolicy/renderEmpty``. A caller that treats a missing partial as a typo checks
    /// this once after creating the library, before anything is rendered.
    public func unknownReferences() -> [TemplateError] {
        let sites = program.inclusions + program.parents.map(\.inclusion)
        return sites.filter { !contains($0.name) }.sorted { $0.location < $1.location }.map { $0.unknownPartialError(in: self) }
    }
}

extension TemplateLibrary {
    /// Every block a parent tag passes (`{{<base}}{{$asid}}…{{/asid}}{{/base}}`) that the parent
    /// has nowhere, neither itself nor in a template it includes or extends, nor in what the tag
    /// passes it (a partial there may have the block): its content is never shown, which in a theme
    /// is a typo. One error per block tag, sorted by file, line and column.
    public func unusedBlocks() -> [TemplateError] {
        var known: [Int: Set<String>] = [:]
        var errors: [TemplateError] = []
        for op in program.ops where op.kind == .parent && op.c >= 0 {
            let parent = program.parents[Int(op.d)]
            let names = program.blockNames(reachableFrom: Int(op.c), known: &known)
                .union(program.passedBlockNames(parent, known: &known))
            for (name, index) in parent.arguments where !names.contains(name) {
                let tag = program.blocks[index].tag
                errors.append(
                    tag.error(
                        "block '\(name)' is in neither '\(parent.inclusion.name)' nor a template it includes, so its content is never shown\(Suggestion.hint(for: name, in: names))"
                    ))
            }
        }
        return errors.sorted { $0.location < $1.location }
    }
}

extension TemplateTag {
    /// The error for this tag when `library` has no template of its name, naming the one meant
    /// when one is near (`foter`: `footer`).
    func unknownPartialError(in library: TemplateLibrary) -> TemplateError {
        error("unknown partial '\(name)'" + Suggestion.hint(for: name, in: library.names))
    }
}
