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
        #expect(ByteSearch.firstOffset(of: Array("abc".utf8), in: bytes, from: 40) == nil, "from past the end")
        #expect(ByteSearch.firstOffset(of: Array("abc".utf8), in: bytes, from: -3) == 0)
    }

    /// Every needle of up to four bytes over a small alphabet, from every start, is found where a
    /// search one offset at a time finds it: in steps of sixteen positions and in the rest after.
    @Test func findsWhatASearchAtEveryOffsetFinds() {
        let bytes = Array("abaabbab aaab babbbaab a abab aabaxbbb ab bbaa".utf8)
        let alphabet = Array("ab x".utf8)
        var needles: [[UInt8]] = [[]]
        for _ in 0..<4 { needles = Array(Set(needles + needles.flatMap { needle in alphabet.map { needle + [$0] } })) }
        for needle in Set(needles) where !needle.isEmpty {
            for start in 0...bytes.count + 1 {
                let expected = (start..<max(start, bytes.count - needle.count + 1)).first { offset in
                    Array(bytes[offset..<offset + needle.count]) == needle
                }
                #expect(ByteSearch.firstOffset(of: needle, in: bytes, from: start) == expected, "\(needle) from \(start)")
            }
        }
    }

    /// A byte of a string is found where `utf8.firstIndex(of:)` finds it, in short (inline) and long
    /// strings, after other than ASCII, and not at all in the empty string.
    @Test func findsAByteOfAString() {
        let texts = ["", "#", "a#b#c", "café#x", "x\u{0}y", String(repeating: "long/", count: 20) + "#end", "no hash here"]
        for text in texts {
            for byte in [UInt8(ascii: "#"), 0, UInt8(ascii: "/"), 0xA9] {
                let expected = text.utf8.firstIndex(of: byte).map { text.utf8.distance(from: text.utf8.startIndex, to: $0) }
                #expect(ByteSearch.firstOffset(of: byte, in: text) == expected, "\(byte) in \(text.debugDescription)")
                #expect(ByteSearch.contains(byte, in: text) == (expected != nil))
            }
        }
        #expect(ByteSearch.firstOffset(of: UInt8(ascii: "#"), in: "café#x") == 5)
        let slashes = Array("//".utf8)
        for (text, expected) in [("a//b", true), ("a/b/", false), ("//", true), ("/", false), ("", false), ("é/ü//", true)] {
            #expect(ByteSearch.contains(slashes, in: text) == expected, "\(text)")
        }
        #expect(ByteSearch.contains([], in: "x"))
    }

    /// In a slice, indices are the array's, and the search starts where it is told.
    @Test func findsAByteInASliceFromAnIndex() {
        let bytes = Array("a)b){c)".utf8)
        let slice = bytes[2..<6]
        for start in 0...8 {
            let expected = start < slice.endIndex ? slice[max(start, slice.startIndex)...].firstIndex(of: UInt8(ascii: ")")) : nil
            #expect(
                ByteSearch.firstIndex(of: UInt8(ascii: ")"), in: slice, from: max(start, slice.startIndex)) == expected,
                "from \(start)")
        }
        #expect(ByteSearch.firstIndex(of: UInt8(ascii: ")"), in: slice, from: 2) == 3)
        #expect(ByteSearch.firstIndex(of: UInt8(ascii: ")"), in: slice, from: 5) == nil, "the ')' at 6 is past the slice")
        #expect(ByteSearch.firstIndex(of: UInt8(ascii: "a"), in: bytes[0..<0], from: 0) == nil)
    }
}
