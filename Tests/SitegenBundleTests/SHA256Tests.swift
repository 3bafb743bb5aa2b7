import Foundation
import Testing

@testable import SitegenBundle
@testable import SitegenBundleCore

@Suite struct SHA256Tests {
    @Test(arguments: [
        ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
        ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
        (
            "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
            "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"
        ),
    ])
    func knownVectors(input: String, digest: String) {
        #expect(SHA256.hex(Data(input.utf8)) == digest)
        #expect(Data(input.utf8).withUnsafeBytes { SHA256.hex($0) } == digest)
    }

    @Test func millionA() {
        let data = Data(repeating: UInt8(ascii: "a"), count: 1_000_000)
        #expect(SHA256.hex(data) == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    @Test func chunkedUpdatesMatchOneShot() {
        var generator = SplitMix(seed: 7)
        let data = Data((0..<10_000).map { _ in UInt8.random(in: 0...255, using: &generator) })
        let expected = SHA256.hex(data)
        for _ in 0..<20 {
            var hasher = SHA256()
            var offset = 0
            while offset < data.count {
                let step = Int.random(in: 0...200, using: &generator)
                let end = min(data.count, offset + step)
                hasher.update(data[offset..<end])
                offset = end
            }
            #expect(hasher.finalizeHex() == expected)
        }
    }

    @Test(arguments: [55, 56, 63, 64, 65, 119, 120])
    func paddingBoundaries(length: Int) {
        // Lengths around the 56-byte padding boundary, checked against a chunked run byte by byte.
        let data = Data(repeating: 0x61, count: length)
        var hasher = SHA256()
        for byte in data { hasher.update(Data([byte])) }
        #expect(hasher.finalizeHex() == SHA256.hex(data))
        #expect(SHA256.hex(data).count == 64)
    }
}

/// A small deterministic PRNG for reproducible test inputs.
struct SplitMix: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
