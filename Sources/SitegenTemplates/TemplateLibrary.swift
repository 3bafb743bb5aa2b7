import SitegenCore

/// A set of named templates that can include each other as partials and parents.
public struct TemplateLibrary: Sendable {
    /// Each template's index in `names` and in the program's `templates`.
    private let indexByName: [String: Int]
    let names: [String]
    let program: Program
    /// List items rendered before, for any render through this library.
    let sectionMemo = SectionMemo()
    /// What a partial or parent tag naming a missing template does.
    public let missingPartials: MissingPartialPolicy
    /// How many partial and parent expansions may nest before rendering fails.
    public let recursionLimit: Int
    /// Names a render may write only once (`content`, a page's HTML, whose ids a second copy would
    /// repeat): the tag that writes one again in the same render fails there.
    public let writeOnce: Set<String>

    /// Creates a library; each template is included by its key.
    public init(
        _ templates: [String: Template], missingPartials: MissingPartialPolicy = .renderEmpty,
        recursionLimit: Int = 100, writeOnce: Set<String> = []
    ) {
        names = templates.keys.sorted()
        let indexByName = Dictionary(uniqueKeysWithValues: names.enumerated().map { ($1, $0) })
        program = Program(names.map { templates[$0]!.nodes }, indexByName: indexByName, writeOnce: writeOnce)
        self.indexByName = indexByName
        self.missingPartials = missingPartials
        self.recursionLimit = recursionLimit
        self.writeOnce = writeOnce
    }

    /// Whether a template named `name` is in the library.
    public func contains(_ name: String) -> Bool {
        indexByName[name] != nil
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
        guard let index = indexByName[name] else {
            throw TemplateError("unknown template '\(name)'", at: SourceLocation(path: name))
        }
        try program.withBuffers { buffers throws(TemplateError) in
            var renderer = Renderer(library: self, program: buffers, stack: [context], chain: [index])
            swap(&renderer.writer.bytes, &buffer)
            defer { swap(&renderer.writer.bytes, &buffer) }
            renderer.writer.atLineStart = renderer.writer.bytes.last.map { $0 == ASCII.newline } ?? true
            try renderer.run(buffers.templates[index], [:], tag: -1)
        }
    }
}
