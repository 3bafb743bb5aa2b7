/// The render output: appends template text and values to a byte buffer, indenting the lines of
/// standalone partials and reindenting blocks, and HTML-escaping values byte by byte.
struct OutputWriter {
    var bytes: [UInt8] = []
    /// Whether the next byte starts a line (only template text ends a line: values never do).
    var atLineStart = true
    /// Written before every template line (standalone partial and block indentation).
    var indent: [UInt8] = []
    /// Removed from the start of every template line (a block's indentation where it was defined).
    var strip: [UInt8] = []

    mutating func writeText(_ text: UnsafeBufferPointer<UInt8>) {
        if indent.isEmpty && strip.isEmpty {
            bytes.append(contentsOf: text)
            if let last = text.last { atLineStart = last == ASCII.newline }
            return
        }
        var index = 0
        let count = text.count
        while index < count {
            if atLineStart {
                var matched = 0
                while matched < strip.count, index < count, text[index] == strip[matched] {
                    matched += 1
                    index += 1
                }
                if index == count { break }
                bytes.append(contentsOf: indent)
                atLineStart = false
            }
            var end = index
            while end < count, text[end] != ASCII.newline { end += 1 }
            if end < count {
                end += 1
                atLineStart = true
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: text[index..<end]))
            index = end
        }
    }

    /// Starts a value on the current line, writing the indentation first when the line is new.
    private mutating func beginValue() {
        if atLineStart {
            bytes.append(contentsOf: indent)
            atLineStart = false
        }
    }

    mutating func writeRaw(_ string: String) {
        guard !string.isEmpty else { return }
        beginValue()
        bytes.append(contentsOf: string.utf8)
    }

    mutating func writeEscaped(_ string: String) {
        guard !string.isEmpty else { return }
        beginValue()
        var string = string
        string.withUTF8 { utf8 in
            var runStart = 0
            for index in 0..<utf8.count {
                let replacement: [UInt8]
                switch utf8[index] {
                case UInt8(ascii: "&"): replacement = Self.amp
                case UInt8(ascii: "<"): replacement = Self.lt
                case UInt8(ascii: ">"): replacement = Self.gt
                case UInt8(ascii: "\""): replacement = Self.quot
                case UInt8(ascii: "'"): replacement = Self.apos
                default: continue
                }
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<index]))
                bytes.append(contentsOf: replacement)
                runStart = index + 1
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<utf8.count]))
        }
    }

    private static let amp = Array("&amp;".utf8)
    private static let lt = Array("&lt;".utf8)
    private static let gt = Array("&gt;".utf8)
    private static let quot = Array("&quot;".utf8)
    private static let apos = Array("&#39;".utf8)
}
