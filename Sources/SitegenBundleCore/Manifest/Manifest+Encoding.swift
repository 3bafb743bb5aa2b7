import Foundation

extension Manifest {
    /// Deterministic bytes: keys in the documented order, resources and aliases sorted by URL,
    /// 2-space indent, `/` not escaped, non-ASCII as UTF-8, a trailing newline. Same value, same bytes.
    public func encoded() -> Data {
        Data(encodedBytes())
    }

    /// `encoded()` as bytes, written straight into one buffer.
    package func encodedBytes() -> [UInt8] {
        let resources = Self.sortedByURL(self.resources, url: \.url)
        let aliases = Self.sortedByURL(self.aliases, url: \.url)
        var capacity = 256 + format.utf8.count + generator.utf8.count + origin.utf8.count + entry.utf8.count
        // Indices, not a copy of each record (which retains all its strings).
        for index in resources.indices {
            capacity +=
                200 + resources[index].url.utf8.count + resources[index].file.utf8.count
                + resources[index].mimeType.utf8.count + resources[index].sha256.utf8.count
        }
        for index in aliases.indices { capacity += 64 + aliases[index].url.utf8.count + aliases[index].target.utf8.count }
        var out = JSONBytes(capacity: capacity)
        out.append("{\n  \"format\": ")
        out.appendString(format)
        out.append(",\n  \"version\": ")
        out.appendInteger(version)
        out.append(",\n  \"generator\": ")
        out.appendString(generator)
        out.append(",\n  \"origin\": ")
        out.appendString(origin)
        out.append(",\n  \"entry\": ")
        out.appendString(entry)
        out.append(",\n  \"resources\": ")
        out.appendObjectList(count: resources.count) { out, index in
            out.appendString(resources[index].url)
            out.append(",\n      \"file\": ")
            out.appendString(resources[index].file)
            out.append(",\n      \"mimeType\": ")
            out.appendString(resources[index].mimeType)
            if let encoding = resources[index].textEncoding {
                out.append(",\n      \"textEncoding\": ")
                out.appendString(encoding)
            }
            out.append(",\n      \"size\": ")
            out.appendInteger(resources[index].size)
            out.append(",\n      \"sha256\": ")
            out.appendString(resources[index].sha256)
        }
        out.append(",\n  \"aliases\": ")
        out.appendObjectList(count: aliases.count) { out, index in
            out.appendString(aliases[index].url)
            out.append(",\n      \"target\": ")
            out.appendString(aliases[index].target)
        }
        out.append("\n}\n")
        return out.finished()
    }
}

/// A growing buffer of JSON text, written in place: 10,000 resources are some 130,000 pieces, each
/// an `Array.append(contentsOf:)` of a hundred instructions before it copied a byte.
struct JSONBytes {
    /// `count` bytes of text, then room.
    private var storage: [UInt8]
    private var count = 0

    init(capacity: Int) { storage = [UInt8](repeating: 0, count: max(capacity, 64)) }

    /// The text so far.
    var bytes: [UInt8] { Array(storage[..<count]) }

    /// The text, without a copy.
    consuming func finished() -> [UInt8] {
        storage.removeSubrange(count...)
        return storage
    }

    @inline(__always) private mutating func put(_ source: UnsafeRawPointer, _ length: Int) {
        if count + length > storage.count { grow(by: length) }
        storage.withUnsafeMutableBytes { buffer in
            (buffer.baseAddress! + count).copyMemory(from: source, byteCount: length)
        }
        count += length
    }

    @inline(__always) private mutating func put(_ byte: UInt8) {
        if count == storage.count { grow(by: 1) }
        storage[count] = byte
        count += 1
    }

    private mutating func grow(by length: Int) {
        storage.append(contentsOf: repeatElement(0, count: max(length, storage.count)))
    }

    /// Appends `text` as it is.
    mutating func append(_ text: StaticString) {
        put(text.utf8Start, text.utf8CodeUnitCount)
    }

    /// Appends `[]`, or a list of `count` objects, each opened with `{` and its first key, `"url"`;
    /// `object` appends the URL and the rest of object number `index`.
    mutating func appendObjectList(count: Int, _ object: (inout JSONBytes, _ index: Int) -> Void) {
        guard count > 0 else { return append("[]") }
        for index in 0..<count {
            append(index == 0 ? "[\n    {\n      \"url\": " : ",\n    {\n      \"url\": ")
            object(&self, index)
            append("\n    }")
        }
        append("\n  ]")
    }

    /// Appends `value` in decimal.
    mutating func appendInteger(_ value: Int) {
        // Twenty digits and a sign hold any `Int`; written from the end.
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 24) { digits in
            var magnitude = value.magnitude
            var start = 24
            repeat {
                start -= 1
                digits[start] = UInt8(truncatingIfNeeded: magnitude % 10) + 48
                magnitude /= 10
            } while magnitude > 0
            if value < 0 {
                start -= 1
                digits[start] = 45
            }
            put(UnsafeRawPointer(digits.baseAddress! + start), 24 - start)
        }
    }

    /// Appends `string` as a JSON string: `"` and `\` escaped, `\n`, `\r`, `\t` and other control
    /// characters as escapes (`\u001f`), everything else (`/`, non-ASCII) as its UTF-8 bytes.
    mutating func appendString(_ string: String) {
        put(34)
        let copied: Void? = string.utf8.withContiguousStorageIfAvailable { source in
            if Self.needsEscapes(source) {
                appendEscaped(source)
            } else if let base = source.baseAddress {
                put(base, source.count)
            }
        }
        if copied == nil { appendEscaped(Array(string.utf8)) }
        put(34)
    }

    /// Whether `bytes` hold a `"`, a `\` or a byte below space, eight bytes a step.
    static func needsEscapes(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress else { return false }
        let raw = UnsafeRawPointer(base)
        let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
        // Nonzero exactly when some byte of `word` is zero (below `n`): the classic bit tricks.
        @inline(__always) func hasZero(_ word: UInt64) -> Bool { (word &- ones) & ~word & highs != 0 }
        @inline(__always) func hasBelowSpace(_ word: UInt64) -> Bool { (word &- ones &* 0x20) & ~word & highs != 0 }
        var offset = 0
        while offset + 8 <= bytes.count {
            let word = raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
            if hasBelowSpace(word) || hasZero(word ^ (ones &* 34)) || hasZero(word ^ (ones &* 92)) { return true }
            offset += 8
        }
        while offset < bytes.count {
            let byte = base[offset]
            if byte < 0x20 || byte == 34 || byte == 92 { return true }
            offset += 1
        }
        return false
    }

    private mutating func appendEscaped<Source: Collection<UInt8>>(_ source: Source) {
        let hex: StaticString = "0123456789abcdef"
        for byte in source {
            switch byte {
            case 34: append("\\\"")
            case 92: append("\\\\")
            case 10: append("\\n")
            case 13: append("\\r")
            case 9: append("\\t")
            case 0..<0x20:
                append("\\u00")
                put(hex.utf8Start[Int(byte >> 4)])
                put(hex.utf8Start[Int(byte & 0x0f)])
            default: put(byte)
            }
        }
    }
}
