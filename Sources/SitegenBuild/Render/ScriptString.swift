/// String literals for the scripts sitegen writes (`_sitegen/nav.js`, `_sitegen/search.js`).
enum ScriptString {
    /// A JSON string literal that is also safe inside a script (`<` escaped, so no `</script>`), in
    /// any JavaScript engine: U+2028 and U+2029 end a line in a string literal before ES2019.
    static func append(_ text: String, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        let bytes = Array(text.utf8)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""): out += Array("\\\"".utf8)
            case UInt8(ascii: "\\"): out += Array("\\\\".utf8)
            case UInt8(ascii: "<"): out += Array("\\u003c".utf8)
            case 0..<0x20:
                let hex = Array("0123456789abcdef".utf8)
                out += Array("\\u00".utf8) + [hex[Int(byte >> 4)], hex[Int(byte & 15)]]
            case 0xE2 where index + 2 < bytes.count && bytes[index + 1] == 0x80 && (bytes[index + 2] & 0xFE) == 0xA8:
                out += Array((bytes[index + 2] == 0xA8 ? "\\u2028" : "\\u2029").utf8)
                index += 2
            default: out.append(byte)
            }
            index += 1
        }
        out.append(UInt8(ascii: "\""))
    }
}
