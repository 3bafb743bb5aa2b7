/// What a tag does, from the sigil after its opening delimiter.
enum TagKind: Equatable {
    case variable, unescaped, section, inverted, close, comment, partial, parent, block, delimiters
}

/// A tag found in the source: its kind, trimmed name and byte range (delimiters included).
struct ScannedTag {
    var kind: TagKind
    var name: String
    var start: Int
    var end: Int
}

/// Splits a template into tags, following set-delimiter tags; the text between tags is implied.
struct TemplateScanner {
    let source: SourceText
    private var open: [UInt8] = Array("{{".utf8)
    private var close: [UInt8] = Array("}}".utf8)

    init(_ source: SourceText) {
        self.source = source
    }

    mutating func scan() throws(TemplateError) -> [ScannedTag] {
        var tags: [ScannedTag] = []
        var position = 0
        let bytes = source.bytes
        while let start = find(open, from: position) {
            let bodyStart = start + open.count
            guard bodyStart < bytes.count else { throw unclosed(at: start) }
            let sigil = bytes[bodyStart]
            let tag: ScannedTag
            switch sigil {
            case UInt8(ascii: "{"):
                guard let end = find([UInt8(ascii: "}")] + close, from: bodyStart + 1) else {
                    throw unclosed(at: start)
                }
                let name = try tagName(bodyStart + 1, end, tagStart: start)
                tag = ScannedTag(kind: .unescaped, name: name, start: start, end: end + 1 + close.count)
            case UInt8(ascii: "="):
                let end = try setDelimiterEnd(bodyStart + 1, tagStart: start)
                tag = ScannedTag(kind: .delimiters, name: "", start: start, end: end + 1 + close.count)
                try setDelimiters(bodyStart + 1, end, tagStart: start)
            default:
                guard let end = find(close, from: bodyStart) else { throw unclosed(at: start) }
                if sigil == UInt8(ascii: "%") {
                    // A pragma in some dialects; as a name, `%page.title` would render as nothing.
                    let text = String(decoding: bytes[start..<end + close.count], as: UTF8.self)
                    throw source.error(
                        "unsupported tag '\(text)': '%' tags (pragmas in some Mustache dialects) are not supported", at: start)
                }
                let kind = Self.kind(of: sigil)
                let nameStart = kind == .variable ? bodyStart : bodyStart + 1
                let name = kind == .comment ? "" : try tagName(nameStart, end, tagStart: start)
                tag = ScannedTag(kind: kind, name: name, start: start, end: end + close.count)
            }
            tags.append(tag)
            position = tag.end
        }
        return tags
    }

    private static func kind(of sigil: UInt8) -> TagKind {
        switch sigil {
        case UInt8(ascii: "#"): .section
        case UInt8(ascii: "^"): .inverted
        case UInt8(ascii: "/"): .close
        case UInt8(ascii: "!"): .comment
        case UInt8(ascii: ">"): .partial
        case UInt8(ascii: "<"): .parent
        case UInt8(ascii: "$"): .block
        case UInt8(ascii: "&"): .unescaped
        default: .variable
        }
    }

    private func unclosed(at start: Int) -> TemplateError {
        let opener = String(decoding: open, as: UTF8.self)
        let closer = String(decoding: close, as: UTF8.self)
        return source.error("unclosed tag: '\(opener)' without a matching '\(closer)'", at: start)
    }

    private func trimmed(_ start: Int, _ end: Int) -> ArraySlice<UInt8> {
        var low = start
        var high = end
        while low < high, ASCII.isWhitespace(source.bytes[low]) { low += 1 }
        while high > low, ASCII.isWhitespace(source.bytes[high - 1]) { high -= 1 }
        return source.bytes[low..<high]
    }

    private func tagName(_ start: Int, _ end: Int, tagStart: Int) throws(TemplateError) -> String {
        let name = trimmed(start, end)
        guard !name.isEmpty else { throw source.error("empty tag name", at: tagStart) }
        let text = String(decoding: name, as: UTF8.self)
        guard !name.contains(where: ASCII.isWhitespace) else {
            // `{{site.title — {{page.title}}`: the first tag was never closed, and the next one's
            // close ends it.
            if let inner = name.firstRange(of: open) {
                var head = Array(name[..<inner.lowerBound])
                while let last = head.last, ASCII.isWhitespace(last) { head.removeLast() }
                let unclosed = String(decoding: open + head, as: UTF8.self)
                throw source.error(
                    "tag '\(unclosed)' is not closed: another tag opens before its '\(String(decoding: close, as: UTF8.self))'",
                    at: tagStart)
            }
            throw source.error("tag name '\(text)' contains whitespace", at: tagStart)
        }
        return text
    }

    /// Where the set-delimiter tag whose text starts at `start` has its closing `=`.
    private func setDelimiterEnd(_ start: Int, tagStart: Int) throws(TemplateError) -> Int {
        let end = find([UInt8(ascii: "=")] + close, from: start)
        if let end, delimiters(start, end) != nil { return end }
        // `{{=<% %>}}` ends at its `}}`; an `=}}` after it is another tag's.
        if let plainEnd = find(close, from: start), plainEnd < end ?? Int.max {
            let text = String(decoding: source.bytes[tagStart..<plainEnd + close.count], as: UTF8.self)
            let closer = String(decoding: close, as: UTF8.self)
            throw source.error(
                "set-delimiter tag '\(text)' must end with '=' before its '\(closer)', like {{=<% %>=}}", at: tagStart)
        }
        guard let end else { throw unclosed(at: tagStart) }
        return end
    }

    private mutating func setDelimiters(_ start: Int, _ end: Int, tagStart: Int) throws(TemplateError) {
        guard let (open, close) = delimiters(start, end) else {
            let text = String(decoding: source.bytes[start..<end], as: UTF8.self)
            throw source.error(
                "bad set-delimiter tag '\(text)': expected two delimiters separated by a space, like {{=<% %>=}}",
                at: tagStart)
        }
        self.open = open
        self.close = close
    }

    /// The opening and closing delimiters a set-delimiter tag holds between `start` and `end`, if
    /// it holds two without `=`.
    private func delimiters(_ start: Int, _ end: Int) -> ([UInt8], [UInt8])? {
        let parts = trimmed(start, end).split(whereSeparator: ASCII.isWhitespace)
        guard parts.count == 2, !parts.contains(where: { $0.contains(UInt8(ascii: "=")) }) else { return nil }
        return (Array(parts[0]), Array(parts[1]))
    }

    /// The offset of the first `pattern` at or after `offset`.
    private func find(_ pattern: [UInt8], from offset: Int) -> Int? {
        let bytes = source.bytes
        guard let first = pattern.first, pattern.count <= bytes.count else { return nil }
        var index = offset
        let last = bytes.count - pattern.count
        while index <= last {
            if bytes[index] == first {
                var matched = 1
                while matched < pattern.count, bytes[index + matched] == pattern[matched] { matched += 1 }
                if matched == pattern.count { return index }
            }
            index += 1
        }
        return nil
    }
}
