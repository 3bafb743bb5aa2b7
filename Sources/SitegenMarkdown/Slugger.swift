import SitegenCore

/// GitHub-compatible heading ids (the rules of `github-slugger`): lowercase; keep Unicode letters,
/// marks, digits, `_` and `-`; turn each space into `-`; drop everything else. A repeated slug gets
/// `-1`, `-2` … appended, skipping values already taken.
///
/// One deviation: a heading with nothing left (`## !!!`) gets the base `section` rather than an
/// empty id, which no `#fragment` could reach.
public struct Slugger: Sendable {
    // By bytes: `café` in NFC and in NFD are two ids to a browser, which Swift's `String` equality
    // would take for one. `ByteString` hashes them eight bytes a step (`[UInt8]` through SipHash
    // was most of a heading's cost).
    private var taken: Set<ByteString> = []
    private var occurrences: [ByteString: Int] = [:]

    /// Creates a slugger with no ids taken.
    public init() {}

    /// Returns a page-unique slug for `text` and records it as taken.
    public mutating func slug(for text: String) -> String {
        let baseKey = ByteString(Self.baseBytes(text))
        let base = String(decoding: baseKey.bytes, as: UTF8.self)
        var slug = base
        var key = baseKey
        while taken.contains(key) {
            occurrences[baseKey, default: 0] += 1
            slug = "\(base)-\(occurrences[baseKey, default: 0])"
            key = ByteString(Array(slug.utf8))
        }
        taken.insert(key)
        return slug
    }

    /// Records an id as taken without slugging it (e.g. an explicit id elsewhere on the page).
    public mutating func reserve(_ id: String) {
        taken.insert(ByteString(Array(id.utf8)))
    }

    /// The slug of `text` before de-duplication.
    public static func base(_ text: String) -> String {
        String(decoding: baseBytes(text), as: UTF8.self)
    }

    /// `base(_:)`'s bytes: never empty. An ASCII heading, almost every one, is slugged byte by byte.
    private static func baseBytes(_ text: String) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(text.utf8.count)
        var text = text
        let isASCII = text.withUTF8 { bytes in
            for byte in bytes {
                guard byte < 0x80 else { return false }
                appendASCII(byte, to: &out)
            }
            return true
        }
        if !isASCII {
            out.removeAll(keepingCapacity: true)
            let scalars = Array(text.unicodeScalars)
            for (index, scalar) in scalars.enumerated() {
                if scalar.isASCII {
                    appendASCII(UInt8(scalar.value), to: &out)
                } else if scalar == "\u{3A3}", isFinalSigma(at: index, in: scalars) {
                    out.append(contentsOf: "\u{3C2}".utf8)
                } else {
                    for lower in scalar.properties.lowercaseMapping.unicodeScalars where keeps(lower) {
                        out.append(contentsOf: String(lower).utf8)
                    }
                }
            }
        }
        return out.isEmpty ? Array("section".utf8) : out
    }

    /// Whether the capital sigma at `index` ends a word, where lowercasing gives `ς` rather than `σ`
    /// (Unicode's Final_Sigma condition, as JavaScript's `toLowerCase`, and so GitHub, applies it).
    private static func isFinalSigma(at index: Int, in scalars: [Unicode.Scalar]) -> Bool {
        let before = scalars[..<index].reversed().first { !$0.properties.isCaseIgnorable }
        let after = scalars[(index + 1)...].first { !$0.properties.isCaseIgnorable }
        return before?.properties.isCased == true && after?.properties.isCased != true
    }

    private static func appendASCII(_ byte: UInt8, to out: inout [UInt8]) {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): out.append(byte + 32)
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
            UInt8(ascii: "_"), UInt8(ascii: "-"):
            out.append(byte)
        case UInt8(ascii: " "): out.append(UInt8(ascii: "-"))
        default: break
        }
    }

    private static func keeps(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII {
            switch UInt8(scalar.value) {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                UInt8(ascii: "_"), UInt8(ascii: "-"):
                return true
            default:
                return false
            }
        }
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
            .nonspacingMark, .spacingMark, .enclosingMark,
            .decimalNumber, .letterNumber, .otherNumber,
            .connectorPunctuation:
            return true
        default:
            return false
        }
    }
}
