import SitegenCore

/// Markdown of another dialect that CommonMark reads as plain text, so that a page moved from
/// MkDocs, GitHub or kramdown shows `!!! note` or a table's pipes instead of what was meant: found
/// as those dialects' own parsers find it, to be told at its place.
public struct ForeignSyntax: Sendable, Hashable {
    public enum Kind: Sendable, Hashable {
        /// `!!! note "Title"`, `??? tip`: an admonition of Python-Markdown (MkDocs).
        case admonition(String)
        /// `=== "Tab"`: a content tab of MkDocs Material.
        case contentTab(String)
        /// A paragraph whose second line is `| --- | :-: |`: a GitHub Flavored Markdown table.
        case pipeTable
        /// `## Title {#id}` or `{: .class}`: an attribute list (Python-Markdown, kramdown, Pandoc).
        case headingAttributes(list: String, id: String)
        /// `[Go](x.md){ .md-button }`: an attribute list after a link or image.
        case inlineAttributes(String)
        /// ```` ``` { .py title="x" } ````: a fence's attribute list, which CommonMark takes as the language.
        case fenceAttributes(String)
        /// ```` ```{note} ````: a directive of MyST (Sphinx's Markdown), which CommonMark shows as code.
        case mystDirective(String)
        /// `{{< ref "install.md" >}}`, `{{% note %}}`: a shortcode of Hugo.
        case hugoShortcode(String)
    }

    public var kind: Kind
    /// 1-based line and UTF-8 byte column, in the page's file.
    public var line: Int
    public var column: Int

    /// What of other dialects the paragraph from `line`, `column` to `endLine` holds: an admonition
    /// or content tab on a line of its own (Python-Markdown finds one inside a paragraph too), a
    /// table, an attribute list after a link.
    static func inParagraph(_ source: SourceText, line: Int, endLine: Int, column: Int) -> [ForeignSyntax] {
        guard let first = source.lineRange(line), let last = source.lineRange(max(line, endLine)) else { return [] }
        let bytes = source.bytes
        // Most paragraphs have no `){`: looked for once in the whole paragraph, not on each line.
        let whole = bytes[first.lowerBound..<last.upperBound]
        var mayHaveAttributes = false
        var from = whole.startIndex
        while let close = ByteSearch.firstIndex(of: UInt8(ascii: ")"), in: whole, from: from) {
            if close + 1 < whole.endIndex, whole[close + 1] == UInt8(ascii: "{") {
                mayHaveAttributes = true
                break
            }
            from = close + 1
        }
        let mayHaveShortcodes = containsShortcodeOpening(whole)
        var found: [ForeignSyntax] = []
        for number in line...max(line, endLine) {
            guard let range = source.lineRange(number) else { break }
            // The first line starts where cmark says; a later one after a block quote's `>`s and spaces.
            var start = number == line ? min(range.lowerBound + column - 1, range.upperBound) : range.lowerBound
            if number != line {
                while start < range.upperBound, bytes[start] == 0x20 || bytes[start] == 0x09 || bytes[start] == UInt8(ascii: ">")
                {
                    start += 1
                }
            }
            let content = bytes[start..<range.upperBound]
            let place = start - range.lowerBound + 1
            switch content.first {
            case UInt8(ascii: "!"), UInt8(ascii: "?"):
                if isAdmonition(content) {
                    found.append(ForeignSyntax(kind: .admonition(shown(content)), line: number, column: place))
                }
            case UInt8(ascii: "="):
                if isContentTab(content) {
                    found.append(ForeignSyntax(kind: .contentTab(shown(content)), line: number, column: place))
                }
            default:
                if number == line + 1, bytes[first].contains(UInt8(ascii: "|")), isDelimiterRow(content) {
                    found.append(ForeignSyntax(kind: .pipeTable, line: line, column: column))
                }
            }
            if mayHaveAttributes, let list = inlineAttributeList(content) {
                found.append(ForeignSyntax(kind: .inlineAttributes(list), line: number, column: place))
            }
            if mayHaveShortcodes, let (shortcode, at) = hugoShortcode(content) {
                found.append(
                    ForeignSyntax(kind: .hugoShortcode(shortcode), line: number, column: place + at - content.startIndex))
            }
        }
        return found
    }

    /// A line as a finding quotes it, without the spaces at its end.
    private static func shown(_ line: ArraySlice<UInt8>) -> String {
        trimmedEnd(String(decoding: line, as: UTF8.self))
    }

    /// Python-Markdown's `!!! type "title"` and pymdownx.details' `??? type` / `???+ type`: the
    /// whole line, its types words of letters, digits, `_` and `-`, its title in double quotes.
    private static func isAdmonition(_ line: ArraySlice<UInt8>) -> Bool {
        var rest = line
        if rest.starts(with: Array("!!!".utf8)) {
            rest = rest.dropFirst(3)
        } else if rest.starts(with: Array("???".utf8)) {
            rest = rest.dropFirst(3)
            if rest.first == UInt8(ascii: "+") { rest = rest.dropFirst() }
        } else {
            return false
        }
        if rest.first == 0x20 { rest = rest.dropFirst() }
        var words = 0
        while let first = rest.first, isWordByte(first) {
            rest = rest.drop(while: isWordByte)
            words += 1
            let spaces = rest.prefix { $0 == 0x20 }
            guard !spaces.isEmpty, let next = rest.dropFirst(spaces.count).first, isWordByte(next) else { break }
            rest = rest.dropFirst(spaces.count)
        }
        guard words > 0 else { return false }
        rest = rest.drop { $0 == 0x20 }
        if rest.first == UInt8(ascii: "\"") {
            guard let close = rest.dropFirst().lastIndex(of: UInt8(ascii: "\"")) else { return false }
            rest = rest[(close + 1)...]
        }
        return rest.allSatisfy { $0 == 0x20 || $0 == 0x09 }
    }

    /// pymdownx.tabbed's `=== "Title"` (`===!`, `===+` too): a quoted title ending the line.
    private static func isContentTab(_ line: ArraySlice<UInt8>) -> Bool {
        guard line.starts(with: Array("===".utf8)) else { return false }
        var rest = line.dropFirst(3)
        while let first = rest.first, first == UInt8(ascii: "!") || first == UInt8(ascii: "+") { rest = rest.dropFirst() }
        let spaces = rest.prefix { $0 == 0x20 }
        rest = rest.dropFirst(spaces.count)
        guard !spaces.isEmpty, rest.first == UInt8(ascii: "\""),
            let close = rest.dropFirst().lastIndex(of: UInt8(ascii: "\"")), close > rest.startIndex + 1
        else { return false }
        return rest[(close + 1)...].allSatisfy { $0 == 0x20 || $0 == 0x09 }
    }

    /// A letter or digit of ASCII, `_` or `-`: what names and keys of these dialects are made of.
    static func isWordByte(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
            || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-")
    }

    private static func trimmedEnd(_ text: String) -> String {
        let bytes = text.utf8
        var end = bytes.endIndex
        while end > bytes.startIndex {
            let last = bytes.index(before: end)
            guard bytes[last] == UInt8(ascii: " ") || bytes[last] == UInt8(ascii: "\t") else { break }
            end = last
        }
        return String(text[..<end])
    }

    /// Whether a line is a table's delimiter row, `| --- | :-: |`: cells of dashes with optional
    /// colons, parted by pipes.
    private static func isDelimiterRow(_ line: ArraySlice<UInt8>) -> Bool {
        var cells = 0
        var pipes = 0
        var dashes = 0
        for byte in line {
            switch byte {
            case UInt8(ascii: "|"):
                pipes += 1
                if dashes > 0 { cells += 1 }
                dashes = 0
            case UInt8(ascii: "-"): dashes += 1
            case UInt8(ascii: ":"), UInt8(ascii: " "), UInt8(ascii: "\t"): continue
            default: return false
            }
        }
        if dashes > 0 { cells += 1 }
        return pipes > 0 && cells > 0
    }

    private static func containsShortcodeOpening(_ bytes: ArraySlice<UInt8>) -> Bool {
        var from = bytes.startIndex
        while let open = ByteSearch.firstIndex(of: UInt8(ascii: "{"), in: bytes, from: from) {
            if open + 2 < bytes.endIndex, bytes[open + 1] == UInt8(ascii: "{"),
                bytes[open + 2] == UInt8(ascii: "<") || bytes[open + 2] == UInt8(ascii: "%")
            {
                return true
            }
            from = open + 1
        }
        return false
    }

    /// The first Hugo shortcode on the line outside code spans (`{{< name … >}}`, `{{% name … %}}`,
    /// `{{</* name */>}}` too), and where it starts.
    private static func hugoShortcode(_ line: ArraySlice<UInt8>) -> (String, Int)? {
        var index = line.startIndex
        while index + 2 < line.endIndex {
            if line[index] == UInt8(ascii: "`") {
                index = afterCodeSpan(line, at: index)
                continue
            }
            if line[index] == UInt8(ascii: "{"), line[index + 1] == UInt8(ascii: "{"),
                case let mark = line[index + 2], mark == UInt8(ascii: "<") || mark == UInt8(ascii: "%")
            {
                let close: [UInt8] = [mark == UInt8(ascii: "<") ? UInt8(ascii: ">") : mark, UInt8(ascii: "}"), UInt8(ascii: "}")]
                var end = index + 3
                // Up to its closing, with no other opening on the way (`a {{< b and {{<>}}` is prose).
                while end + 3 <= line.endIndex, !line[end..<end + 3].elementsEqual(close),
                    !(line[end] == UInt8(ascii: "{") && line[end + 1] == UInt8(ascii: "{"))
                {
                    end += 1
                }
                // A name after the opening: `{{<` alone is prose (`a {{< b`), as Hugo would refuse it.
                let name = line[(index + 3)...].drop { $0 == 0x20 || $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "*") }
                if end + 3 <= line.endIndex, line[end..<end + 3].elementsEqual(close), let first = name.first, isWordByte(first) {
                    return (String(decoding: line[index..<end + 3], as: UTF8.self), index)
                }
            }
            index += 1
        }
        return nil
    }

    /// Where the code span opening at `index` ends (after its closing run of backticks), or after
    /// its opening run when it is never closed.
    private static func afterCodeSpan(_ line: ArraySlice<UInt8>, at index: Int) -> Int {
        let run = line[index...].prefix { $0 == UInt8(ascii: "`") }.count
        var close = index + run
        while close < line.endIndex {
            let length = line[close...].prefix { $0 == UInt8(ascii: "`") }.count
            if length == run { break }
            close += max(length, 1)
        }
        return close < line.endIndex ? close + run : index + run
    }

    /// The attribute list right after a link or image (`){ .md-button }`, `){: #id }`,
    /// `){ width="300" }`), if the line has one.
    private static func inlineAttributeList(_ line: ArraySlice<UInt8>) -> String? {
        var index = line.startIndex
        while index < line.endIndex - 1 {
            // A code span (`` `[a](b){ .c }` ``) shows its text as it is: skipped, to its closing run.
            if line[index] == UInt8(ascii: "`") {
                index = afterCodeSpan(line, at: index)
                continue
            }
            if line[index] == UInt8(ascii: ")"), line[index + 1] == UInt8(ascii: "{"),
                let close = line[(index + 1)...].firstIndex(of: UInt8(ascii: "}"))
            {
                let list = line[(index + 1)...close]
                if isAttributeList(list) { return String(decoding: list, as: UTF8.self) }
            }
            index += 1
        }
        return nil
    }

    /// Whether `{…}` is an attribute list: after `{`, an optional `:` and spaces, an `#id`, a
    /// `.class` or a `key=`; not `{{` (a template's tag) nor a set (`{a, b}`).
    static func isAttributeList(_ list: some BidirectionalCollection<UInt8>) -> Bool {
        guard list.first == UInt8(ascii: "{"), list.last == UInt8(ascii: "}"), list.count > 2 else { return false }
        var inside = list.dropFirst().dropLast()[...]
        if inside.first == UInt8(ascii: ":") { inside = inside.dropFirst() }
        inside = inside.drop { $0 == 0x20 }
        guard let first = inside.first else { return false }
        if first == UInt8(ascii: "#") || first == UInt8(ascii: ".") {
            return inside.dropFirst().first.map(isWordByte) == true
        }
        let key = inside.prefix(while: isWordByte)
        return !key.isEmpty && inside.dropFirst(key.count).first == UInt8(ascii: "=")
    }

    /// The attribute list at the end of a heading's text (`Options {#options}`, `{ #spaced }`), if
    /// it has one.
    static func inHeading(text: String, id: String, line: Int, column: Int) -> ForeignSyntax? {
        guard text.hasSuffix("}"), let open = text.lastIndex(of: "{") else { return nil }
        let list = text[open...]
        guard open == text.startIndex || text[text.index(before: open)] != "{", isAttributeList(list.utf8) else {
            return nil
        }
        return ForeignSyntax(kind: .headingAttributes(list: String(list), id: id), line: line, column: column)
    }

    /// A fence whose info string is an attribute list (`{ .py title="x" }`), which CommonMark reads
    /// as the language `{`.
    static func inFence(info: String, line: Int, column: Int) -> ForeignSyntax? {
        let trimmed = trimmedEnd(String(info.drop { $0 == " " || $0 == "\t" }))
        guard trimmed.hasPrefix("{") else { return nil }
        // `{note}` and `{code-block} python`: a directive's name alone in the braces.
        if let close = trimmed.firstIndex(of: "}"), trimmed.index(after: trimmed.startIndex) < close,
            trimmed[trimmed.index(after: trimmed.startIndex)..<close].utf8.allSatisfy(isWordByte)
        {
            return ForeignSyntax(kind: .mystDirective(trimmed), line: line, column: column)
        }
        guard trimmed.hasSuffix("}"), isAttributeList(trimmed.utf8) else { return nil }
        return ForeignSyntax(kind: .fenceAttributes(trimmed), line: line, column: column)
    }
}
