import SitegenCore

/// Finds YAML front matter: a file whose first line is `---`, up to the next line that is `---`
/// or `...` (trailing blanks allowed, `\n`, `\r\n` or lone `\r` line ends, after an optional UTF-8
/// byte order mark).
public enum FrontMatter {
    /// Splits `text`; without front matter, the whole text (minus a byte order mark) is the body.
    /// - Throws: ``InputError`` at `path:1:1` when the opening `---` is never closed.
    public static func split(_ text: String, path: String) throws(InputError) -> FrontMatterSplit {
        var bytes = Array(text.utf8)[...]
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
        let lines = Lines(bytes: bytes)
        let firstLine = lines.next(after: bytes.startIndex)
        guard let first = firstLine, isMarker(bytes[first.content], allowDots: false) else {
            // Hugo's TOML front matter: read as Markdown, it would show as the page's first paragraph.
            if let first = firstLine, bytes[first.content].elementsEqual("+++".utf8) {
                throw InputError(
                    "front matter in TOML ('+++') is not read: write it as YAML between '---' lines (title: My page)",
                    at: SourceLocation(path: path, line: 1, column: 1))
            }
            var split = FrontMatterSplit(yaml: nil, yamlLineOffset: 0, body: string(bytes), bodyLineOffset: 0)
            split.lateFrontMatterLine = lateStart(in: bytes, lines: lines)
            return split
        }
        var lineNumber = 1
        var cursor = first.next
        while let line = lines.next(after: cursor) {
            lineNumber += 1
            if isMarker(bytes[line.content], allowDots: true) {
                return FrontMatterSplit(
                    yaml: string(bytes[first.next..<line.content.lowerBound]), yamlLineOffset: 1,
                    body: string(bytes[line.next...]), bodyLineOffset: lineNumber)
            }
            cursor = line.next
        }
        throw InputError(
            "front matter starts with '---' but never ends (close it with a line '---')",
            at: SourceLocation(path: path, line: 1, column: 1))
    }

    /// The line of a `---` after nothing but blank lines, followed by a `key:` line and, later, a
    /// closing `---`: front matter a blank line too low, which Markdown reads as a rule and text.
    private static func lateStart(in bytes: ArraySlice<UInt8>, lines: Lines) -> Int? {
        func isBlank(_ line: ArraySlice<UInt8>) -> Bool {
            line.allSatisfy { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
        }
        var cursor = bytes.startIndex
        var number = 0
        var opening: Int?
        while let line = lines.next(after: cursor) {
            number += 1
            cursor = line.next
            let content = bytes[line.content]
            guard let start = opening else {
                if isBlank(content) { continue }
                guard number > 1, isMarker(content, allowDots: false) else { return nil }
                opening = number
                continue
            }
            if number == start + 1 {
                // `title: Welcome`: a key of letters, digits, `_` or `-`, then a colon.
                let key = content.prefix { $0 != UInt8(ascii: ":") }
                guard key.count < content.count, !key.isEmpty, key.allSatisfy(ForeignSyntax.isWordByte) else { return nil }
                continue
            }
            if isMarker(content, allowDots: true) { return start }
        }
        return nil
    }

    private static func isMarker(_ line: ArraySlice<UInt8>, allowDots: Bool) -> Bool {
        var content = line
        while let last = content.last, last == UInt8(ascii: " ") || last == UInt8(ascii: "\t") {
            content = content.dropLast()
        }
        return content.elementsEqual("---".utf8) || (allowDots && content.elementsEqual("...".utf8))
    }

    private static func string(_ bytes: ArraySlice<UInt8>) -> String {
        String(decoding: bytes, as: UTF8.self)
    }

    /// Line scanning over a byte slice.
    private struct Lines {
        let bytes: ArraySlice<UInt8>

        /// The line starting at `start`: its content (without its `\r\n`, `\n` or lone `\r`, which
        /// cmark and libyaml take as a line end too) and where the next line starts.
        func next(after start: Int) -> (content: Range<Int>, next: Int)? {
            guard start < bytes.endIndex else { return nil }
            let (lineFeed, carriageReturn) = (UInt8(ascii: "\n"), UInt8(ascii: "\r"))
            guard let end = bytes[start...].firstIndex(where: { $0 == lineFeed || $0 == carriageReturn }) else {
                return (start..<bytes.endIndex, bytes.endIndex)
            }
            var next = end + 1
            if bytes[end] == carriageReturn, next < bytes.endIndex, bytes[next] == lineFeed { next += 1 }
            return (start..<end, next)
        }
    }
}
