import SitegenCore
import Synchronization

/// The ids a page's body defines, with a fingerprint of them. A page parsed in this build has them as
/// a set; a page restored from the build cache keeps the cache's bytes and decodes them once, the
/// first time a link into the page is checked: a rebuild of one page seldom needs the ids of
/// 10,000 others, only whether any of them changed (`fingerprint`).
struct PageAnchors: Sendable {
    /// Does not depend on the order of the ids.
    let fingerprint: UInt64
    /// The ids as `ByteWriter.strings` wrote them, when the page came from the cache.
    let encoded: ArraySlice<UInt8>?
    private let decoded: DecodedIDs

    init(_ ids: Set<String>) {
        fingerprint = Fingerprint.unordered(ids)
        encoded = nil
        decoded = DecodedIDs(ids)
    }

    init(encoded: ArraySlice<UInt8>, fingerprint: UInt64) {
        self.fingerprint = fingerprint
        self.encoded = encoded
        decoded = DecodedIDs(nil)
    }

    var ids: Set<String> {
        decoded.ids.value {
            var reader = ByteReader(Array(encoded ?? []))
            return Set(reader.strings() ?? [])
        }
    }
}

/// A page's ids once made: a concrete class, as a `MadeOnce<Set<String>>` looked its generic
/// metadata up at each of 10,000 allocations a build.
private final class DecodedIDs: Sendable {
    let ids: Mutex<Set<String>?>

    init(_ ids: Set<String>?) { self.ids = Mutex(ids) }
}

extension Fingerprint {
    /// A fingerprint of a set of strings that does not depend on their order: no sorting of 10,000
    /// paths to compare two builds.
    static func unordered(_ strings: some Sequence<String>) -> UInt64 {
        var sum: UInt64 = 0
        var count = 0
        for string in strings {
            var one = Fingerprint()
            one.add(string)
            sum &+= one.value
            count += 1
        }
        var fingerprint = Fingerprint()
        fingerprint.add(count)
        fingerprint.add(Int(truncatingIfNeeded: sum))
        return fingerprint.value
    }
}
