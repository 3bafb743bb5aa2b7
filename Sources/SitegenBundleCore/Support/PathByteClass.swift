import Foundation

/// What the checks of manifest paths and URLs, and the manifest's JSON, look for in a byte, as bits
/// of one table entry: a loop over 10,000 paths on every build then tests one loaded byte where it
/// compared each byte with half a dozen values.
enum PathByteClass {
    /// A C0 control character or DEL.
    static let control: UInt8 = 1
    /// `\`, which leaves a bundle on Windows-minded readers.
    static let backslash: UInt8 = 2
    /// `/`, which separates segments.
    static let slash: UInt8 = 4
    /// `E2`, which starts U+2028 and U+2029 (and other characters).
    static let lineSeparatorLead: UInt8 = 8
    /// Not a URL path character (`BundleOrigin.isPathByte`): percent-encoded in a URL.
    static let notPathByte: UInt8 = 16
    /// `"`, `\` or a control character below space: escaped in a JSON string.
    static let jsonEscaped: UInt8 = 32

    /// The bits of each byte.
    static let table: [UInt8] = (0...255).map { value in
        let byte = UInt8(value)
        var bits: UInt8 = 0
        if byte < 0x20 || byte == 0x7F { bits |= control }
        if byte == 92 { bits |= backslash }
        if byte == 47 { bits |= slash }
        if byte == 0xE2 { bits |= lineSeparatorLead }
        if !BundleOrigin.isPathByte(byte) { bits |= notPathByte }
        if byte < 0x20 || byte == 34 || byte == 92 { bits |= jsonEscaped }
        return bits
    }

    /// Whether any byte of `bytes` has one of `bits`.
    @inline(__always) static func any(_ bits: UInt8, in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        union(of: bytes) & bits != 0
    }

    /// The bits of every byte of `bytes` together.
    static func union(of bytes: UnsafeBufferPointer<UInt8>) -> UInt8 {
        table.withUnsafeBufferPointer { table in
            // The table has an entry for every byte: no bounds check a byte.
            let classes = table.baseAddress!
            var found: UInt8 = 0
            for byte in bytes { found |= classes[Int(byte)] }
            return found
        }
    }

    /// Whether a segment of the path `bytes` (split at every `/`, the end closing the last) is
    /// `..`, and whether one is empty or `.`. Segments are found with `memchr`: a path has a few.
    static func segmentFlaws(_ bytes: UnsafeBufferPointer<UInt8>) -> (leaves: Bool, notNormalised: Bool) {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return (false, true) }
        var leaves = false, notNormalised = false
        var start = 0
        while true {
            let end =
                memchr(base + start, 47, bytes.count - start).map {
                    UnsafeRawPointer(base).distance(to: UnsafeRawPointer($0))
                } ?? bytes.count
            switch end - start {
            case 0: notNormalised = true
            case 1 where base[start] == 46: notNormalised = true
            case 2 where base[start] == 46 && base[start + 1] == 46: leaves = true
            default: break
            }
            if end == bytes.count { return (leaves, notNormalised) }
            start = end + 1
        }
    }
}
