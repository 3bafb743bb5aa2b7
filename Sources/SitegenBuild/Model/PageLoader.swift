import Foundation
import SitegenCore
import SitegenMarkdown

/// Reads, splits and renders one Markdown file. Pure apart from reading the file, so pages load in
/// parallel.
struct PageLoader: Sendable {
    var options: MarkdownOptions
    var displayRoot: String
    /// Whether each page's text is kept for the search index (`search: true`).
    var collectsSearchText = false

    struct Loaded: Sendable {
        var page: Page
        var warnings: [Diagnostic]
        /// Fingerprint of the file's bytes, and the size and time it was read at.
        var fingerprint: UInt64
        var modified: Int
        var size: Int
    }

    func load(_ file: SourceFile) throws(InputError) -> Loaded {
        let display = displayRoot + file.path.rawValue
        let data = try readFile(atPath: file.filePath, display: display)
        let text = try decodeUTF8(data, display: display)
        let split = try FrontMatter.split(text, path: display)
        var meta = PageMeta()
        var warnings: [Diagnostic] = []
        if let yaml = split.yaml {
            let root = try YAML.parse(yaml, path: display, lineOffset: split.yamlLineOffset)
            (meta, warnings) = try PageMeta.decode(root, path: display)
        }
        var body = MarkdownRenderer.render(split.body, options: options, lineOffset: split.bodyLineOffset)
        if collectsSearchText { body.text = SearchText.of(html: body.html) }
        let title = meta.title ?? body.title.flatMap(PageMeta.nonBlank) ?? FileNameTitle.of(file.path)
        var ids = Set(body.headings.map(\.id))
        if options.rawHTML { ids.formUnion(AnchorScanner.anchors(inHTML: body.html)) }
        let page = Page(
            source: file.path, output: file.path.replacingExtension(with: "html"), meta: meta, title: title,
            body: body, displayPath: display, anchorIDs: ids)
        var fingerprinted = page
        fingerprinted.sourceFingerprint = Fingerprint.of(data)
        return Loaded(
            page: fingerprinted, warnings: warnings, fingerprint: fingerprinted.sourceFingerprint, modified: file.modified,
            size: file.size)
    }
}
