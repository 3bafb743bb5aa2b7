import Foundation
import SitegenCore
import SitegenMarkdown

/// Reads, splits and renders one Markdown file. Pure apart from reading the file, so pages load in
/// parallel.
struct PageLoader: Sendable {
    var options: MarkdownOptions
    var displayRoot: String

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
        let data = try readFile(file.fileURL, display: display)
        let text = try decodeUTF8(data, display: display)
        let split = try FrontMatter.split(text, path: display)
        var meta = PageMeta()
        var warnings: [Diagnostic] = []
        if let yaml = split.yaml {
            let root = try YAML.parse(yaml, path: display, lineOffset: split.yamlLineOffset)
            (meta, warnings) = try PageMeta.decode(root, path: display)
        }
        let body = MarkdownRenderer.render(split.body, options: options, lineOffset: split.bodyLineOffset)
        let stem = file.path.lastComponent.dropLast(3)
        let title = meta.title ?? body.title ?? String(stem)
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

/// Finds `id="…"` and `name="…"` attribute values in rendered HTML, for fragments that point at
/// raw HTML anchors written in Markdown.
enum AnchorScanner {
    static func anchors(inHTML html: String) -> [String] {
        var found: [String] = []
        var utf8 = Array(html.utf8)
        utf8.append(0)
        let quote = UInt8(ascii: "\""), equals = UInt8(ascii: "=")
        var i = 1
        while i + 4 < utf8.count {
            let isSpace =
                utf8[i - 1] == UInt8(ascii: " ") || utf8[i - 1] == UInt8(ascii: "\n") || utf8[i - 1] == UInt8(ascii: "\t")
            var nameLength = 0
            if isSpace, utf8[i] | 0x20 == UInt8(ascii: "i"), utf8[i + 1] | 0x20 == UInt8(ascii: "d"), utf8[i + 2] == equals {
                nameLength = 2
            } else if isSpace, i + 6 < utf8.count, utf8[i] | 0x20 == UInt8(ascii: "n"), utf8[i + 1] | 0x20 == UInt8(ascii: "a"),
                utf8[i + 2] | 0x20 == UInt8(ascii: "m"), utf8[i + 3] | 0x20 == UInt8(ascii: "e"), utf8[i + 4] == equals
            {
                nameLength = 4
            }
            if nameLength > 0, utf8[i + nameLength + 1] == quote {
                let start = i + nameLength + 2
                var end = start
                while end < utf8.count - 1, utf8[end] != quote { end += 1 }
                found.append(String(decoding: utf8[start..<end], as: UTF8.self))
                i = end
            }
            i += 1
        }
        return found
    }
}
