/// Where the destinations of a page's link reference definitions (`[guide]: guide/install.md`)
/// are: a reference link (`[the guide][guide]`, `[guide][]`, `[guide]`) takes its destination from
/// there, so that is the place a finding about it names, the one line to edit however many links
/// use it.
struct ReferenceDefinitions {
    /// A definition found: where its destination is and the destination as written.
    private struct Place {
        var line: Int
        var column: Int
        var destination: [UInt8]
    }

    /// Each label, normalized, with the definitions of that shape in order. Found by their shape,
    /// they are checked against the link's destination: the first that writes it is the place.
    private var places: [String: [Place]] = [:]

    /// The definitions of `source`, found by their shape (`[label]:` after spaces and the `>` of
    /// block quotes or the marker of a list item) on lines outside `literal` (code and HTML
    /// blocks, whose text is no definition); cmark has dropped them from the tree by the time
    /// links are seen.
    init(_ source: SourceText, outside literal: [ClosedRange<Int>]) {
        var line = 1
        while let range = source.lineRange(line) {
            defer { line += 1 }
            guard !literal.contains(where: { $0.contains(line) }),
                let (label, destination) = Self.definition(
                    in: source.bytes, from: Self.contentStart(source.bytes, range), to: range.upperBound)
            else { continue }
            let place: (Int, Int)? =
                destination.map { (line, $0 - range.lowerBound + 1) } ?? Self.nextLineStart(source, after: line)
            guard let (at, column) = place,
                let written = source.lineRange(at).map({ range in
                    Self.destinationText(source.bytes, from: range.lowerBound + column - 1, to: range.upperBound)
                })
            else { continue }
            places[label, default: []].append(Place(line: at, column: column, destination: written))
        }
    }

    /// Whether no definition was found.
    var isEmpty: Bool { places.isEmpty }

    /// The place of the destination of the reference link whose `[` (`!` for an image) is at
    /// `line:column` of `source` and whose destination is `url` (as cmark read it); `nil` for an
    /// inline link, or when no definition found here writes `url`.
    func destination(ofLinkAt line: Int, column: Int, url: String, in source: SourceText) -> (line: Int, column: Int)? {
        guard !places.isEmpty, let range = source.lineRange(line) else { return nil }
        var start = range.lowerBound + column - 1
        if start < source.bytes.count, source.bytes[start] == UInt8(ascii: "!") { start += 1 }
        guard let label = Self.referenceLabel(source.bytes, opener: start),
            let place = places[label]?.first(where: { $0.destination.elementsEqual(url.utf8) })
        else { return nil }
        return (place.line, place.column)
    }

    /// The normalized label of the link whose text opens at `opener`, when it is a reference link.
    private static func referenceLabel(_ bytes: [UInt8], opener: Int) -> String? {
        guard opener < bytes.count, bytes[opener] == UInt8(ascii: "["), let close = closingBracket(bytes, after: opener)
        else { return nil }
        let next = close + 1
        if next < bytes.count, bytes[next] == UInt8(ascii: "(") { return nil }
        if next < bytes.count, bytes[next] == UInt8(ascii: "["), let end = closingBracket(bytes, after: next), end > next + 1 {
            return normalized(bytes[next + 1..<end])
        }
        return normalized(bytes[opener + 1..<close])
    }

    /// The `]` matching the `[` at `opener`, skipping escapes, nested brackets and code spans; `nil`
    /// past a blank line or 4,000 bytes (no link text is that long).
    private static func closingBracket(_ bytes: [UInt8], after opener: Int) -> Int? {
        var depth = 0
        var index = opener + 1
        let end = min(bytes.count, opener + 4_000)
        while index < end {
            switch bytes[index] {
            case UInt8(ascii: "\\"): index += 1
            case UInt8(ascii: "["): depth += 1
            case UInt8(ascii: "]"):
                if depth == 0 { return index }
                depth -= 1
            case UInt8(ascii: "`"):
                var run = 0
                while index + run < end, bytes[index + run] == UInt8(ascii: "`") { run += 1 }
                var search = index + run
                while search < end {
                    if bytes[search] == UInt8(ascii: "`") {
                        var closing = 0
                        while search + closing < end, bytes[search + closing] == UInt8(ascii: "`") { closing += 1 }
                        if closing == run { break }
                        search += closing
                    } else {
                        search += 1
                    }
                }
                index = search < end ? search + run - 1 : index + run - 1
            case UInt8(ascii: "\n"):
                if index + 1 < end, bytes[index + 1] == UInt8(ascii: "\n") { return nil }
            default: break
            }
            index += 1
        }
        return nil
    }

    /// Where a line's text starts after its indentation, block-quote markers and list-item markers.
    private static func contentStart(_ bytes: [UInt8], _ range: Range<Int>) -> Int {
        var index = range.lowerBound
        while index < range.upperBound {
            let byte = bytes[index]
            if byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: ">") {
                index += 1
            } else if byte == UInt8(ascii: "-") || byte == UInt8(ascii: "*") || byte == UInt8(ascii: "+"),
                index + 1 < range.upperBound, bytes[index + 1] == UInt8(ascii: " ")
            {
                index += 2
            } else if (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) {
                var end = index
                while end < range.upperBound, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[end]) { end += 1 }
                guard end + 1 < range.upperBound, bytes[end] == UInt8(ascii: ".") || bytes[end] == UInt8(ascii: ")"),
                    bytes[end + 1] == UInt8(ascii: " ")
                else { break }
                index = end + 2
            } else {
                break
            }
        }
        return index
    }

    /// The label and the destination's byte offset (`nil` when it is on the next line) of a
    /// definition whose `[` is at `start`.
    private static func definition(in bytes: [UInt8], from start: Int, to end: Int) -> (String, Int?)? {
        guard start < end, bytes[start] == UInt8(ascii: "[") else { return nil }
        var close = start + 1
        while close < end, bytes[close] != UInt8(ascii: "]") {
            close += bytes[close] == UInt8(ascii: "\\") ? 2 : 1
        }
        guard close > start + 1, close + 1 < end, bytes[close + 1] == UInt8(ascii: ":") else { return nil }
        var destination = close + 2
        while destination < end, bytes[destination] == UInt8(ascii: " ") || bytes[destination] == UInt8(ascii: "\t") {
            destination += 1
        }
        return (normalized(bytes[start + 1..<close]), destination < end ? destination : nil)
    }

    /// A destination as written at `start`: up to the `>` of `<…>` (without the brackets), else up to
    /// white space.
    private static func destinationText(_ bytes: [UInt8], from start: Int, to end: Int) -> [UInt8] {
        guard start < end else { return [] }
        if bytes[start] == UInt8(ascii: "<") {
            let close = bytes[(start + 1)..<end].firstIndex(of: UInt8(ascii: ">")) ?? end
            return Array(bytes[(start + 1)..<close])
        }
        let stop = bytes[start..<end].firstIndex { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") } ?? end
        return Array(bytes[start..<stop])
    }

    /// Where the text of the line after `line` starts, past its indentation and block-quote markers.
    private static func nextLineStart(_ source: SourceText, after line: Int) -> (line: Int, column: Int)? {
        guard let range = source.lineRange(line + 1) else { return nil }
        var index = range.lowerBound
        while index < range.upperBound,
            source.bytes[index] == UInt8(ascii: " ") || source.bytes[index] == UInt8(ascii: "\t")
                || source.bytes[index] == UInt8(ascii: ">")
        {
            index += 1
        }
        return index < range.upperBound ? (line + 1, index - range.lowerBound + 1) : nil
    }

    /// A label as cmark matches it: case folded, runs of white space as one space, trimmed.
    private static func normalized(_ label: ArraySlice<UInt8>) -> String {
        String(decoding: label, as: UTF8.self).lowercased()
            .split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" })
            .joined(separator: " ")
    }
}
