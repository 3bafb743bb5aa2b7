import SitegenCore

/// Where the destinations of a page's link reference definitions (`[guide]: guide/install.md`)
/// are: a reference link (`[the guide][guide]`, `[guide][]`, `[guide]`) takes its destination from
/// there, so that is the place a finding about it names, the one line to edit however many links
/// use it.
struct ReferenceDefinitions {
    /// Each label, normalized, with the line and byte column of its destination; the first
    /// definition of a label wins, as in cmark.
    private var places: [String: (line: Int, column: Int)] = [:]

    /// The definitions of `source`, found by their shape (`[label]:` after at most three spaces and
    /// any `>` of block quotes); cmark has dropped them from the tree by the time links are seen.
    init(_ source: SourceText) {
        // Most pages define no reference: one search for `]:` says so.
        guard ByteSearch.firstOffset(of: [UInt8(ascii: "]"), UInt8(ascii: ":")], in: source.bytes) != nil else { return }
        var line = 1
        while let range = source.lineRange(line) {
            if let (label, destination) = Self.definition(in: source.bytes, range), places[label] == nil {
                places[label] = destination.map { (line, $0 - range.lowerBound + 1) } ?? Self.nextLineStart(source, after: line)
            }
            line += 1
        }
    }

    /// The place of the destination of the reference link whose `[` (`!` for an image) is at
    /// `line:column` of `source`; `nil` for an inline link or one whose label has no definition
    /// found here.
    func destination(ofLinkAt line: Int, column: Int, in source: SourceText) -> (line: Int, column: Int)? {
        guard !places.isEmpty, let range = source.lineRange(line) else { return nil }
        var start = range.lowerBound + column - 1
        if start < source.bytes.count, source.bytes[start] == UInt8(ascii: "!") { start += 1 }
        guard let label = Self.referenceLabel(source.bytes, opener: start) else { return nil }
        return places[label]
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

    /// The label and the destination's byte offset (`nil` when it is on the next line) of a
    /// definition on the line at `range`.
    private static func definition(in bytes: [UInt8], _ range: Range<Int>) -> (String, Int?)? {
        var index = range.lowerBound
        var spaces = 0
        while index < range.upperBound, bytes[index] == UInt8(ascii: " ") || bytes[index] == UInt8(ascii: ">") {
            spaces = bytes[index] == UInt8(ascii: ">") ? 0 : spaces + 1
            guard spaces <= 3 else { return nil }
            index += 1
        }
        guard index < range.upperBound, bytes[index] == UInt8(ascii: "[") else { return nil }
        var close = index + 1
        while close < range.upperBound, bytes[close] != UInt8(ascii: "]") {
            close += bytes[close] == UInt8(ascii: "\\") ? 2 : 1
        }
        guard close > index + 1, close + 1 < range.upperBound, bytes[close + 1] == UInt8(ascii: ":") else { return nil }
        var destination = close + 2
        while destination < range.upperBound, bytes[destination] == UInt8(ascii: " ") || bytes[destination] == UInt8(ascii: "\t")
        {
            destination += 1
        }
        return (normalized(bytes[index + 1..<close]), destination < range.upperBound ? destination : nil)
    }

    private static func nextLineStart(_ source: SourceText, after line: Int) -> (line: Int, column: Int)? {
        guard let range = source.lineRange(line + 1) else { return nil }
        var index = range.lowerBound
        while index < range.upperBound, source.bytes[index] == UInt8(ascii: " ") || source.bytes[index] == UInt8(ascii: "\t") {
            index += 1
        }
        return (line + 1, index - range.lowerBound + 1)
    }

    /// A label as cmark matches it: case folded, runs of white space as one space, trimmed.
    private static func normalized(_ label: ArraySlice<UInt8>) -> String {
        String(decoding: label, as: UTF8.self).lowercased()
            .split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" })
            .joined(separator: " ")
    }
}
