extension MarkdownCorpus {
    /// SplitMix64: small, fast and identical on every platform, so a seed always gives the same corpus.
    struct Random: Sendable {
        private var state: UInt64

        init(seed: UInt64) { state = seed }

        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }

        /// A value in `range`; never traps on an empty range (returns its lower bound).
        mutating func int(_ range: ClosedRange<Int>) -> Int {
            let width = UInt64(range.upperBound - range.lowerBound) + 1
            return range.lowerBound + Int(next() % width)
        }

        /// `true` with probability `percent` / 100.
        mutating func chance(_ percent: Int) -> Bool { int(0...99) < percent }

        mutating func pick<T>(_ items: [T]) -> T { items[int(0...(items.count - 1))] }

        /// A random generator derived from this seed and `salt`, so that one page's text does not
        /// depend on how many numbers other pages consumed.
        static func derived(seed: UInt64, salt: UInt64) -> Random {
            var mixer = Random(seed: seed ^ (salt &* 0xD1B5_4A32_D192_ED03))
            return Random(seed: mixer.next())
        }
    }
}
