import CFingerprint

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A number as 8 little-endian bytes: for file headers read before the varints that follow them.
package enum FixedWidth {
    package static func bytes(of value: UInt64) -> [UInt8] {
        var bytes: [UInt8] = []
        append(value, to: &bytes)
        return bytes
    }

    /// Appends `value`'s 8 bytes to `bytes`.
    package static func append(_ value: UInt64, to bytes: inout [UInt8]) {
        withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
    }

    /// The number in the 8 bytes at `offset` of `bytes`.
    package static func number(_ bytes: [UInt8], at offset: Int) -> UInt64 {
        precondition(offset >= 0 && offset + 8 <= bytes.count, "8 bytes past the end")
        return UInt64(littleEndian: bytes.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: offset, as: UInt64.self) })
    }
}

/// Appends integers and strings to a byte buffer: the incremental cache's format, fast to write and
/// read for 10,000 pages (JSON would take longer to decode than the rebuild it saves).
package struct ByteWriter {
    package init() {}
    package var bytes: [UInt8] = []

    package mutating func int(_ value: Int) { uint(UInt64(bitPattern: Int64(value))) }

    /// A value as 8 little-endian bytes: for fingerprints and times, which are as long as that
    /// anyway, where a varint took ten bytes and a loop of ten steps to read.
    package mutating func fixed(_ value: UInt64) { FixedWidth.append(value, to: &bytes) }

    package mutating func uint(_ value: UInt64) {
        var rest = value
        while rest >= 0x80 {
            bytes.append(UInt8(rest & 0x7F) | 0x80)
            rest >>= 7
        }
        bytes.append(UInt8(rest))
    }

    /// How many bytes `uint(value)` writes.
    package static func width(of value: UInt64) -> Int {
        var width = 1
        while value >> (7 * UInt64(width)) != 0 && width < 10 { width += 1 }
        return width
    }

    package mutating func bool(_ value: Bool) { bytes.append(value ? 1 : 0) }

    package mutating func string(_ value: String) {
        int(value.utf8.count)
        bytes.append(contentsOf: value.utf8)
    }

    package mutating func optionalString(_ value: String?) {
        bool(value != nil)
        if let value { string(value) }
    }

    package mutating func strings(_ values: [String]) {
        int(values.count)
        for value in values { string(value) }
    }
}

/// Reads what `ByteWriter` wrote; any inconsistency makes the whole cache invalid (`nil`), never a
/// crash.
package struct ByteReader {
    private let bytes: [UInt8]
    private var offset: Int
    private let end: Int

    package init(_ bytes: [UInt8]) { self.init(bytes, range: 0..<bytes.count) }

    /// Reads only `range` of `bytes`, which is shared, not copied.
    package init(_ bytes: [UInt8], range: Range<Int>) {
        self.bytes = bytes
        offset = max(0, min(range.lowerBound, bytes.count))
        end = max(offset, min(range.upperBound, bytes.count))
    }

    package var isAtEnd: Bool { offset == end }

    /// The whole buffer read from (shared, not copied), for readers of other ranges of it.
    package var buffer: [UInt8] { bytes }

    /// Where the next read starts, as an index into the whole buffer.
    package var position: Int { offset }

    /// The bytes read since `start` (a `position`), sharing the buffer.
    package func bytes(since start: Int) -> ArraySlice<UInt8> { bytes[start..<offset] }

    /// Skips `count` bytes; `false` when fewer are left.
    package mutating func skip(_ count: Int) -> Bool {
        guard count >= 0, count <= end - offset else { return false }
        offset += count
        return true
    }

    package mutating func uint() -> UInt64? {
        // Lengths and counts, most of what is read, take one byte.
        if offset < end, bytes[offset] < 0x80 {
            offset += 1
            return UInt64(bytes[offset - 1])
        }
        var value: UInt64 = 0
        var shift: UInt64 = 0
        while offset < end, shift < 64 {
            let byte = bytes[offset]
            offset += 1
            value |= UInt64(byte & 0x7F) << shift
            if byte < 0x80 { return value }
            shift += 7
        }
        return nil
    }

    package mutating func int() -> Int? { uint().map { Int(Int64(bitPattern: $0)) } }

    /// What `ByteWriter.fixed` wrote.
    package mutating func fixed() -> UInt64? {
        guard end - offset >= 8 else { return nil }
        defer { offset += 8 }
        return FixedWidth.number(bytes, at: offset)
    }

    package mutating func count() -> Int? {
        guard let value = int(), value >= 0, value <= end - offset + 1_000_000 else { return nil }
        return value
    }

    package mutating func bool() -> Bool? {
        guard offset < end, bytes[offset] <= 1 else { return nil }
        defer { offset += 1 }
        return bytes[offset] == 1
    }

    /// Where the bytes of a length-prefixed run (raw bytes, a string) lie in the buffer, skipped over.
    package mutating func lengthPrefixed() -> Range<Int>? {
        guard let length = int(), length >= 0, length <= end - offset else { return nil }
        defer { offset += length }
        return offset..<offset + length
    }

    /// A length-prefixed run of raw bytes.
    package mutating func rawBytes() -> [UInt8]? { lengthPrefixed().map { Array(bytes[$0]) } }

    /// A length-prefixed run of raw bytes, sharing the reader's buffer instead of copying it.
    package mutating func rawSlice() -> ArraySlice<UInt8>? { lengthPrefixed().map { bytes[$0] } }

    package mutating func string() -> String? {
        guard let range = lengthPrefixed() else { return nil }
        // Through a pointer: a slice of the buffer would retain it, and both cores read one buffer.
        return bytes.withUnsafeBufferPointer { String(decoding: UnsafeBufferPointer(rebasing: $0[range]), as: UTF8.self) }
    }

    /// Whether the bytes at `range` of the buffer (a `lengthPrefixed()` run) are `text`'s,
    /// compared without making a string.
    package func bytes(in range: Range<Int>, equal text: String) -> Bool {
        bytes.withUnsafeBufferPointer { buffer in
            let stored = UnsafeBufferPointer(rebasing: buffer[range])
            // `memcmp`: `elementsEqual` on two buffers goes a byte a step, 25 instructions each.
            return text.utf8.withContiguousStorageIfAvailable { own in
                own.count == stored.count && (own.isEmpty || memcmp(own.baseAddress!, stored.baseAddress!, own.count) == 0)
            } ?? text.utf8.elementsEqual(stored)
        }
    }

    package mutating func optionalString() -> String?? {
        guard let present = bool() else { return nil }
        return present ? string().map { .some($0) } : .some(nil)
    }

    /// Skips what `strings()` would read; `false` when it is damaged.
    package mutating func skipStrings() -> Bool {
        guard let count = count() else { return false }
        for _ in 0..<count {
            guard let length = int(), skip(length) else { return false }
        }
        return true
    }

    package mutating func strings() -> [String]? {
        guard let count = count() else { return nil }
        var out: [String] = []
        out.reserveCapacity(count)
        for _ in 0..<count {
            guard let value = string() else { return nil }
            out.append(value)
        }
        return out
    }
}

/// A checksum of a stream of pieces, with one value whatever sizes the pieces have: for a file
/// written in some pieces and read in others. Each 32 bytes are added to four lanes by
/// `sitegen_fingerprint_blocks` (C, two lanes a step with SSE2: a cache file of 7 MB is read and
/// written at every build), a tail and the length mixed in at the end. Catches damage, not forgery.
package struct StreamFingerprint {
    private var lanes = (
        Fingerprint.offsetBasis, Fingerprint.offsetBasis ^ 1, Fingerprint.offsetBasis ^ 2, Fingerprint.offsetBasis ^ 3
    )
    /// The bytes of a block begun by one piece, for the next to end.
    private var carry: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
    private var carried = 0
    private var count = 0

    package init() {}

    package mutating func add(_ buffer: UnsafeRawBufferPointer) {
        guard let base = buffer.baseAddress else { return }
        count += buffer.count
        var offset = 0
        if carried > 0 {
            let taken = min(32 - carried, buffer.count)
            withUnsafeMutableBytes(of: &carry) { $0.baseAddress!.advanced(by: carried).copyMemory(from: base, byteCount: taken) }
            carried += taken
            offset = taken
            guard carried == 32 else { return }
            var block = carry
            withUnsafeBytes(of: &block) { sumBlocks(into: &lanes, $0.baseAddress!, count: 1) }
            carried = 0
        }
        let blocks = (buffer.count - offset) / 32
        if blocks > 0 {
            sumBlocks(into: &lanes, base + offset, count: blocks)
            offset += blocks * 32
        }
        if offset < buffer.count {
            carry = (0, 0, 0, 0)
            carried = buffer.count - offset
            let rest = carried
            withUnsafeMutableBytes(of: &carry) { $0.baseAddress!.copyMemory(from: base + offset, byteCount: rest) }
        }
    }

    package mutating func add(_ bytes: some Collection<UInt8>) {
        let done: Void? = bytes.withContiguousStorageIfAvailable { add(UnsafeRawBufferPointer($0)) }
        if done == nil { Array(bytes).withUnsafeBytes { add($0) } }
    }

    /// The fingerprint of every byte added so far, as eight little-endian bytes.
    package var bytes: [UInt8] {
        var final = lanes.0
        for lane in [lanes.1, lanes.2, lanes.3] { final = Fingerprint.mixing(final, word: lane) }
        var tail = carry
        withUnsafeBytes(of: &tail) { tail in
            for index in 0..<carried { final = Fingerprint.mixing(final, byte: UInt64(tail[index])) }
        }
        final = Fingerprint.mixing(final, word: UInt64(count))
        return withUnsafeBytes(of: final.littleEndian) { Array($0) }
    }
}

/// Adds `count` blocks of 32 bytes at `start` to four lanes (`sitegen_fingerprint_blocks`).
private func sumBlocks(into lanes: inout (UInt64, UInt64, UInt64, UInt64), _ start: UnsafeRawPointer, count: Int) {
    withUnsafeMutableBytes(of: &lanes) { lanes in
        sitegen_fingerprint_blocks(
            lanes.baseAddress!.assumingMemoryBound(to: UInt64.self), start.assumingMemoryBound(to: UInt8.self), count)
    }
}

/// A fast 64-bit content fingerprint for change detection (FNV-1a for numbers and short tails,
/// eight bytes a step for longer runs); not for security: the manifest's SHA-256 is what apps verify.
package struct Fingerprint {
    package init() {}
    package private(set) var value = Fingerprint.offsetBasis

    /// FNV-1a's start.
    static let offsetBasis: UInt64 = 0xcbf2_9ce4_8422_2325

    /// One byte (or a byte's worth of a wider value) mixed in, FNV-1a.
    @inline(__always) static func mixing(_ hash: UInt64, byte: UInt64) -> UInt64 { (hash ^ byte) &* 0x0000_0100_0000_01B3 }

    /// Eight bytes mixed in: a multiply and a shift.
    @inline(__always) static func mixing(_ hash: UInt64, word: UInt64) -> UInt64 {
        let mixed = (hash ^ word) &* 0x9E37_79B9_7F4A_7C15
        return mixed ^ (mixed >> 32)
    }

    package mutating func add(_ bytes: some Sequence<UInt8>) {
        let done: Void? = bytes.withContiguousStorageIfAvailable { add(UnsafeRawBufferPointer($0)) }
        if done != nil { return }
        for byte in bytes { value = Self.mixing(value, byte: UInt64(byte)) }
    }

    /// Eight bytes a step (a multiply and a shift each), then the tail byte by byte, for hashing
    /// whole files and manifests. From `blockThreshold` bytes, whole 32-byte blocks go through the
    /// cache checksum's four lanes first (`sitegen_fingerprint_blocks`), which are then mixed in: a
    /// 3 MB manifest took a chain of 400,000 multiplies, each waiting for the one before.
    package mutating func add(_ buffer: UnsafeRawBufferPointer) {
        var hash = value
        var offset = 0
        let count = buffer.count
        if count >= Self.blockThreshold, let base = buffer.baseAddress {
            var lanes = (hash, hash ^ 1, hash ^ 2, hash ^ 3)
            let blocks = count / 32
            sumBlocks(into: &lanes, base, count: blocks)
            for lane in [lanes.0, lanes.1, lanes.2, lanes.3] { hash = Self.mixing(hash, word: lane) }
            offset = blocks * 32
        }
        while offset + 8 <= count {
            hash = Self.mixing(hash, word: UInt64(littleEndian: buffer.loadUnaligned(fromByteOffset: offset, as: UInt64.self)))
            offset += 8
        }
        while offset < count {
            hash = Self.mixing(hash, byte: UInt64(buffer[offset]))
            offset += 1
        }
        value = hash ^ UInt64(count)
    }

    package mutating func add(_ text: String) {
        var text = text
        text.withUTF8 { add(UnsafeRawBufferPointer($0)) }
        add(CollectionOfOne(0xFF))
    }

    /// Mixes in the number's eight bytes (no text formatting on the way).
    package mutating func add(_ number: Int) {
        var hash = value
        var rest = UInt64(bitPattern: Int64(number))
        for _ in 0..<8 {
            hash = Self.mixing(hash, byte: rest & 0xFF)
            rest >>= 8
        }
        value = hash ^ 0xFE
    }

    /// From how many bytes `add(_:)` sums blocks in lanes before mixing.
    static let blockThreshold = 1024

    package static func of(_ bytes: some Sequence<UInt8>) -> UInt64 {
        var fingerprint = Fingerprint()
        fingerprint.add(bytes)
        return fingerprint.value
    }
}
