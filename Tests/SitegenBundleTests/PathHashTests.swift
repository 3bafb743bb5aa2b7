import Testing

@testable import SitegenBundleCore

/// `PathHash` in place of SipHash for path keys: consistent with `String`'s `==`, spread well enough
/// for dictionaries, and over every byte of the path.
@Suite struct PathHashTests {
    /// Every scalar that is canonically equivalent to an ASCII character, found by `String`'s own
    /// `==` over all of Unicode, is one `PathHash` reads as that character.
    @Test func theASCIIEquivalentsAreAllOfUnicodes() {
        var asciiByHash: [Int: String] = [:]
        for byte in 0..<128 { asciiByHash[String(UnicodeScalar(UInt8(byte))).hashValue] = String(UnicodeScalar(UInt8(byte))) }
        var found: [Unicode.Scalar: UInt8] = [:]
        for value in UInt32(0x80)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let text = String(scalar)
            if let ascii = asciiByHash[text.hashValue], ascii == text { found[scalar] = ascii.utf8.first! }
        }
        #expect(found == PathHash.asciiEquivalents)
    }

    @Test(arguments: [
        ("guide/caf\u{E9}.md", "guide/cafe\u{301}.md"),
        ("units/\u{212A}elvin.md", "units/Kelvin.md"),
        ("q\u{037E}a/b`c\u{212A}.html", "q;a/b\u{1FEF}cK.html"),
        ("\u{212A}\u{E9}", "Ke\u{301}"),
    ])
    func canonicallyEquivalentPathsHashAlike(_ a: String, _ b: String) {
        #expect(a == b)
        for seed in [0, 1, -7, Int.max] {
            #expect(PathHash.of(a, seed: seed) == PathHash.of(b, seed: seed))
        }
    }

    @Test func everyByteCountsAtEveryLength() {
        for length in 1...40 {
            let base = String(repeating: "a", count: length)
            var hashes: Set<Int> = [PathHash.of(base, seed: 3)]
            for position in 0..<length {
                var bytes = Array(base.utf8)
                bytes[position] = UInt8(ascii: "b")
                hashes.insert(PathHash.of(String(decoding: bytes, as: UTF8.self), seed: 3))
            }
            #expect(hashes.count == length + 1, "length \(length)")
        }
        // A longer path is not a shorter one with bytes of zero.
        #expect(PathHash.of("ab", seed: 0) != PathHash.of("ab\0", seed: 0))
        #expect(PathHash.of("a/b", seed: 0) != PathHash.of("a/b", seed: 1))
    }

    /// Dictionaries take the low bits: 10,000 paths of a site's shape fill about as many of 16,384
    /// buckets as random numbers would (about 7,500).
    @Test func lowBitsSpreadAsRandomOnes() {
        var buckets = Set<Int>()
        for folder in 0..<100 {
            for page in 0..<100 {
                buckets.insert(PathHash.of("guide/section-\(folder)/page-\(page).html", seed: 12345) & 0x3FFF)
            }
        }
        #expect(buckets.count > 7_200)
    }

    @Test func byteKeysOfOtherBytesAreOtherKeys() {
        let nfc = "caf\u{E9}.html", nfd = "cafe\u{301}.html"
        var table: [ByteKey: Int] = [ByteKey(nfc): 1, ByteKey(nfd): 2]
        table[ByteKey(String(decoding: Array(nfc.utf8), as: UTF8.self))] = 3
        #expect(table == [ByteKey(nfc): 3, ByteKey(nfd): 2])
    }
}
