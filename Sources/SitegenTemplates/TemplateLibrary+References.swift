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
        return sites.filter { !contains($0.name) }.sorted { $0.location < $1.location }.map(\.unknownPartialError)
    }
}

extension Program.InclusionSite {
    /// The error for this tag when the library has no template of its name.
    var unknownPartialError: TemplateError {
        TemplateError("unknown partial '\(name)'", at: location, sourceLine: sourceLine)
    }
}
