import Testing

@testable import SitegenCore

@Suite struct SourceLocationByteOffsetTests {
    @Test func countsLinesAndByteColumns() {
        let bytes = Array("ab\nçd\nef".utf8)
        #expect(SourceLocation(path: "f", byteOffset: 0, in: bytes).description == "f:1:1")
        #expect(SourceLocation(path: "f", byteOffset: 2, in: bytes).description == "f:1:3")
        #expect(SourceLocation(path: "f", byteOffset: 3, in: bytes).description == "f:2:1")
        // 'ç' is two bytes, so 'd' is at byte column 3.
        #expect(SourceLocation(path: "f", byteOffset: 5, in: bytes).description == "f:2:3")
    }

    @Test func startsAtTheGivenLineAndStopsAtTheEnd() {
        let bytes = Array("a\nb".utf8)
        #expect(SourceLocation(path: "f", byteOffset: 2, in: bytes, firstLine: 4).description == "f:5:1")
        #expect(SourceLocation(path: "f", byteOffset: 99, in: bytes).description == "f:2:2")
    }
}
