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

    /// Every attribute value in `bytes` as written, with its quote (nil unquoted), decoded, and
    /// where it starts, in order (a quote never closed runs to the end of the text).
    static func values(in bytes: [UInt8]) -> [(raw: String, quote: UInt8?, decoded: String, start: Int)] {
        bytes.withUnsafeBufferPointer { all in
            var found: [(raw: String, quote: UInt8?, decoded: String, start: Int)] = []
            var from = 0
            while let equals = all[from...].firstIndex(of: UInt8(ascii: "=")) {
                from = equals + 1
                guard let (range, quote) = AttributeSyntax.value(after: equals, in: all) else { continue }
                found.append(
                    (String(decoding: all[range], as: UTF8.self), quote, AttributeText.decoded(all[range]), range.lowerBound))
            }
            return found
        }
    }

    /// Every attribute in `bytes` whose value, decoded, is `value`, in order: quoted (`"`, `'`) or
    /// unquoted. With `name` (lowercase), only attributes of that name (any case) after a space, tab
    /// or newline.
    static func places(of value: String, named name: StaticString? = nil, in bytes: [UInt8]) -> [Place] {
        bytes.withUnsafeBufferPointer { all in
            var found: [Place] = []
            var from = 0
            while let equals = all[from...].firstIndex(of: UInt8(ascii: "=")) {
                from = equals + 1
                if let name, !AttributeSyntax.hasName(name, before: equals, in: all) { continue }
                guard let (range, _) = AttributeSyntax.value(after: equals, in: all),
                    AttributeText.decoded(all[range]) == value
                else { continue }
                let nameStart = name.map { equals - $0.utf8CodeUnitCount } ?? range.lowerBound
                found.append(Place(nameStart: nameStart, valueStart: range.lowerBound))
            }
            return found
        }
    }
}
