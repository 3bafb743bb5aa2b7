import CHTMLScan
import Foundation

/// Finding a run of bytes in a buffer (`htmlscan_find`: sixteen positions a step by the run's first
/// and last bytes). The generic `firstRange(of:)` compares element by element through the
/// collection protocols, a hundred times slower on a page.
package enum ByteSearch {
    /// Where `needle` first occurs in `bytes` at or after `start`; nil when it does not.
    package static func firstOffset(of needle: [UInt8], in bytes: [UInt8], from start: Int = 0) -> Int? {
        bytes.withUnsafeBytes { haystack in firstOffset(of: needle, in: haystack, from: start) }
    }

    /// Where `needle` first occurs in `haystack` at or after `start`. (`memchr` to each candidate
    /// first byte stopped at every `n` of a page for `no-such-page.html`; glibc's `memmem` goes a
    /// byte at a time.)
    private static func firstOffset(of needle: [UInt8], in haystack: UnsafeRawBufferPointer, from start: Int) -> Int? {
        needle.withUnsafeBytes { wanted in
            let offset = max(start, 0)
            guard let base = haystack.baseAddress, let pattern = wanted.baseAddress, !wanted.isEmpty,
                haystack.count - offset >= wanted.count
            else { return nil }
            let rest = haystack.count - offset
            let hit = htmlscan_find(base + offset, rest, pattern, wanted.count)
            return hit < rest ? offset + hit : nil
        }
    }
}

extension ByteSearch {
    /// The offset of the first `byte` among `text`'s UTF-8 bytes: `memchr` on them where they lie
    /// in one piece (every native string), where `utf8.firstIndex(of:)` goes a byte at a time
    /// through the view's indices. Asked of every link of 10,000 pages, several times.
    package static func firstOffset(of byte: UInt8, in text: String) -> Int? {
        let found: Int?? = text.utf8.withContiguousStorageIfAvailable { bytes in
            guard let base = bytes.baseAddress, let hit = memchr(base, Int32(byte), bytes.count) else { return nil }
            return UnsafeRawPointer(base).distance(to: UnsafeRawPointer(hit))
        }
        return found ?? text.utf8.firstIndex(of: byte).map { text.utf8.distance(from: text.utf8.startIndex, to: $0) }
    }

    /// Whether `text`'s UTF-8 bytes hold `byte`.
    package static func contains(_ byte: UInt8, in text: String) -> Bool { firstOffset(of: byte, in: text) != nil }
}

extension ByteSearch {
    /// The index in `bytes` of the first `byte` at or after `start`: `memchr`, where
    /// `firstIndex(of:)` goes a byte at a time. Every paragraph of every page is searched so.
    package static func firstIndex(of byte: UInt8, in bytes: ArraySlice<UInt8>, from start: Int) -> Int? {
        guard start < bytes.endIndex else { return nil }
        return bytes[start...].withUnsafeBufferPointer { part in
            guard let base = part.baseAddress, let hit = memchr(base, Int32(byte), part.count) else { return nil }
            return start + UnsafeRawPointer(base).distance(to: UnsafeRawPointer(hit))
        }
    }
}

extension ByteSearch {
    /// Where the run `needle` first occurs among `text`'s UTF-8 bytes; nil when it does not.
    package static func firstOffset(of needle: [UInt8], in text: String) -> Int? {
        let found: Int?? = text.utf8.withContiguousStorageIfAvailable { bytes in
            firstOffset(of: needle, in: UnsafeRawBufferPointer(bytes), from: 0)
        }
        return found ?? firstOffset(of: needle, in: Array(text.utf8))
    }

    /// Whether `text`'s UTF-8 bytes hold the run `needle` (the empty run is everywhere).
    package static func contains(_ needle: [UInt8], in text: String) -> Bool {
        needle.isEmpty || firstOffset(of: needle, in: text) != nil
    }
}
