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

    /// What a finding of another dialect's Markdown says: what it is, and how to write it here.
    static func message(for kind: ForeignSyntax.Kind) -> String {
        switch kind {
        case .admonition(let line) where line.hasPrefix("???"):
            "'\(line)' is a collapsible admonition of MkDocs (pymdownx.details), which CommonMark shows as text: write "
                + "it in raw HTML, <details> with a <summary> and the Markdown inside it between blank lines"
        case .admonition(let line):
            "'\(line)' is an admonition of MkDocs (Python-Markdown), which CommonMark shows as text: write it in raw "
                + "HTML, <div class=\"admonition\"> with the Markdown inside it between blank lines"
        case .contentTab(let line):
            "'\(line)' is a content tab of MkDocs Material, which CommonMark shows as text: write a heading for each "
                + "tab, or raw HTML"
        case .pipeTable:
            "a pipe table (GitHub Flavored Markdown), which CommonMark shows as a paragraph of pipes: write it in raw "
                + "HTML, <table>"
        case .inlineAttributes(let list):
            "'\(list)' is an attribute list (Python-Markdown's attr_list), which CommonMark shows as text after the "
                + "link or image: write the element in raw HTML with its attributes (<a class=\"…\" href=\"page.html\">)"
        case .fenceAttributes(let list):
            "'\(list)' is a fence's attribute list (pymdownx.superfences), which CommonMark reads as the language "
                + "'{': write the language alone after the fence (```py)"
        case .hugoShortcode(let shortcode):
            "'\(shortcode)' is a shortcode of Hugo, which CommonMark shows as text: write what it makes in Markdown "
                + "(a ref as a link to the page's .md file) or in raw HTML"
        case .mystDirective(let info):
            "'```\(info)' is a directive of MyST (Sphinx), which CommonMark shows as a code block: write what it "
                + "makes in raw HTML (a note as <div class=\"admonition note\">), or leave the page out with ignore"
        case .headingAttributes(let list, let id):
            "'\(list)' is an attribute list (Python-Markdown, kramdown), which CommonMark shows as the heading's text "
                + "and puts in its id ('\(id)'): link to the id the heading's words make, or write <a id=\"…\"></a> "
                + "after them"
        }
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
        if let line = split.lateFrontMatterLine {
            warnings.append(
                Diagnostic(
                    .warning, .notCommonMark,
                    "front matter must start on the first line: below blank lines, this '---' and the lines after it "
                        + "are read as Markdown (a rule and a heading): remove the blank lines above it",
                    at: SourceLocation(path: display, line: line, column: 1)))
        }
        var body = MarkdownRenderer.render(split.body, options: options, lineOffset: split.bodyLineOffset)
        if collectsSearchText { body.text = SearchText.of(html: body.html) }
        warnings += body.foreignSyntax.map { found in
            Diagnostic(
                .warning, .notCommonMark, Self.message(for: found.kind),
                at: SourceLocation(path: display, line: found.line, column: found.column))
        }
        let title = meta.title ?? body.title.flatMap(PageMeta.nonBlank) ?? FileNameTitle.of(file.path)
        var ids = Set(body.headings.map(\.id))
        // Without raw HTML, cmark writes no `id` or `name` but the headings': a link's title or an
        // image's alt text that reads `id=x` is no anchor.
        if options.rawHTML, body.hasRawHTML { ids.formUnion(AnchorScanner.anchors(inHTML: body.html)) }
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
