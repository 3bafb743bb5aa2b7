/// Decodes the character references that occur in URL-bearing attribute values: numeric ones and
/// the common named ones. Others stay as written.
enum HTMLEntities {
    private static let named: [String: String] = [
        "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": "\u{A0}", "comma": ",",
        "colon": ":", "sol": "/", "quest": "?", "equals": "=", "num": "#", "period": ".", "lpar": "(", "rpar": ")",
    ]

    static func decode(_ bytes: ArraySlice<UInt8>) -> String {
        let text = String(decoding: bytes, as: UTF8.self)
        guard text.contains("&") else { return text }
        var out = ""
        var rest = Substring(text)
        while let amp = rest.firstIndex(of: "&") {
            out += rest[..<amp]
            let after = rest[rest.index(after: amp)...]
            let name = after.prefix { $0.isLetter || $0.isNumber || $0 == "#" }
            var replacement: String?
            if name.hasPrefix("#x") || name.hasPrefix("#X") {
                replacement = UInt32(name.dropFirst(2), radix: 16).flatMap(Unicode.Scalar.init).map { String($0) }
            } else if name.hasPrefix("#") {
                replacement = UInt32(name.dropFirst()).flatMap(Unicode.Scalar.init).map { String($0) }
            } else {
                replacement = named[String(name)]
            }
            if let replacement {
                out += replacement
                var next = after.index(after.startIndex, offsetBy: name.count)
                if next < after.endIndex, after[next] == ";" { next = after.index(after: next) }
                rest = after[next...]
            } else {
                out += "&"
                rest = after
            }
        }
        return out + rest
    }
}
