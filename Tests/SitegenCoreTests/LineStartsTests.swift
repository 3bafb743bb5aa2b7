import SitegenCore
import Testing

@Suite struct LineStartsTests {
    @Test func linesEndAtEachNewlineAndTheLastRunsToTheEnd() {
        let lines = LineStarts(Array("ab\r\n\nc".utf8))
        #expect(lines.offsets == [0, 4, 5])
        #expect(lines.count == 3)
        #expect(lines.range(ofLine: 1) == 0..<3, "the \\r stays for the caller to strip")
        #expect(lines.range(ofLine: 2) == 4..<4)
        #expect(lines.range(ofLine: 3) == 5..<6)
        #expect(lines.range(ofLine: 0) == nil)
        #expect(lines.range(ofLine: 4) == nil)
    }

    @Test func anOffsetBelongsToTheLineThatHoldsIt() {
        let lines = LineStarts(Array("ab\n\ncd\n".utf8))
        #expect((0..<7).map(lines.lineIndex(containing:)) == [0, 0, 0, 1, 2, 2, 2])
        #expect(lines.lineIndex(containing: 7) == 3)
    }

    @Test func lineAndColumnGiveAnOffsetInsideTheText() {
        let lines = LineStarts(Array("ab\ncd".utf8))
        #expect(lines.offset(line: 1, column: 1) == 0)
        #expect(lines.offset(line: 2, column: 2) == 4)
        #expect(lines.offset(line: 2, column: 3) == nil)
        #expect(lines.offset(line: 2, column: 0) == nil)
        #expect(lines.offset(line: 3, column: 1) == nil)
        #expect(LineStarts([]).offsets == [0])
    }

    /// A `\r` not followed by `\n` ends a line too, as cmark, libyaml and the HTML standard read
    /// it; the places `SourceLocation` counts agree with the table.
    @Test func aLoneCarriageReturnEndsALine() {
        let text = Array("ab\rc\r\nd\r".utf8)
        let lines = LineStarts(text)
        #expect(lines.offsets == [0, 3, 6, 8])
        #expect(lines.range(ofLine: 1) == 0..<2)
        #expect(lines.range(ofLine: 2) == 3..<5, "the \r of \r\n stays")
        #expect(lines.range(ofLine: 3) == 6..<7)
        #expect(lines.range(ofLine: 4) == 8..<8)
        for offset in text.indices {
            let counted = SourceLocation(path: "", byteOffset: offset, in: text)
            let looked = SourceLocation(path: "", byteOffset: offset, lines: lines)
            #expect("\(counted.line):\(counted.column)" == "\(looked.line):\(looked.column)", "at \(offset)")
        }
    }
}
