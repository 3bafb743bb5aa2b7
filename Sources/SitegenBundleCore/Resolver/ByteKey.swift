import Foundation

/// A `String` compared and hashed by its UTF-8 bytes, for the resolver's and the manifest's URL and
/// path keys. `String` itself compares by canonical equivalence, so `café` spelled with `é` (NFC)
/// and with `e` + U+0301 (NFD) would be one key: two files on disk, and two URLs every other
/// resolver tells apart (`Site/bundle/embedding.md`).
package struct ByteKey: Hashable, Comparable, Sendable {
    /// The key.
    package let string: String

    package init(_ string: String) { self.string = string }

    package static func == (lhs: ByteKey, rhs: ByteKey) -> Bool { URLPath.bytesEqual(lhs.string, rhs.string) }

    /// UTF-8 byte order, which is Unicode code-point order.
    package static func < (lhs: ByteKey, rhs: ByteKey) -> Bool { URLPath.bytesPrecede(lhs.string, rhs.string) }

    package func hash(into hasher: inout Hasher) { hasher.combine(_rawHashValue(seed: 0)) }

    /// What dictionaries and sets ask of a key: `PathHash` of the bytes rather than SipHash through a `Hasher`.
    package func _rawHashValue(seed: Int) -> Int {
        let hashed: Int? = string.utf8.withContiguousStorageIfAvailable {
            PathHash.of(bytes: UnsafeRawBufferPointer($0), seed: seed)
        }
        return hashed ?? Array(string.utf8).withUnsafeBytes { PathHash.of(bytes: $0, seed: seed) }
    }
}

extension URLPath {
    /// Whether `a` and `b` have the same UTF-8 bytes (`==` on `String` also accepts canonically
    /// equivalent spellings).
    @inlinable package static func bytesEqual(_ a: String, _ b: String) -> Bool {
        let equal: Bool?? = a.utf8.withContiguousStorageIfAvailable { left in
            b.utf8.withContiguousStorageIfAvailable { right in
                left.count == right.count && (left.count == 0 || memcmp(left.baseAddress!, right.baseAddress!, left.count) == 0)
            }
        }
        return (equal ?? nil) ?? a.utf8.elementsEqual(b.utf8)
    }

    /// Whether `a` comes strictly before `b` in UTF-8 byte order, which is Unicode code-point
    /// order: the order manifests are sorted in (`String`'s `<` orders canonically equivalent
    /// spellings as equal).
    @inline(__always) static func bytesPrecede(_ a: String, _ b: String) -> Bool {
        let precedes: Bool?? = a.utf8.withContiguousStorageIfAvailable { left in
            b.utf8.withContiguousStorageIfAvailable { right in
                let common = min(left.count, right.count)
                let order = common == 0 ? 0 : memcmp(left.baseAddress!, right.baseAddress!, common)
                return order != 0 ? order < 0 : left.count < right.count
            }
        }
        return (precedes ?? nil) ?? a.utf8.lexicographicallyPrecedes(b.utf8)
    }
}

extension ByteKey {
    /// `NFC`, `NFD`, or `mixed` for a name in neither normalization form: what a message says of
    /// two spellings that look alike.
    package static func normalizationForm(of text: String) -> String {
        if ByteKey(text) == ByteKey(text.precomposedStringWithCanonicalMapping) { return "NFC" }
        if ByteKey(text) == ByteKey(text.decomposedStringWithCanonicalMapping) { return "NFD" }
        return "mixed"
    }
}
