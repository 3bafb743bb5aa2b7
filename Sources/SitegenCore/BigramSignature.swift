/// Which pairs of adjacent bytes a word holds, hashed into 256 bits: a bound on the edit distance
/// of two words that costs a few instructions, where the dynamic programme costs a hundred steps.
/// One edit makes at most two pairs the other word lacks, so `k` edits leave at most `2k` pairs of
/// either word missing from the other; a shared bit only hides a missing pair, never invents one.
package struct BigramSignature: Sendable {
    private var bits: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)

    package init(_ word: UnsafeBufferPointer<UInt8>) {
        guard word.count > 1 else { return }
        var previous = UInt32(word[0])
        for index in 1..<word.count {
            let byte = UInt32(word[index])
            let bit = ((previous << 8 | byte) &* 2_654_435_761) >> 24
            let mask = UInt64(1) << UInt64(bit & 63)
            switch bit >> 6 {
            case 0: bits.0 |= mask
            case 1: bits.1 |= mask
            case 2: bits.2 |= mask
            default: bits.3 |= mask
            }
            previous = byte
        }
    }

    /// No edit script between the two words is shorter than this.
    package func lowerBound(to other: BigramSignature) -> Int {
        func missing(_ a: BigramSignature, from b: BigramSignature) -> Int {
            (a.bits.0 & ~b.bits.0).nonzeroBitCount + (a.bits.1 & ~b.bits.1).nonzeroBitCount
                + (a.bits.2 & ~b.bits.2).nonzeroBitCount + (a.bits.3 & ~b.bits.3).nonzeroBitCount
        }
        return (max(missing(self, from: other), missing(other, from: self)) + 1) / 2
    }
}
