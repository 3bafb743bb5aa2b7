/// A hash of a path for the dictionaries and sets a build keys by path: eight bytes a step, each
/// folded in by one 64 × 64-bit multiply (as wyhash does). A rebuild of 10,000 pages looks paths
/// up about 150,000 times, and `String`'s SipHash took a tenth of its instructions.
///
/// Not for keys an attacker chooses: the paths are the site's own.
package enum PathHash {
    /// The hash of `string`, consistent with `String`'s `==`, which compares by canonical
    /// equivalence: a path that is ASCII once the three characters canonically equivalent to an
    /// ASCII one (KELVIN SIGN, GREEK QUESTION MARK, GREEK VARIA) are read as that one is hashed
    /// by its bytes; any other path with bytes above ASCII by `String`'s own hash.
    package static func of(_ string: String, seed: Int) -> Int {
        let hashed: Int?? = string.utf8.withContiguousStorageIfAvailable { bytes in
            let (hash, isASCII) = hashAndCheck(UnsafeRawBufferPointer(bytes), seed: seed)
            return isASCII ? hash : nil
        }
        if let hashed = hashed ?? nil { return hashed }
        if let ascii = asciiEquivalent(of: string) {
            return ascii.withUnsafeBytes { of(bytes: $0, seed: seed) }
        }
        let hash = UInt64(UInt(bitPattern: string.hashValue))
        return Int(bitPattern: UInt(truncatingIfNeeded: fold(hash, UInt64(UInt(bitPattern: seed)) ^ secondKey)))
    }

    /// The hash of `bytes` with `seed`.
    package static func of(bytes: UnsafeRawBufferPointer, seed: Int) -> Int { hashAndCheck(bytes, seed: seed).hash }

    /// The hash of `bytes`, and whether they are all ASCII: one pass.
    @inline(__always) private static func hashAndCheck(_ bytes: UnsafeRawBufferPointer, seed: Int) -> (
        hash: Int, isASCII: Bool
    ) {
        let count = bytes.count
        var state = UInt64(UInt(bitPattern: seed)) ^ firstKey ^ UInt64(count)
        var seen: UInt64 = 0
        var tail: UInt64 = 0
        if let base = bytes.baseAddress {
            var offset = 0
            while offset + 8 <= count {
                let word = base.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
                seen |= word
                state = fold(state ^ word, secondKey)
                offset += 8
            }
            let left = count - offset
            if left > 0, count >= 8 {
                // The last eight bytes, of which the first `8 - left` were folded in already.
                tail = base.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self).littleEndian >> UInt64(64 - 8 * left)
            } else {
                var shift: UInt64 = 0
                while offset < count {
                    tail |= UInt64(base.load(fromByteOffset: offset, as: UInt8.self)) << shift
                    shift += 8
                    offset += 1
                }
            }
        }
        seen |= tail
        state = fold(state ^ tail, thirdKey)
        return (Int(bitPattern: UInt(truncatingIfNeeded: fold(state, firstKey ^ secondKey))), seen & 0x8080_8080_8080_8080 == 0)
    }

    private static let firstKey: UInt64 = 0xa076_1d64_78bd_642f
    private static let secondKey: UInt64 = 0xe703_7ed1_a0b4_28db
    private static let thirdKey: UInt64 = 0x8ebc_6af0_9c88_c6e3

    /// The high and low halves of the 128-bit product, exclusive-ored.
    @inline(__always) private static func fold(_ a: UInt64, _ b: UInt64) -> UInt64 {
        let product = a.multipliedFullWidth(by: b)
        return product.high ^ product.low
    }

    /// The scalars (all of Unicode's, checked by a test) whose canonical equivalent is ASCII.
    package static let asciiEquivalents: [Unicode.Scalar: UInt8] = [
        "\u{212A}": UInt8(ascii: "K"), "\u{037E}": UInt8(ascii: ";"), "\u{1FEF}": UInt8(ascii: "`"),
    ]

    /// `text`'s bytes with the scalars of `asciiEquivalents` as their ASCII equivalents, when that
    /// leaves only ASCII; nil otherwise.
    private static func asciiEquivalent(of text: String) -> [UInt8]? {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            if scalar.isASCII {
                bytes.append(UInt8(scalar.value))
            } else if let ascii = asciiEquivalents[scalar] {
                bytes.append(ascii)
            } else {
                return nil
            }
        }
        return bytes
    }
}
