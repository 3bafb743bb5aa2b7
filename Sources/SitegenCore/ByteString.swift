import SitegenBundleCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Bytes as a dictionary key: equal byte for byte, hashed with `PathHash` eight bytes a step.
/// `[UInt8]` as a key goes through SipHash a byte at a time, 1,200 instructions for a path.
package struct ByteString: Hashable, Sendable {
    package let bytes: [UInt8]

    package init(_ bytes: [UInt8]) { self.bytes = bytes }

    package static func == (a: ByteString, b: ByteString) -> Bool {
        a.bytes.count == b.bytes.count
            && a.bytes.withUnsafeBytes { left in
                b.bytes.withUnsafeBytes { right in left.isEmpty || memcmp(left.baseAddress!, right.baseAddress!, left.count) == 0
                }
            }
    }

    package func hash(into hasher: inout Hasher) { hasher.combine(_rawHashValue(seed: 0)) }

    package func _rawHashValue(seed: Int) -> Int { bytes.withUnsafeBytes { PathHash.of(bytes: $0, seed: seed) } }
}
