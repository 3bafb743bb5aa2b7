import SitegenCore
import Testing

@Suite struct ByteCodingTests {
    /// `width(of:)` says how many bytes `uint` writes, at every boundary of its 7-bit groups.
    @Test func widthIsWhatUIntWrites() {
        var values: [UInt64] = [0, 1, .max]
        for bits in 1...63 { values += [(1 << UInt64(bits)) - 1, 1 << UInt64(bits)] }
        for value in values {
            var writer = ByteWriter()
            writer.uint(value)
            #expect(ByteWriter.width(of: value) == writer.bytes.count, "\(value)")
        }
    }
}
