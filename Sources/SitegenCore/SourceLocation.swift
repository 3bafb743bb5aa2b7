/// A place in an input file, printed as `path:line:column` the way compilers and editors expect.
public struct SourceLocation: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The file, as the user would type it (relative to the working directory where possible).
    public var path: String
    /// 1-based line, or 0 when unknown.
    public var line: Int
    /// 1-based column, or 0 when unknown.
    public var column: Int

    /// Creates a location; `line` and `column` are 1-based, 0 meaning unknown.
    public init(path: String, line: Int = 0, column: Int = 0) {
        self.path = path
        self.line = line
        self.column = column
    }

    /// The location of the byte `offset` bytes into `bytes`, whose first line is line `firstLine`.
    /// Columns count bytes, as cmark's do.
    public init(path: String, byteOffset offset: Int, in bytes: some Collection<UInt8>, firstLine: Int = 1) {
        let (lineFeed, carriageReturn) = (UInt8(ascii: "\n"), UInt8(ascii: "\r"))
        var line = firstLine
        var column = 1
        var previous: UInt8 = 0
        var index = bytes.startIndex
        var counted = 0
        // `\r\n`, `\n` and a lone `\r` each end a line (`LineStarts`): a `\r` is known to be
        // lone at the byte after it.
        while counted < offset, index != bytes.endIndex {
            let byte = bytes[index]
            if previous == carriageReturn, byte != lineFeed {
                line += 1
                column = 1
            }
            if byte == lineFeed {
                line += 1
                column = 1
            } else {
                column += 1
            }
            previous = byte
            bytes.formIndex(after: &index)
            counted += 1
        }
        if previous == carriageReturn, index == bytes.endIndex || bytes[index] != lineFeed {
            line += 1
            column = 1
        }
        self.init(path: path, line: line, column: column)
    }

    /// The place of byte `offset` in a text whose lines are `lines`: a lookup, for the many places
    /// of one text that the walk above would make quadratic.
    package init(path: String, byteOffset offset: Int, lines: LineStarts) {
        let index = lines.lineIndex(containing: offset)
        self.init(path: path, line: index + 1, column: offset - lines.offsets[index] + 1)
    }

    public var description: String {
        guard line > 0 else { return path }
        guard column > 0 else { return "\(path):\(line)" }
        return "\(path):\(line):\(column)"
    }

    public static func < (a: SourceLocation, b: SourceLocation) -> Bool {
        (a.path, a.line, a.column) < (b.path, b.line, b.column)
    }
}
