import SitegenCore

/// Attribute values written as raw HTML in a Markdown source, found by their bytes and read as a
/// browser reads them (`href="caf&eacute;.html"` is `café.html`): what points a finding about a
/// generated page back at the line that wrote it.
enum RawHTMLAttributes {
    /// An attribute whose value matched: where its name and its value start.
    struct Place: Equatable {
        var nameStart: Int
        var valueStart: Int
    }

    /// Every attribute in `bytes` whose value, decoded, is `value`, in order: quoted (`"`, `'`) or
    /// unquoted. With `name`, only attributes of that name (any case) after a space, tab or newline.
    static func places(of value: String, named name: String? = nil, in bytes: [UInt8]) -> [Place] {
        let wanted = Array(name?.lowercased().utf8 ?? "".utf8)
        var found: [Place] = []
        var from = 0
        while let equals = bytes[from...].firstIndex(of: UInt8(ascii: "=")) {
            from = equals + 1
            let nameStart = equals - wanted.count
            if name != nil {
                guard nameStart >= 1, isSpace(bytes[nameStart - 1]),
                    zip(bytes[nameStart..<equals], wanted).allSatisfy({ $0 | 0x20 == $1 })
                else { continue }
            }
            guard equals + 1 < bytes.count else { break }
            let first = bytes[equals + 1]
            let start: Int, end: Int
            if first == UInt8(ascii: "\"") || first == UInt8(ascii: "'") {
                start = equals + 2
                end = bytes[start...].firstIndex(of: first) ?? bytes.count
            } else {
                guard !isSpace(first), first != UInt8(ascii: ">") else { continue }
                start = equals + 1
                end = bytes[start...].firstIndex { isSpace($0) || $0 == UInt8(ascii: ">") } ?? bytes.count
            }
            if AttributeText.decoded(bytes[start..<end]) == value {
                found.append(Place(nameStart: name == nil ? start : nameStart, valueStart: start))
            }
        }
        return found
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r")
    }
}
