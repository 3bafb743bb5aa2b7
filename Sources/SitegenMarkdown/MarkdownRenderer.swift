import CCmark
import CCmarkArena
import SitegenCore

/// Markdown → HTML fragment, headings and links, through libcmark. The only file that imports
/// `CCmark`: the C tree is walked once, copied into Swift values, and freed before returning.
public enum MarkdownRenderer {
    /// Renders one page.
    ///
    /// - Parses with source positions, walks the tree once with `cmark_iter`, collecting headings
    ///   (GitHub-compatible ids, de-duplicated by ``Slugger``) and links and images with the exact
    ///   line and UTF-8 byte column of their opener; rewrites relative `*.md` links to `*.html`
    ///   (``LinkRewriter``) in the tree; replaces each heading by custom nodes that render
    ///   `<h2 id="x"><a class="anchor" href="#x" aria-hidden="true" tabindex="-1">#</a>…</h2>` (custom nodes
    ///   render even when raw HTML is off); then renders the fragment.
    /// - Parameter lineOffset: lines preceding `markdown` in its file (front matter), added to
    ///   every reported line.
    public static func render(
        _ markdown: String, options: MarkdownOptions = .init(), lineOffset: Int = 0
    ) -> RenderedMarkdown {
        let source = SourceText(Array(markdown.utf8))
        var parseOptions = CMARK_OPT_SOURCEPOS
        var renderOptions = CMARK_OPT_DEFAULT
        if options.smartPunctuation { parseOptions |= CMARK_OPT_SMART }
        if options.rawHTML { renderOptions |= CMARK_OPT_UNSAFE }

        // Everything cmark allocates for this page comes from this thread's arena and is dropped at
        // once when the page is done: nodes are never freed one by one.
        defer { sitegen_cmark_arena_reset() }
        let mem = sitegen_cmark_arena_mem().assumingMemoryBound(to: cmark_mem.self)
        guard let parser = cmark_parser_new_with_mem(parseOptions, mem) else {
            return RenderedMarkdown(html: "", title: nil, headings: [], links: [])
        }
        source.bytes.withUnsafeBufferPointer { bytes in
            bytes.withMemoryRebound(to: CChar.self) { cmark_parser_feed(parser, $0.baseAddress, $0.count) }
        }
        let parsed = cmark_parser_finish(parser)
        cmark_parser_free(parser)
        guard let document = parsed else {
            return RenderedMarkdown(html: "", title: nil, headings: [], links: [])
        }

        var walk = Walk(
            positions: InlinePositions(source: source), lineOffset: lineOffset, smartPunctuation: options.smartPunctuation)
        walk.run(document)
        walk.placeReferenceLinks()
        for heading in walk.headingNodes {
            replace(heading.node, level: heading.level, id: heading.id, mem: mem)
        }

        var html = ""
        if let rendered = cmark_render_html(document, renderOptions) { html = String(cString: rendered) }
        if walk.links.contains(where: { ByteSearch.contains(UInt8(ascii: "["), in: $0.destination) }) {
            html = BracketedHosts.restore(in: html)
        }
        let title = walk.headings.first { $0.level == 1 }?.text
        var rendered = RenderedMarkdown(html: html, title: title, headings: walk.headings, links: walk.links)
        rendered.foreignSyntax = walk.foreign
        rendered.hasRawHTML = walk.hasRawHTML
        return rendered
    }

    /// Swaps a heading for a custom block around a custom inline carrying the tags, id and anchor
    /// (a custom block alone would put its tags on lines of their own), moving the inline children.
    private static func replace(
        _ heading: OpaquePointer, level: Int, id: String, mem: UnsafeMutablePointer<cmark_mem>
    ) {
        guard let block = cmark_node_new_with_mem(CMARK_NODE_CUSTOM_BLOCK, mem) else { return }
        guard let inline = cmark_node_new_with_mem(CMARK_NODE_CUSTOM_INLINE, mem),
            cmark_node_append_child(block, inline) == 1
        else {
            cmark_node_free(block)
            return
        }
        // Put together as bytes: an interpolated `String` of nine pieces cost 3,000 instructions a heading.
        let digit = UInt8(ascii: "0") + UInt8(clamping: level)
        var open: [UInt8] = []
        open.reserveCapacity(96 + 2 * id.utf8.count)
        open += "<h".utf8
        open.append(digit)
        open += " id=\"".utf8
        open += id.utf8
        open += "\"><a class=\"anchor\" href=\"#".utf8
        open += id.utf8
        open += "\" aria-hidden=\"true\" tabindex=\"-1\">#</a>\0".utf8
        let close: [UInt8] = Array("</h".utf8) + [digit, UInt8(ascii: ">"), 0]
        _ = open.withUnsafeBytes { cmark_node_set_on_enter(inline, $0.baseAddress!.assumingMemoryBound(to: CChar.self)) }
        _ = close.withUnsafeBytes { cmark_node_set_on_exit(inline, $0.baseAddress!.assumingMemoryBound(to: CChar.self)) }
        while let child = cmark_node_first_child(heading) {
            guard cmark_node_append_child(inline, child) == 1 else {
                cmark_node_free(block)
                return
            }
        }
        if cmark_node_replace(heading, block) == 1 {
            cmark_node_free(heading)
        } else {
            cmark_node_free(block)
        }
    }
}

/// One pass over the C tree; everything it keeps is Swift values except `headingNodes`, which
/// never leaves ``MarkdownRenderer/render(_:options:lineOffset:)``.
private struct Walk {
    let positions: InlinePositions
    /// Links that may be reference links, by index in `links`, with their opener in the body and
    /// their destination: placed at their definitions once the whole tree is walked.
    private var maybeReferences: [(index: Int, line: Int, column: Int, url: String)] = []
    /// The lines of code blocks and HTML blocks, where no definition can be.
    private var literalLines: [ClosedRange<Int>] = []
    /// Whether the page has `]:` anywhere: most pages define no reference.
    private let mayHaveDefinitions: Bool
    let lineOffset: Int
    /// With smart punctuation, a heading's id is made from its text as written (`--`, not `–`).
    let smartPunctuation: Bool
    var headings: [Heading] = []
    var links: [MarkdownLink] = []
    var headingNodes: [(node: OpaquePointer, level: Int, id: String)] = []
    /// Markdown of other dialects, where paragraphs and headings start.
    var foreign: [ForeignSyntax] = []
    var hasRawHTML = false

    private var slugger = Slugger()
    private var frame = BlockFrame(startLine: 1, endLine: 1, origin: 1, quoteDepth: 0)
    private var quoteDepth = 0
    private var headingText: [UInt8]?
    /// The heading's text with smart punctuation undone, when that changed it: what its id is made of.
    private var slugText: [UInt8]?
    private var imageDepth = 0

    init(positions: InlinePositions, lineOffset: Int, smartPunctuation: Bool) {
        self.positions = positions
        mayHaveDefinitions =
            ByteSearch.firstOffset(of: [UInt8(ascii: "]"), UInt8(ascii: ":")], in: positions.source.bytes) != nil
        self.lineOffset = lineOffset
        self.smartPunctuation = smartPunctuation
    }

    mutating func run(_ document: OpaquePointer) {
        guard let iterator = cmark_iter_new(document) else { return }
        defer { cmark_iter_free(iterator) }
        while true {
            let event = cmark_iter_next(iterator)
            guard event != CMARK_EVENT_DONE, let node = cmark_iter_get_node(iterator) else { break }
            visit(node, entering: event == CMARK_EVENT_ENTER)
        }
    }

    private mutating func visit(_ node: OpaquePointer, entering: Bool) {
        switch cmark_node_get_type(node) {
        case CMARK_NODE_BLOCK_QUOTE:
            quoteDepth += entering ? 1 : -1
        case CMARK_NODE_PARAGRAPH where entering:
            let line = Int(cmark_node_get_start_line(node))
            let endLine = Int(cmark_node_get_end_line(node))
            // cmark takes link reference definitions off the front of a paragraph but keeps its start
            // line: its inline positions count from the text after them, from that line.
            let definitions = positions.source.definitionLines(
                from: line, to: endLine, column: Int(cmark_node_get_start_column(node)))
            for var found in ForeignSyntax.inParagraph(
                positions.source, line: line, endLine: endLine, column: Int(cmark_node_get_start_column(node)))
            {
                found.line += lineOffset
                foreign.append(found)
            }
            frame = BlockFrame(
                startLine: line + definitions, endLine: endLine,
                origin: definitions == 0
                    ? Int(cmark_node_get_start_column(node))
                    : positions.source.contentStart(line: line + definitions, quoteDepth: quoteDepth),
                quoteDepth: quoteDepth)
        case CMARK_NODE_HEADING:
            if entering { enterHeading(node) } else { exitHeading(node) }
        case CMARK_NODE_TEXT, CMARK_NODE_CODE:
            if headingText != nil, imageDepth == 0 { appendLiteral(of: node) }
        case CMARK_NODE_SOFTBREAK, CMARK_NODE_LINEBREAK:
            if headingText != nil, imageDepth == 0 {
                headingText?.append(UInt8(ascii: " "))
                slugText?.append(UInt8(ascii: " "))
            }
        case CMARK_NODE_HTML_INLINE:
            hasRawHTML = true
        case CMARK_NODE_CODE_BLOCK, CMARK_NODE_HTML_BLOCK:
            if cmark_node_get_type(node) == CMARK_NODE_HTML_BLOCK { hasRawHTML = true }
            // cmark leaves the end of some HTML blocks unset (0): such a block holds its first line at least.
            let start = Int(cmark_node_get_start_line(node))
            if cmark_node_get_type(node) == CMARK_NODE_CODE_BLOCK, let info = cmark_node_get_fence_info(node),
                let found = ForeignSyntax.inFence(
                    info: String(cString: info), line: start + lineOffset, column: Int(cmark_node_get_start_column(node)))
            {
                foreign.append(found)
            }
            literalLines.append(start...max(start, Int(cmark_node_get_end_line(node))))
        case CMARK_NODE_LINK:
            if entering { addLink(node, isImage: false) }
        case CMARK_NODE_IMAGE:
            if entering { addLink(node, isImage: true) }
            imageDepth += entering ? 1 : -1
        default:
            break
        }
    }

    private mutating func enterHeading(_ node: OpaquePointer) {
        let line = Int(cmark_node_get_start_line(node))
        let column = Int(cmark_node_get_start_column(node))
        let marker = positions.source.atxMarkerWidth(line: line, column: column)
        frame = BlockFrame(
            startLine: line, endLine: Int(cmark_node_get_end_line(node)), origin: column + marker,
            quoteDepth: quoteDepth)
        headingText = []
        slugText = nil
    }

    private mutating func exitHeading(_ node: OpaquePointer) {
        let text = trimmed(headingText ?? [])
        let id = slugger.slug(for: slugText.map(trimmed) ?? text)
        headingText = nil
        slugText = nil
        let level = Int(cmark_node_get_heading_level(node))
        var heading = Heading(
            level: level, text: text, id: id, line: Int(cmark_node_get_start_line(node)) + lineOffset,
            column: Int(cmark_node_get_start_column(node)))
        heading.hasContent = !text.isEmpty || cmark_node_first_child(node) != nil
        if let found = ForeignSyntax.inHeading(text: text, id: id, line: heading.line, column: heading.column) {
            foreign.append(found)
        }
        headings.append(heading)
        headingNodes.append((node, level, id))
    }

    private mutating func addLink(_ node: OpaquePointer, isImage: Bool) {
        let destination = cmark_node_get_url(node).map { String(cString: $0) } ?? ""
        var rewritten = destination
        if !isImage {
            rewritten = LinkRewriter.rewrite(destination)
            if rewritten != destination { cmark_node_set_url(node, rewritten) }
        }
        var firstText: (line: Int, column: Int)?
        if let child = cmark_node_first_child(node), cmark_node_get_type(child) == CMARK_NODE_TEXT {
            firstText = (Int(cmark_node_get_start_line(child)), Int(cmark_node_get_start_column(child)))
        }
        let link = (Int(cmark_node_get_start_line(node)), Int(cmark_node_get_start_column(node)))
        let place = positions.opener(isImage: isImage, link: link, firstText: firstText, in: frame)
        if mayHaveDefinitions { maybeReferences.append((links.count, place.line, place.column, destination)) }
        links.append(
            MarkdownLink(
                destination: destination, rewritten: rewritten, isImage: isImage,
                line: place.line + lineOffset, column: place.column))
    }

    /// Moves each reference link to its definition's destination, the place to fix it; found
    /// outside code and HTML blocks, which the whole tree tells.
    mutating func placeReferenceLinks() {
        guard !maybeReferences.isEmpty else { return }
        let definitions = ReferenceDefinitions(positions.source, outside: literalLines)
        guard !definitions.isEmpty else { return }
        for link in maybeReferences {
            guard
                let place = definitions.destination(
                    ofLinkAt: link.line, column: link.column, url: link.url, in: positions.source)
            else { continue }
            links[link.index].line = place.line + lineOffset
            links[link.index].column = place.column
        }
    }

    private mutating func appendLiteral(of node: OpaquePointer) {
        guard let literal = cmark_node_get_literal(node) else { return }
        let start = headingText?.count ?? 0
        var pointer = literal
        var typographic = false
        while pointer.pointee != 0 {
            let byte = UInt8(bitPattern: pointer.pointee)
            headingText?.append(byte)
            typographic = typographic || byte == 0xE2
            pointer += 1
        }
        // Smart punctuation gives `--` as `–`, which GitHub's ids keep as `--`: the id is made from
        // the heading as if smart punctuation were off, by reading the text's source beside it, so a
        // `–` or `&ndash;` written as such stays what it is.
        if slugText != nil || (smartPunctuation && typographic) {
            if slugText == nil { slugText = Array(headingText?[..<start] ?? []) }
            let bytes = Array(headingText?[start...] ?? [])
            if typographic, cmark_node_get_type(node) == CMARK_NODE_TEXT {
                slugText?.append(
                    contentsOf: Self.asWritten(
                        bytes, source: positions.source, line: Int(cmark_node_get_start_line(node)),
                        column: Int(cmark_node_get_start_column(node))))
            } else {
                slugText?.append(contentsOf: bytes)
            }
        }
    }

    /// The text of a node as smart punctuation found it: `literal` walked beside its source from
    /// `line`:`column`, taking each `–`, `—`, curly quote and `…` that the source spells in ASCII as
    /// that ASCII. Where the two cannot be matched up, the rest is turned back by rule (`–` → `--`).
    static func asWritten(_ literal: [UInt8], source: SourceText, line: Int, column: Int) -> [UInt8] {
        guard let range = source.lineRange(line), column >= 1 else { return undoingSmartPunctuation(literal[...]) }
        let text = source.bytes
        var out: [UInt8] = []
        out.reserveCapacity(literal.count + 8)
        var i = 0
        var j = range.lowerBound + column - 1
        func isSmart(_ index: Int) -> Bool {
            index + 2 < literal.count && literal[index] == 0xE2 && literal[index + 1] == 0x80
                && [0x93, 0x94, 0x98, 0x99, 0x9C, 0x9D, 0xA6].contains(literal[index + 2])
        }
        func skipEntity() -> Bool {
            guard j < range.upperBound, text[j] == UInt8(ascii: "&"),
                let semicolon = text[j..<range.upperBound].prefix(40).firstIndex(of: UInt8(ascii: ";"))
            else { return false }
            j = semicolon + 1
            return true
        }
        while i < literal.count {
            guard j < range.upperBound else { break }
            if isSmart(i) {
                let source = text[j]
                if source == UInt8(ascii: "-") {
                    while j < range.upperBound, text[j] == UInt8(ascii: "-") {
                        out.append(UInt8(ascii: "-"))
                        j += 1
                    }
                    while isSmart(i), literal[i + 2] == 0x93 || literal[i + 2] == 0x94 { i += 3 }
                    continue
                }
                if source == UInt8(ascii: "."), text[j..<range.upperBound].starts(with: Array("...".utf8)) {
                    out += Array("...".utf8)
                    j += 3
                } else if source == UInt8(ascii: "'") || source == UInt8(ascii: "\"") {
                    out.append(source)
                    j += 1
                } else if text[j..<range.upperBound].starts(with: literal[i..<(i + 3)]) {
                    out += literal[i..<(i + 3)]
                    j += 3
                } else if skipEntity() {
                    out += literal[i..<(i + 3)]
                } else {
                    break
                }
                i += 3
                continue
            }
            if literal[i] == text[j] {
                out.append(literal[i])
                i += 1
                j += 1
            } else if text[j] == UInt8(ascii: "\\"), j + 1 < range.upperBound, text[j + 1] == literal[i] {
                j += 1
            } else if skipEntity() {
                // One character for the entity: as many bytes as its UTF-8 lead byte says.
                let lead = literal[i]
                let width = lead < 0x80 ? 1 : lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : 2
                out += literal[i..<min(i + width, literal.count)]
                i += width
            } else {
                break
            }
        }
        if i < literal.count { out += undoingSmartPunctuation(literal[i...]) }
        return out
    }

    /// `–` → `--`, `—` → `---`, curly quotes → straight ones, `…` → `...`.
    static func undoingSmartPunctuation(_ bytes: ArraySlice<UInt8>) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var index = bytes.startIndex
        while index < bytes.endIndex {
            if bytes[index] == 0xE2, index + 2 < bytes.endIndex, bytes[index + 1] == 0x80 {
                let plain: String? =
                    switch bytes[index + 2] {
                    case 0x93: "--"
                    case 0x94: "---"
                    case 0x98, 0x99: "'"
                    case 0x9C, 0x9D: "\""
                    case 0xA6: "..."
                    default: nil
                    }
                if let plain {
                    out.append(contentsOf: plain.utf8)
                    index += 3
                    continue
                }
            }
            out.append(bytes[index])
            index += 1
        }
        return out
    }

    private func trimmed(_ bytes: [UInt8]) -> String {
        let isBlank = { (byte: UInt8) in byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }
        guard let first = bytes.firstIndex(where: { !isBlank($0) }),
            let last = bytes.lastIndex(where: { !isBlank($0) })
        else { return "" }
        return String(decoding: bytes[first...last], as: UTF8.self)
    }
}
