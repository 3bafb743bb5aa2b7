import CHTMLScan
import Foundation

/// Extracts links and fragment targets from an HTML document with `CHTMLScan`'s tokenizer, which
/// finds tags as browsers do: `<script>`, `<style>`, `<iframe>` and the like hold raw text, `<title>`
/// and `<textarea>` text, comments end where the HTML standard ends them.
///
/// Links inside `<template>` count, and so do its ids: the content is inert until a script clones it
/// into the page, where a broken link is just as broken. `<script>` content is never markup.
public enum HTMLExtractor {
    /// Reads `html` (UTF-8) once and returns what it defines and links to. Never fails: malformed
    /// input is tokenized as a browser would.
    /// With `xml` (an SVG file), every tag may close itself, `<script/>` too.
    public static func extract(_ html: Data, xml: Bool = false) -> DocumentFacts {
        extract(html, xml: xml, known: nil).facts
    }

    /// Like `extract(_:xml:)`, leaving out of the facts the `<a href>` references whose outcome
    /// `known` holds (a file of the bundle, or no link): those come back as `settled`. Only for a
    /// page without `<base href>`, whose references resolve as its folder's do.
    static func extract(_ html: Data, xml: Bool, known: ReferenceTable?) -> (
        facts: DocumentFacts, settled: SettledLinks
    ) {
        guard !html.isEmpty else { return (DocumentFacts(), SettledLinks()) }
        // A byte order mark decides the encoding before anything a server says, in browsers too.
        if let utf8 = fromUTF16(html) { return extract(utf8, xml: xml, known: known) }
        let collector = HTMLCollector()
        collector.known = known
        collector.isXML = xml
        var handler = htmlscan_handler()
        handler.xml = xml ? 1 : 0
        handler.context = Unmanaged.passUnretained(collector).toOpaque()
        handler.start_element = { context, name, attrs, count, line, column, place in
            guard let context, let name else { return }
            let collector = Unmanaged<HTMLCollector>.fromOpaque(context).takeUnretainedValue()
            let buffer = UnsafeBufferPointer(start: attrs, count: attrs == nil ? 0 : count)
            collector.start(
                name: name, attributes: buffer, line: Int(line), column: Int(column),
                inTemplate: place & Int32(HTMLSCAN_IN_TEMPLATE) != 0, foreign: place & Int32(HTMLSCAN_FOREIGN) != 0,
                inNoscript: place & Int32(HTMLSCAN_IN_NOSCRIPT) != 0,
                sourceOf: place & Int32(HTMLSCAN_IN_PICTURE) != 0
                    ? .picture : place & Int32(HTMLSCAN_IN_MEDIA) != 0 ? .media : nil)
        }
        handler.style_text = { context, bytes, length, line, column in
            guard let context, let bytes else { return }
            let collector = Unmanaged<HTMLCollector>.fromOpaque(context).takeUnretainedValue()
            let raw = UnsafeRawBufferPointer(start: bytes, count: length)
            collector.styleText(raw, line: Int(line), column: Int(column))
        }
        handler.style_end = { context in
            guard let context else { return }
            Unmanaged<HTMLCollector>.fromOpaque(context).takeUnretainedValue().styleEnd()
        }
        withExtendedLifetime(collector) {
            html.withUnsafeBytes { raw in
                guard let base = raw.baseAddress else { return }
                _ = htmlscan_parse(base.assumingMemoryBound(to: CChar.self), raw.count, &handler)
            }
        }
        collector.styleEnd()
        return (collector.facts, collector.settled)
    }

    /// `html` as UTF-8 when it starts with a UTF-16 byte order mark; nil otherwise.
    static func fromUTF16(_ html: Data) -> Data? {
        let bigEndian: Bool
        switch CharsetDeclarations.byteOrderMark(Array(html.prefix(3))[...])?.encoding {
        case .utf16BE?: bigEndian = true
        case .utf16LE?: bigEndian = false
        default: return nil
        }
        var units: [UInt16] = []
        units.reserveCapacity(html.count / 2)
        var index = html.startIndex + 2
        while index + 1 < html.endIndex {
            let a = UInt16(html[index]), b = UInt16(html[index + 1])
            units.append(bigEndian ? a << 8 | b : b << 8 | a)
            index += 2
        }
        return Data(String(decoding: units, as: UTF16.self).utf8)
    }
}
