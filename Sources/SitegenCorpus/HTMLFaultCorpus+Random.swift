extension HTMLFaultCorpus {
    /// SplitMix64: small, fast and the same on every platform, so a seed always gives the same tree.
    struct Random {
        private var state: UInt64

        init(seed: UInt64) { state = seed &+ 0x9E37_79B9_7F4A_7C15 }

        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }

        /// A number in `0..<bound` (`bound` > 0).
        mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }

        /// A number in `range`.
        mutating func within(_ range: ClosedRange<Int>) -> Int { range.lowerBound + below(range.count) }
    }
}
