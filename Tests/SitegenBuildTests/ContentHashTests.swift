import SitegenBundle
import Testing

@testable import SitegenBuild

@Suite struct ContentHashTests {
    @Test func knownDigests() {
        #expect(ContentHash.hex([]) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(ContentHash.hex(Array("abc".utf8)) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(
            ContentHash.hex(Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8))
                == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
    }

    /// Every length around the block and padding boundaries, and some long inputs, against the
    /// bundle's portable implementation.
    @Test func agreesWithThePortableImplementation() {
        print("ContentHash uses the CPU's SHA instructions: \(ContentHash.usesCPUInstructions)")
        var state: UInt64 = 1
        func byte() -> UInt8 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return UInt8(truncatingIfNeeded: state >> 56)
        }
        for length in Array(0...200) + [1000, 4095, 4096, 65_537, 1 << 20] {
            let bytes = (0..<length).map { _ in byte() }
            #expect(ContentHash.hex(bytes) == SHA256.hex(bytes), "length \(length)")
        }
    }
}
