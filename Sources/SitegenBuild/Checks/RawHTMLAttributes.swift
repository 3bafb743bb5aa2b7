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
    /// where it starts, in order (a quote never closed runs to the end of the text). The value of a
    /// `srcset` or `imagesrcset` is followed by each of its image URLs (`missing.png` of
    /// `a.png 1x, missing.png 2x`, where it starts), which is what a finding names.
    static func values(in bytes: [UInt8]) -> [(raw: String, quote: UInt8?, decoded: String, start: Int)] {
        bytes.withUnsafeBufferPointer { all in
            var found: [(raw: String, quote: UInt8?, decoded: String, start: Int)] = []
            var from = 0
            while let equals = all[from...].firstIndex(of: UInt8(ascii: "=")) {
                from = equals + 1
                guard let (range, quote) = AttributeSyntax.value(after: equals, in: all) else { continue }
                found.append(
                    (String(decoding: all[range], as: UTF8.self), quote, AttributeText.decoded(all[range]), range.lowerBound))
                guard namesSrcset(before: equals, in: all) else { continue }
                for url in candidateURLs(in: all, range) where url != range {
                    found.append(
                        (String(decoding: all[url], as: UTF8.self), nil, AttributeText.decoded(all[url]), url.lowerBound))
                }
            }
            return found
        }
    }

    /// Whether the attribute whose `=` is at `equals` is a `srcset` or an `imagesrcset`.
    private static func namesSrcset(before equals: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        AttributeSyntax.hasName("srcset", before: equals, in: bytes)
            || AttributeSyntax.hasName("imagesrcset", before: equals, in: bytes)
    }

    /// Where the image URL of each candidate of the srcset value at `range` lies in `bytes`.
    private static func candidateURLs(in bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> [Range<Int>] {
        SrcsetParser.urlRanges(in: Array(bytes[range])).map {
            $0.lowerBound + range.lowerBound..<$0.upperBound + range.lowerBound
        }
    }

    /// Every attribute in `bytes` whose value, decoded, is `value`, in order: quoted (`"`, `'`) or
    /// unquoted; without `name`, an image URL of a `srcset` counts too. With `name` (lowercase),
    /// only attributes of that name (any case) after a space, tab or newline.
    static func places(of value: String, named name: StaticString? = nil, in bytes: [UInt8]) -> [Place] {
        bytes.withUnsafeBufferPointer { all in
            var found: [Place] = []
            var from = 0
            while let equals = all[from...].firstIndex(of: UInt8(ascii: "=")) {
                from = equals + 1
                if let name, !AttributeSyntax.hasName(name, before: equals, in: all) { continue }
                guard let (range, _) = AttributeSyntax.value(after: equals, in: all) else { continue }
                let nameStart = name.map { equals - $0.utf8CodeUnitCount } ?? range.lowerBound
                // By bytes: an NFC and an NFD spelling of a value are two values.
                if AttributeText.decoded(all[range]).utf8.elementsEqual(value.utf8) {
                    found.append(Place(nameStart: nameStart, valueStart: range.lowerBound))
                } else if name == nil, namesSrcset(before: equals, in: all) {
                    for url in candidateURLs(in: all, range) where AttributeText.decoded(all[url]).utf8.elementsEqual(value.utf8)
                    {
                        found.append(Place(nameStart: url.lowerBound, valueStart: url.lowerBound))
                    }
                }
            }
            return found
        }
    }
}
