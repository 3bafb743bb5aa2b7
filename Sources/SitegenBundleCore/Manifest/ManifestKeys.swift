import Foundation

/// The keys of a manifest's objects, which `JSONDecoder` does not judge: it takes one of a repeated
/// key (readers in other languages may take the other) and ignores keys the schema does not allow
/// (`additionalProperties: false`), so a misspelt `textEncodng` would go unnoticed.
enum ManifestKeys {
    static let top: Set<String> = ["format", "version", "generator", "origin", "entry", "resources", "aliases"]
    static let resource: Set<String> = ["url", "file", "mimeType", "textEncoding", "size", "sha256"]
    static let alias: Set<String> = ["url", "target"]

    /// Why the keys of valid JSON `data` do not make a v1 manifest (`key 'entry' is repeated`,
    /// `resources[2] has unknown key 'etag'`), or nil when each object has each known key once at most.
    static func problem(in data: Data) -> String? {
        data.withUnsafeBytes { raw in
            var walker = Walker(bytes: raw)
            walker.value(at: .top, member: nil)
            return walker.problem
        }
    }

    /// Where an object stands, which says what keys it may have.
    private enum Place {
        case top, resource(Int), alias(Int), other

        var allowed: Set<String>? {
            switch self {
            case .top: ManifestKeys.top
            case .resource: ManifestKeys.resource
            case .alias: ManifestKeys.alias
            case .other: nil
            }
        }

        var name: String {
            switch self {
            case .top, .other: "the manifest"
            case .resource(let index): "resources[\(index)]"
            case .alias(let index): "aliases[\(index)]"
            }
        }
    }

    /// A walk over JSON already known to be valid, stopping at the first problem.
    private struct Walker {
        let bytes: UnsafeRawBufferPointer
        var position = 0
        var problem: String?

        init(bytes: UnsafeRawBufferPointer) { self.bytes = bytes }

        /// The value at the position, standing at `place`; `member` is its key when its object is the top.
        mutating func value(at place: Place, member: String?) {
            skipWhitespace()
            guard problem == nil, position < bytes.count else { return }
            switch bytes[position] {
            case UInt8(ascii: "{"): object(at: place)
            case UInt8(ascii: "["): array(of: member)
            case UInt8(ascii: "\""): _ = string()
            default:
                while position < bytes.count, !Self.endsScalar(bytes[position]) { position += 1 }
            }
        }

        private mutating func object(at place: Place) {
            var seen: Set<String> = []
            elements(closedBy: UInt8(ascii: "}")) { walker in
                let key = walker.string()
                if !seen.insert(key).inserted {
                    walker.problem =
                        "\(place.name) has key '\(Manifest.printable(key))' twice (readers disagree on which one counts)"
                } else if let allowed = place.allowed, !allowed.contains(key) {
                    let known = allowed.sorted().joined(separator: ", ")
                    walker.problem =
                        "\(place.name) has unknown key '\(Manifest.printable(key))' (a version 1 manifest has \(known))"
                }
                walker.skipWhitespace()
                walker.position += 1  // the colon
                if case .top = place { walker.value(at: .other, member: key) } else { walker.value(at: .other, member: nil) }
            }
        }

        private mutating func array(of member: String?) {
            var index = 0
            elements(closedBy: UInt8(ascii: "]")) { walker in
                let place: Place =
                    switch member {
                    case "resources": .resource(index)
                    case "aliases": .alias(index)
                    default: .other
                    }
                walker.value(at: place, member: nil)
                index += 1
            }
        }

        /// Reads the members of the object or elements of the array that opens at the position, one
        /// `element` call each, up to `close`, commas skipped; stops at the first problem.
        private mutating func elements(closedBy close: UInt8, _ element: (inout Walker) -> Void) {
            position += 1
            while problem == nil {
                skipWhitespace()
                guard position < bytes.count else { return }
                if bytes[position] == close {
                    position += 1
                    return
                }
                if bytes[position] == UInt8(ascii: ",") {
                    position += 1
                    continue
                }
                element(&self)
            }
        }

        /// The string at the position, decoded (`\u0065ntry` is `entry`).
        private mutating func string() -> String {
            let start = position
            position += 1
            var escaped = false
            while position < bytes.count {
                let byte = bytes[position]
                position += 1
                if byte == UInt8(ascii: "\\") {
                    escaped = true
                    position += 1
                } else if byte == UInt8(ascii: "\"") {
                    break
                }
            }
            let raw = Data(bytes[start..<position])
            guard escaped else { return String(decoding: raw.dropFirst().dropLast(), as: UTF8.self) }
            let wrapped = Data("[".utf8) + raw + Data("]".utf8)
            return ((try? JSONSerialization.jsonObject(with: wrapped)) as? [String])?.first ?? ""
        }

        private mutating func skipWhitespace() {
            while position < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[position]) { position += 1 }
        }

        private static func endsScalar(_ byte: UInt8) -> Bool {
            byte == UInt8(ascii: ",") || byte == UInt8(ascii: "}") || byte == UInt8(ascii: "]")
        }
    }
}
