import Foundation

extension Manifest {
    /// The manifest exactly as `JSONDecoder` decodes it, for JSON in the shape a manifest has: the
    /// known keys once each, strings, integers written without fraction or exponent. `nil` for
    /// anything else (unknown or repeated keys, `null`, other numbers, malformed JSON, invalid
    /// UTF-8), which then goes to `JSONDecoder`, so that what is accepted and every error message
    /// stay its own. Opening a bundle of 10,000 files is mostly this.
    static func fastDecode(_ data: Data) -> Manifest? {
        data.withUnsafeBytes { raw in
            var reader = ManifestJSONReader(bytes: raw)
            guard let manifest = reader.manifest(), reader.isAtEnd else { return nil }
            return manifest
        }
    }
}

/// A reader of the manifest's JSON over bytes: every method returns `nil` as soon as the input
/// leaves the shape it knows.
private struct ManifestJSONReader {
    let bytes: UnsafeRawBufferPointer
    var position = 0

    init(bytes: UnsafeRawBufferPointer) { self.bytes = bytes }

    var isAtEnd: Bool {
        mutating get {
            skipWhitespace()
            return position == bytes.count
        }
    }

    mutating func manifest() -> Manifest? {
        var format: String?, version: Int?, generator: String?, origin: String?, entry: String?
        var resources: [Manifest.Resource]?, aliases: [Manifest.Alias]?
        // Each key once: a repeated one is for JSONDecoder, as is a value that does not read.
        let complete = object { key, reader in
            switch key {
            case "format": return Self.fill(&format, reader.string())
            case "version": return Self.fill(&version, reader.integer())
            case "generator": return Self.fill(&generator, reader.string())
            case "origin": return Self.fill(&origin, reader.string())
            case "entry": return Self.fill(&entry, reader.string())
            case "resources": return Self.fill(&resources, reader.array { $0.resource() })
            case "aliases": return Self.fill(&aliases, reader.array { $0.alias() })
            default:
                return false
            }
        }
        guard complete, let format, let version, let generator, let origin, let entry, let resources, let aliases
        else { return nil }
        // In the file's order, as JSONDecoder leaves them (`init` would sort them).
        var manifest = Manifest(
            format: format, version: version, generator: generator, origin: origin, entry: entry, resources: [], aliases: [])
        manifest.resources = resources
        manifest.aliases = aliases
        return manifest
    }

    mutating func resource() -> Manifest.Resource? {
        var url: String?, file: String?, mimeType: String?, textEncoding: String?, size: Int?, sha256: String?
        let complete = object { key, reader in
            switch key {
            case "url": return Self.fill(&url, reader.string())
            case "file": return Self.fill(&file, reader.string())
            case "mimeType": return Self.fill(&mimeType, reader.string())
            case "size": return Self.fill(&size, reader.integer())
            case "sha256": return Self.fill(&sha256, reader.string())
            case "textEncoding": return Self.fill(&textEncoding, reader.string())
            default:
                return false
            }
        }
        guard complete, let url, let file, let mimeType, let size, let sha256 else { return nil }
        return Manifest.Resource(
            url: url, file: file, mimeType: mimeType, textEncoding: textEncoding, size: size, sha256: sha256)
    }

    mutating func alias() -> Manifest.Alias? {
        var url: String?, target: String?
        let complete = object { key, reader in
            switch key {
            case "url": return Self.fill(&url, reader.string())
            case "target": return Self.fill(&target, reader.string())
            default:
                return false
            }
        }
        guard complete, let url, let target else { return nil }
        return Manifest.Alias(url: url, target: target)
    }

    /// Puts `value` in `slot` unless the key came before: false for a repeated key or a value that
    /// did not read, which leave the object to JSONDecoder.
    private static func fill<Value>(_ slot: inout Value?, _ value: Value?) -> Bool {
        guard slot == nil, let value else { return false }
        slot = value
        return true
    }

    /// `{ "key": value, ... }`: `member` reads each value after its key, and returns false for a key
    /// it refuses or a value it could not read.
    private mutating func object(_ member: (String, inout ManifestJSONReader) -> Bool) -> Bool {
        guard take(UInt8(ascii: "{")) else { return false }
        if take(UInt8(ascii: "}")) { return true }
        while true {
            guard let key = string(), take(UInt8(ascii: ":")) else { return false }
            guard member(key, &self) else { return false }
            if take(UInt8(ascii: ",")) { continue }
            return take(UInt8(ascii: "}"))
        }
    }

    private mutating func array<Element>(_ element: (inout ManifestJSONReader) -> Element?) -> [Element]? {
        guard take(UInt8(ascii: "[")) else { return nil }
        var out: [Element] = []
        if take(UInt8(ascii: "]")) { return out }
        while true {
            guard let value = element(&self) else { return nil }
            out.append(value)
            if take(UInt8(ascii: ",")) { continue }
            return take(UInt8(ascii: "]")) ? out : nil
        }
    }

    /// Skips whitespace, then consumes `byte` if it comes next.
    private mutating func take(_ byte: UInt8) -> Bool {
        skipWhitespace()
        guard position < bytes.count, bytes[position] == byte else { return false }
        position += 1
        return true
    }

    private mutating func skipWhitespace() {
        while position < bytes.count {
            switch bytes[position] {
            case 0x20, 0x09, 0x0A, 0x0D: position += 1
            default: return
            }
        }
    }

    /// An integer as JSON writes one: an optional minus, then `0` or digits not starting with `0`.
    mutating func integer() -> Int? {
        skipWhitespace()
        var index = position
        let negative = index < bytes.count && bytes[index] == UInt8(ascii: "-")
        if negative { index += 1 }
        let start = index
        var value = 0
        while index < bytes.count, bytes[index] &- 0x30 < 10 {
            let (times, overflowTimes) = value.multipliedReportingOverflow(by: 10)
            let (sum, overflowSum) = times.addingReportingOverflow(Int(bytes[index] &- 0x30))
            guard !overflowTimes, !overflowSum else { return nil }
            value = sum
            index += 1
        }
        let digits = index - start
        guard digits > 0, digits == 1 || bytes[start] != UInt8(ascii: "0") else { return nil }
        // A fraction or exponent is for JSONDecoder to judge.
        if index < bytes.count, [UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E")].contains(bytes[index]) { return nil }
        position = index
        return negative ? -value : value
    }

    /// A string with its escapes resolved; its bytes must be valid UTF-8 with no control character.
    mutating func string() -> String? {
        guard take(UInt8(ascii: "\"")) else { return nil }
        let start = position
        while position < bytes.count {
            let byte = bytes[position]
            if byte == UInt8(ascii: "\"") {
                let text = String(validating: UnsafeRawBufferPointer(rebasing: bytes[start..<position]), as: UTF8.self)
                position += 1
                return text
            }
            if byte == UInt8(ascii: "\\") { return escapedString(from: start) }
            guard byte >= 0x20 else { return nil }
            position += 1
        }
        return nil
    }

    /// The rest of a string that has escapes, from its first byte at `start`.
    private mutating func escapedString(from start: Int) -> String? {
        var out: [UInt8] = Array(bytes[start..<position])
        while position < bytes.count {
            let byte = bytes[position]
            position += 1
            switch byte {
            case UInt8(ascii: "\""):
                return String(validating: out, as: UTF8.self)
            case UInt8(ascii: "\\"):
                guard position < bytes.count else { return nil }
                let escape = bytes[position]
                position += 1
                switch escape {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): out.append(escape)
                case UInt8(ascii: "b"): out.append(0x08)
                case UInt8(ascii: "f"): out.append(0x0C)
                case UInt8(ascii: "n"): out.append(0x0A)
                case UInt8(ascii: "r"): out.append(0x0D)
                case UInt8(ascii: "t"): out.append(0x09)
                case UInt8(ascii: "u"):
                    guard let scalar = unicodeEscape() else { return nil }
                    UTF8.encode(scalar) { out.append($0) }
                default: return nil
                }
            default:
                guard byte >= 0x20 else { return nil }
                out.append(byte)
            }
        }
        return nil
    }

    /// The scalar of `\uXXXX` (after the `u`), a surrogate pair taken whole; `nil` for a lone
    /// surrogate, which JSONDecoder judges.
    private mutating func unicodeEscape() -> Unicode.Scalar? {
        guard let high = hex4() else { return nil }
        if (0xD800..<0xDC00).contains(high) {
            guard position + 2 <= bytes.count, bytes[position] == UInt8(ascii: "\\"), bytes[position + 1] == UInt8(ascii: "u")
            else { return nil }
            position += 2
            guard let low = hex4(), (0xDC00..<0xE000).contains(low) else { return nil }
            return Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00))
        }
        return Unicode.Scalar(high)
    }

    private mutating func hex4() -> UInt32? {
        guard position + 4 <= bytes.count else { return nil }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[position]
            let digit: UInt8
            switch byte {
            case 0x30...0x39: digit = byte - 0x30
            case 0x41...0x46: digit = byte - 0x41 + 10
            case 0x61...0x66: digit = byte - 0x61 + 10
            default: return nil
            }
            value = value << 4 | UInt32(digit)
            position += 1
        }
        return value
    }
}
