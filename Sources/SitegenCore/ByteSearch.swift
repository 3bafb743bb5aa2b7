import Foundation

/// Finding a run of bytes in a buffer: `memchr` to each candidate first byte, `memcmp` for the
/// rest. The generic `firstRange(of:)` compares element by element through the collection
/// protocols, a hundred times slower on a page.
package enum ByteSearch {
    /// Where `needle` first occurs in `bytes` at or after `start`; nil when it does not.
    package static func firstOffset(of needle: [UInt8], in bytes: [UInt8], from start: Int = 0) -> Int? {
        bytes.withUnsafeBytes { haystack in
            needle.withUnsafeBytes { wanted in
                guard let base = haystack.baseAddress, let pattern = wanted.baseAddress, let first = needle.first else {
                    return nil
                }
                var offset = max(start, 0)
                while haystack.count - offset >= wanted.count,
                    let hit = memchr(base + offset, Int32(first), haystack.count - offset - wanted.count + 1)
                {
                    let at = base.distance(to: UnsafeRawPointer(hit))
                    if memcmp(base + at, pattern, wanted.count) == 0 { return at }
                    offset = at + 1
                }
                return nil
            }
        }
    }
}
