import CFingerprint
import Testing

@testable import SitegenCore

/// The C block step of the cache's checksum makes the sums its header describes, whichever of its
/// two ways (SSE2 or one lane at a time) it was built with.
@Suite struct FingerprintBlocksTests {
    @Test func blocksAddWhatTheHeaderDescribes() {
        let keys: [UInt64] = [0x9E37_79B9_7F4A_7C15, 0xC2B2_AE3D_27D4_EB4F, 0x1656_67B1_9E37_79F9, 0xD6E8_FEB8_6659_FD93]
        var generator = SystemRandomNumberGenerator()
        for blocks in [0, 1, 2, 7, 64] {
            let bytes = (0..<blocks * 32).map { _ in UInt8.random(in: 0...255, using: &generator) }
            var expected: [UInt64] = (0..<4).map { _ in UInt64.random(in: 0...UInt64.max, using: &generator) }
            var lanes = expected
            for block in 0..<blocks {
                for lane in 0..<4 {
                    var word: UInt64 = 0
                    for byte in (0..<8).reversed() { word = word << 8 | UInt64(bytes[block * 32 + lane * 8 + byte]) }
                    let mixed = word ^ keys[lane]
                    expected[lane] &+= (mixed & 0xFFFF_FFFF) &* (mixed >> 32)
                    expected[lane ^ 1] &+= word
                }
            }
            bytes.withUnsafeBufferPointer { bytes in
                lanes.withUnsafeMutableBufferPointer { sitegen_fingerprint_blocks($0.baseAddress, bytes.baseAddress, blocks) }
            }
            #expect(lanes == expected, "\(blocks) blocks")
        }
    }

    /// A fingerprint of a buffer long enough for the blocks (whole blocks, then words, then bytes)
    /// changes with any one byte and with the length, and is the same for the same bytes.
    @Test func aLongBufferFingerprintSeesEveryByte() {
        var generator = SystemRandomNumberGenerator()
        let count = Fingerprint.blockThreshold + 45
        let bytes = (0..<count).map { _ in UInt8.random(in: 0...255, using: &generator) }
        let whole = Fingerprint.of(bytes)
        #expect(Fingerprint.of(Array(bytes)) == whole)
        #expect(Fingerprint.of(bytes.dropLast()) != whole)
        for index in [0, 8, 31, 32, 500, count - 46, count - 45, count - 13, count - 6, count - 1] {
            var damaged = bytes
            damaged[index] ^= 0x40
            #expect(Fingerprint.of(damaged) != whole, "byte \(index)")
        }
    }
}
