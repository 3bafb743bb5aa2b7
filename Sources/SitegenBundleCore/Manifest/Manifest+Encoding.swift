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
        return out.bytes
    }
}

/// A growing buffer of JSON text.
struct JSONBytes {
    private(set) var bytes: [UInt8] = []

    init(capacity: Int) { bytes.reserveCapacity(capacity) }

    /// Appends `text` as it is.
    mutating func append(_ text: StaticString) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
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
        bytes.append(contentsOf: String(value).utf8)
    }

    /// Appends `string` as a JSON string: `"` and `\` escaped, `\n`, `\r`, `\t` and other control
    /// characters as escapes (`\u001f`), everything else (`/`, non-ASCII) as its UTF-8 bytes.
    mutating func appendString(_ string: String) {
        bytes.append(34)
        let copied: Void? = string.utf8.withContiguousStorageIfAvailable { source in
            if PathByteClass.any(PathByteClass.jsonEscaped, in: source) {
                appendEscaped(source)
            } else {
                bytes.append(contentsOf: source)
            }
        }
        if copied == nil { appendEscaped(Array(string.utf8)) }
        bytes.append(34)
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
                bytes.append(hex.utf8Start[Int(byte >> 4)])
                bytes.append(hex.utf8Start[Int(byte & 0x0f)])
            default: bytes.append(byte)
            }
        }
    }
}
