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
}
