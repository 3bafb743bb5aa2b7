import Foundation
import SitegenBundleCore

/// Extracts the references of a style sheet: `url(...)` (quoted or not, with CSS escapes),
/// `@import "..."` and the image strings of `image-set(...)`; comments are skipped and strings
/// elsewhere are not links.
public enum CSSExtractor {
    /// The attribute of a `url()` that an `@font-face` source list marks `format("svg")`: an SVG
    /// font, which no browser of today loads (they take the next source), so its `#fragment`
    /// (Font Awesome 4's `#fontawesomeregular`, which names no id of its file) is never looked for.
    package static let svgFont = "url format(svg)"

    /// The references in `css` (UTF-8). `startLine` and `startColumn` place the first byte, for CSS
    /// inside an HTML `<style>` element.
    public static func extract(_ css: Data, startLine: Int = 1, startColumn: Int = 1) -> [ExtractedLink] {
        css.withUnsafeBytes { raw in
            var scanner = CSSScanner(bytes: raw.bindMemory(to: UInt8.self), startLine: startLine, startColumn: startColumn)
            return scanner.run()
        }
    }

    static func extract(bytes: inout [UInt8], startLine: Int, startColumn: Int) -> [ExtractedLink] {
        bytes.withUnsafeBufferPointer { buffer in
            var scanner = CSSScanner(bytes: buffer, startLine: startLine, startColumn: startColumn)
            return scanner.run()
        }
    }
}

/// One pass over a style sheet's bytes.
struct CSSScanner {
    let bytes: UnsafeBufferPointer<UInt8>
    let startLine: Int
    let startColumn: Int
    private var i = 0
    private var links: [ExtractedLink] = []
    private var cursor = (offset: 0, line: 1, lineStart: 0)

    init(bytes: UnsafeBufferPointer<UInt8>, startLine: Int, startColumn: Int) {
        self.bytes = bytes
        self.startLine = startLine
        self.startColumn = startColumn
        cursor.line = startLine
    }

    mutating func run() -> [ExtractedLink] {
        var importPending = false
        // After the first block (a rule, `@media {`), an `@import` is invalid and dropped (CSS Cascade).
        var importsEnded = false
        var sawImport = false
        // The prelude of `@namespace svg url(http://www.w3.org/2000/svg);` or `@-moz-document url(x) {`
        // names a namespace or the documents a block applies to: nothing there is fetched.
        var inUnfetchedPrelude = false
        // Open parentheses, and the level of an `image-set(` being read: its strings are image URLs
        // (`image-set("a.png" 1x, "a@2x.png" 2x)`), those of functions inside it (`type("image/avif")`) not.
        var depth = 0
        var imageSetLevel: Int?
        while i < bytes.count {
            let c = bytes[i]
            switch c {
            case UInt8(ascii: "("):
                depth += 1
                i += 1
            case UInt8(ascii: ")"):
                if depth > 0 { depth -= 1 }
                if let level = imageSetLevel, depth < level { imageSetLevel = nil }
                i += 1
            case UInt8(ascii: "i"), UInt8(ascii: "I"), UInt8(ascii: "-"):
                let length = matches("image-set(") ? 10 : matches("-webkit-image-set(") ? 18 : 0
                if length > 0, i == 0 || !isIdent(bytes[i - 1]) {
                    i += length
                    depth += 1
                    imageSetLevel = depth
                } else {
                    i += 1
                }
            case UInt8(ascii: "/") where peek(1) == UInt8(ascii: "*"):
                i = end(ofCommentAt: i)
            case UInt8(ascii: "\""), UInt8(ascii: "'"):
                let start = i
                // A string a line break cuts is a bad string to CSS: its rule is dropped, nothing fetched.
                guard let value = readString() else {
                    importPending = false
                    continue
                }
                if importPending {
                    emit(value, at: start, attribute: "@import", destination: .style)
                } else if let level = imageSetLevel, depth == level {
                    emit(value, at: start, attribute: "image-set")
                }
                importPending = false
            case UInt8(ascii: "@") where matches("@import") && !isIdent(peek(7)):
                // Out of place, the rule is dropped as a comment is: nothing in it is fetched.
                if importsEnded { inUnfetchedPrelude = true } else { importPending = true }
                sawImport = true
                i += 7
            case UInt8(ascii: "@") where matches("@layer") && !isIdent(peek(6)):
                // A layer statement may come before the imports, not between them (CSS Cascade 5).
                if sawImport { importsEnded = true }
                i += 6
            case UInt8(ascii: "@") where matches("@namespace") && !isIdent(peek(10)):
                // Namespaces come after the imports: an `@import` after one is dropped (CSS Namespaces).
                importsEnded = true
                inUnfetchedPrelude = true
                i += 10
            case UInt8(ascii: "@") where matches("@-moz-document") && !isIdent(peek(14)):
                inUnfetchedPrelude = true
                i += 14
            case UInt8(ascii: "@") where matches("@document") && !isIdent(peek(9)):
                inUnfetchedPrelude = true
                i += 9
            case UInt8(ascii: "u"), UInt8(ascii: "U"):
                if matches("url("), i == 0 || !isIdent(bytes[i - 1]) {
                    let start = i
                    i += 4
                    if let url = readURLBody(), !inUnfetchedPrelude {
                        let attribute = importPending ? "@import" : isSVGFontFormatNext() ? CSSExtractor.svgFont : "url"
                        emit(url, at: start, attribute: attribute, destination: importPending ? .style : .other)
                    }
                    importPending = false
                } else {
                    i += 1
                }
            case UInt8(ascii: "\\"):
                i += 2
            case UInt8(ascii: ";"), UInt8(ascii: "{"), UInt8(ascii: "}"):
                if c == UInt8(ascii: "{") { importsEnded = true }
                importPending = false
                inUnfetchedPrelude = false
                i += 1
            default:
                i += 1
            }
        }
        return links
    }

    private func peek(_ ahead: Int) -> UInt8 { i + ahead < bytes.count ? bytes[i + ahead] : 0 }

    /// Where the comment opening at `start` (`/*`) ends, past its `*/`; past the end of the text when
    /// it is never closed.
    private func end(ofCommentAt start: Int) -> Int {
        var j = start + 2
        while j < bytes.count, !(bytes[j] == UInt8(ascii: "*") && j + 1 < bytes.count && bytes[j + 1] == UInt8(ascii: "/")) {
            j += 1
        }
        return j + 2
    }

    /// Whether `format("svg")` (quoted or not, any case) follows the `url()` just read.
    private func isSVGFontFormatNext() -> Bool {
        var j = i
        while j < bytes.count {
            if bytes[j].isASCIIWhitespace {
                j += 1
            } else if bytes[j] == UInt8(ascii: "/"), j + 1 < bytes.count, bytes[j + 1] == UInt8(ascii: "*") {
                j = end(ofCommentAt: j)
            } else {
                break
            }
        }
        let format = Array("format(".utf8)
        guard j + format.count <= bytes.count,
            zip(bytes[j..<j + format.count], format).allSatisfy({ $0 | 0x20 == $1 | 0x20 })
        else { return false }
        j += format.count
        var value: [UInt8] = []
        while j < bytes.count, bytes[j] != UInt8(ascii: ")") {
            if !bytes[j].isASCIIWhitespace, bytes[j] != UInt8(ascii: "\""), bytes[j] != UInt8(ascii: "'") {
                value.append(bytes[j] | 0x20)
            }
            j += 1
        }
        return value == Array("svg".utf8)
    }

    private func isIdent(_ c: UInt8) -> Bool {
        c >= 0x80 || c == UInt8(ascii: "-") || c == UInt8(ascii: "_")
            || (c | 0x20 >= UInt8(ascii: "a") && c | 0x20 <= UInt8(ascii: "z"))
            || (c >= UInt8(ascii: "0") && c <= UInt8(ascii: "9"))
    }

    /// Case-insensitive match of an ASCII literal at `i`.
    private func matches(_ literal: StaticString) -> Bool {
        let count = literal.utf8CodeUnitCount
        guard i + count <= bytes.count else { return false }
        let p = literal.utf8Start
        for k in 0..<count where bytes[i + k] | 0x20 != p[k] | 0x20 { return false }
        return true
    }

    /// Reads a quoted string at `i` (escapes decoded); nil when an unescaped line break cuts it (a bad string).
    private mutating func readString() -> String? {
        let quote = bytes[i]
        i += 1
        var out: [UInt8] = []
        while i < bytes.count, bytes[i] != quote, !Self.isNewline(bytes[i]) {
            if bytes[i] == UInt8(ascii: "\\") { readEscape(into: &out) } else { out.append(bytes[i]); i += 1 }
        }
        // Cut by a line break, it is a bad string (CSS Syntax); the end of the text closes it.
        if i < bytes.count, Self.isNewline(bytes[i]) { return nil }
        if i < bytes.count, bytes[i] == quote { i += 1 }
        return String(decoding: out, as: UTF8.self)
    }

    /// A line feed, carriage return or form feed: CSS reads each as a line break.
    private static func isNewline(_ byte: UInt8) -> Bool { byte == 0x0A || byte == 0x0D || byte == 0x0C }

    /// Reads after `url(` up to the closing parenthesis: the quoted string or unquoted URL, or nil
    /// for what CSS Syntax makes a bad URL, which browsers fetch nothing for: an unquoted one holding a quote, `(`, a control character, or a space before
    /// more text (`url(bad(paren).png)`, `url(a b.png)`).
    private mutating func readURLBody() -> String? {
        while i < bytes.count, bytes[i].isASCIIWhitespace { i += 1 }
        if i < bytes.count, bytes[i] == UInt8(ascii: "\"") || bytes[i] == UInt8(ascii: "'") {
            let value = readString()
            while i < bytes.count, bytes[i] != UInt8(ascii: ")"), bytes[i] != 0x0A { i += 1 }
            if i < bytes.count, bytes[i] == UInt8(ascii: ")") { i += 1 }
            return value
        }
        var out: [UInt8] = []
        var bad = false
        scan: while i < bytes.count, bytes[i] != UInt8(ascii: ")") {
            let byte = bytes[i]
            switch byte {
            case _ where byte.isASCIIWhitespace:
                while i < bytes.count, bytes[i].isASCIIWhitespace { i += 1 }
                bad = i < bytes.count && bytes[i] != UInt8(ascii: ")")
                break scan
            case UInt8(ascii: "\""), UInt8(ascii: "'"), UInt8(ascii: "("), 0x00...0x08, 0x0B, 0x0E...0x1F, 0x7F:
                bad = true
                break scan
            case UInt8(ascii: "\\") where i + 1 >= bytes.count || bytes[i + 1] == 0x0A:
                bad = true
                break scan
            case UInt8(ascii: "\\"):
                readEscape(into: &out)
            default:
                out.append(byte)
                i += 1
            }
        }
        // A bad URL runs to the next `)`, escapes skipped.
        while bad, i < bytes.count, bytes[i] != UInt8(ascii: ")") { i += bytes[i] == UInt8(ascii: "\\") ? 2 : 1 }
        if i < bytes.count, bytes[i] == UInt8(ascii: ")") { i += 1 }
        return bad ? nil : String(decoding: out, as: UTF8.self)
    }

    /// Decodes a CSS escape at `i` (`\` then up to six hex digits and one optional space, an escaped
    /// newline, or one literal character).
    private mutating func readEscape(into out: inout [UInt8]) {
        i += 1
        guard i < bytes.count else { return }
        var hex = 0, digits = 0
        while digits < 6, i < bytes.count, let value = PercentEscapes.hexValue(bytes[i]) {
            hex = hex * 16 + Int(value)
            digits += 1
            i += 1
        }
        if digits > 0 {
            if i < bytes.count, bytes[i].isASCIIWhitespace { i += 1 }
            let scalar = Unicode.Scalar(UInt32(hex)).flatMap { $0.value == 0 ? nil : $0 } ?? "\u{FFFD}"
            out.append(contentsOf: Array(String(Character(scalar)).utf8))
        } else if bytes[i] == 0x0A {
            i += 1
        } else {
            out.append(bytes[i])
            i += 1
        }
    }

    private mutating func emit(
        _ url: String, at offset: Int, attribute: String, destination: ExtractedLink.Destination = .other
    ) {
        var p = cursor.offset
        while p < offset {
            // `\n`, and a `\r` not followed by one, end a line, as in the HTML around it.
            if bytes[p] == 0x0A || (bytes[p] == 0x0D && (p + 1 == bytes.count || bytes[p + 1] != 0x0A)) {
                cursor.line += 1
                cursor.lineStart = p + 1
            }
            p += 1
        }
        cursor.offset = offset
        var column = offset - cursor.lineStart + 1
        if cursor.line == startLine { column += startColumn - 1 }
        links.append(
            ExtractedLink(
                url: url, element: "css", attribute: attribute, line: cursor.line, column: column,
                destination: destination))
    }
}
