import SitegenCore

/// A set of named templates that can include each other as partials and parents.
public struct TemplateLibrary: Sendable {
    let templates: [String: Template]
    /// What a partial or parent tag naming a missing template does.
    public let missingPartials: MissingPartialPolicy
    /// How many partial and parent expansions may nest before rendering fails.
    public let recursionLimit: Int

    /// Creates a library; each template is included by its key.
    public init(
        _ templates: [String: Template], missingPartials: MissingPartialPolicy = .renderEmpty,
        recursionLimit: Int = 100
    ) {
        self.templates = templates
        self.missingPartials = missingPartials
        self.recursionLimit = recursionLimit
    }

    /// Whether a template named `name` is in the library.
    public func contains(_ name: String) -> Bool {
        templates[name] != nil
    }

    /// Renders the template `name` against `context`.
    public func render(_ name: String, context: TemplateValue) throws(TemplateError) -> String {
        var buffer: [UInt8] = []
        try render(name, context: context, into: &buffer)
        return String(decoding: buffer, as: UTF8.self)
    }

    /// Renders into a growing byte buffer, appending to what it holds (the hot path for many pages:
    /// reuse one buffer with `removeAll(keepingCapacity: true)` between pages).
    public func render(_ name: String, context: TemplateValue, into buffer: inout [UInt8]) throws(TemplateError) {
        guard let template = templates[name] else {
            throw TemplateError("unknown template '\(name)'", at: SourceLocation(path: name))
        }
        var renderer = Renderer(library: self, stack: [context], chain: [name])
        swap(&renderer.writer.bytes, &buffer)
        defer { swap(&renderer.writer.bytes, &buffer) }
        renderer.writer.atLineStart = renderer.writer.bytes.last.map { $0 == ASCII.newline } ?? true
        try renderer.render(template.nodes, [:])
    }
}
