import Foundation
import SitegenCore
import SitegenLinks

/// Rewrites the references of CSS: each `url(...)` token or `@import "..."` string found by
/// `CSSExtractor` is replaced, and only that token, by a quoted `url("new")` or `"new"`.
enum CSSRewriter {
    /// The style sheet with every reference `map` answers for replaced.
    static func rewrite(_ css: [UInt8], quote: Character = "\"", map: (String) -> String?) -> [UInt8] {
        let index = LineStarts(css)
        var edits: [TextEdit] = []
        for link in CSSExtractor.extract(Data(css)) {
            guard let offset = index.offset(line: link.line, column: link.column), let replacement = map(link.url),
                let edit = tokenEdit(css, at: offset, replacement: replacement, quote: quote)
            else { continue }
            edits.append(edit)
        }
        return edits.isEmpty ? css : TextEdit.apply(edits, to: css)
    }

    /// The edit replacing the `url(...)` token or the quoted string that starts at `offset`.
    static func tokenEdit(_ bytes: [UInt8], at offset: Int, replacement: String, quote: Character = "\"") -> TextEdit? {
        var i = offset
        let quoted = escapeString(replacement, quote: quote)
        if matchesURLOpen(bytes, at: i) {
            i += 4
            while i < bytes.count, bytes[i].isSpace { i += 1 }
            if i < bytes.count, bytes[i] == UInt8(ascii: "\"") || bytes[i] == UInt8(ascii: "'") { i = stringEnd(bytes, from: i) }
            while i < bytes.count, bytes[i] != UInt8(ascii: ")"), bytes[i] != 0x0A {
                if bytes[i] == UInt8(ascii: "\\") { i += 1 }
                i += 1
            }
            guard i < bytes.count, bytes[i] == UInt8(ascii: ")") else { return nil }
            return TextEdit(range: offset..<(i + 1), replacement: Array("url(\(quoted))".utf8))
        }
        guard i < bytes.count, bytes[i] == UInt8(ascii: "\"") || bytes[i] == UInt8(ascii: "'") else { return nil }
        return TextEdit(range: offset..<stringEnd(bytes, from: i), replacement: Array(quoted.utf8))
    }

    /// A CSS string literal holding `value`, in `quote`s (`"` or `'`).
    static func escapeString(_ value: String, quote: Character = "\"") -> String {
        var out = String(quote)
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"" where quote == "\"": out += "\\\""
            case "'" where quote == "'": out += "\\'"
            case "\\": out += "\\\\"
            case "\n": out += "\\a "
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + String(quote)
    }

    private static func matchesURLOpen(_ bytes: [UInt8], at i: Int) -> Bool {
        guard i + 4 <= bytes.count else { return false }
        return bytes[i] | 0x20 == UInt8(ascii: "u") && bytes[i + 1] | 0x20 == UInt8(ascii: "r")
            && bytes[i + 2] | 0x20 == UInt8(ascii: "l") && bytes[i + 3] == UInt8(ascii: "(")
    }

    /// The offset just after the string literal opening at `start` (an unescaped newline ends it).
    private static func stringEnd(_ bytes: [UInt8], from start: Int) -> Int {
        let quote = bytes[start]
        var i = start + 1
        while i < bytes.count, bytes[i] != quote, bytes[i] != 0x0A {
            if bytes[i] == UInt8(ascii: "\\") { i += 1 }
            i += 1
        }
        return i < bytes.count && bytes[i] == quote ? i + 1 : i
    }
}

extension UInt8 {
    var isSpace: Bool { self == 0x20 || self == 0x09 || self == 0x0A || self == 0x0D || self == 0x0C }
}
