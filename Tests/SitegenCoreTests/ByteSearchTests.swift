import Testing

@testable import SitegenCore

@Suite struct ByteSearchTests {
    @Test func findsTheFirstRunAtOrAfterStart() {
        let bytes = Array("abcab cabc".utf8)
        #expect(ByteSearch.firstOffset(of: Array("abc".utf8), in: bytes) == 0)
        #expect(ByteSearch.firstOffset(of: Array("abc".utf8), in: bytes, from: 1) == 7)
        #expect(ByteSearch.firstOffset(of: Array("abc".utf8), in: bytes, from: 8) == nil)
        #expect(ByteSearch.firstOffset(of: Array("c".utf8), in: bytes, from: 9) == 9)
        #expect(ByteSearch.firstOffset(of: Array("xyz".utf8), in: bytes) == nil)
        #expect(ByteSearch.firstOffset(of: [], in: bytes) == nil)
        #expect(ByteSearch.firstOffset(of: Array("abcab cabcd".utf8), in: bytes) == nil, "longer than the buffer")
    }
}
