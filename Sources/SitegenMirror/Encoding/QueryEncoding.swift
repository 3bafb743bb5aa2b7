import SitegenBundleCore
import SitegenLinks

/// A link's query as a browser sends it from a page in a legacy encoding: the URL standard
/// encodes the query (not the path, not the fragment) in the document's encoding, so `?q=é` on a
/// windows-1252 page is requested as `?q=%E9`, where UTF-8 would be `%C3%A9`, another resource to
/// the server. A character the encoding lacks is sent as its numeric reference, `&#257;`,
/// percent-encoded whole: `%26%23257%3B`.
enum QueryEncoding {
    /// `reference` with the non-ASCII characters of its query percent-encoded in `encoding`;
    /// as it is for a UTF-8 page or a reference without such a query.
    static func encoding(_ reference: String, in encoding: TextEncoding?) -> String {
        guard let encoding, !encoding.isUTF8, reference.utf8.contains(where: { $0 >= 0x80 }) else { return reference }
        guard let question = reference.firstIndex(of: "?") else { return reference }
        let fragmentStart = reference[question...].firstIndex(of: "#") ?? reference.endIndex
        if let hash = reference.firstIndex(of: "#"), hash < question { return reference }
        let query = reference[question..<fragmentStart]
        guard query.utf8.contains(where: { $0 >= 0x80 }) else { return reference }
        var encoded: [UInt8] = []
        for scalar in query.unicodeScalars {
            if scalar.isASCII {
                encoded.append(UInt8(scalar.value))
                continue
            }
            // A character the encoding lacks: its numeric reference, every byte of it escaped (URL
            // standard, "percent-encode after encoding"), so its `&` and `#` split nothing.
            guard let bytes = encoding.bytes(of: scalar) else {
                encoded += Array("%26%23\(scalar.value)%3B".utf8)
                continue
            }
            for byte in bytes {
                if isSentAsItIs(byte) { encoded.append(byte) } else { PercentEscapes.append(escapeOf: byte, to: &encoded) }
            }
        }
        return String(reference[..<question]) + String(decoding: encoded, as: UTF8.self) + reference[fragmentStart...]
    }

    /// Not in the URL standard's special-query percent-encode set: `#` would end the query.
    private static func isSentAsItIs(_ byte: UInt8) -> Bool {
        byte > 0x20 && byte < 0x7F && !"\"#<>'".utf8.contains(byte)
    }
}
