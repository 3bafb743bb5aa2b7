/// String literals for the scripts sitegen writes (`_sitegen/nav.js`, `_sitegen/search.js`).
enum ScriptString {
    /// A JSON string literal that is also safe inside a script (`<` escaped, so no `</script>`), in
    /// any JavaScript engine: U+2028 and U+2029 end a line in a string literal before ES2019.
    /// Runs that need no escape are copied whole: a search index holds every page's text.
    static func append(_ text: String, to out: inout [UInt8]) {
        var text = text
        out.append(UInt8(ascii: "\""))
        text.withUTF8 { bytes in
            var start = 0
            var index = 0
            func copyRun() {
                if index > start { out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<index])) }
            }
            while index < bytes.count {
                let byte = bytes[index]
                let escape: String?
                var width = 1
                switch byte {
                case UInt8(ascii: "\""): escape = "\\\""
                case UInt8(ascii: "\\"): escape = "\\\\"
                case UInt8(ascii: "<"): escape = "\\u003c"
                case 0..<0x20:
                    let hex = Array("0123456789abcdef".utf8)
                    escape = "\\u00" + String(decoding: [hex[Int(byte >> 4)], hex[Int(byte & 15)]], as: UTF8.self)
                case 0xE2 where index + 2 < bytes.count && bytes[index + 1] == 0x80 && (bytes[index + 2] & 0xFE) == 0xA8:
                    escape = bytes[index + 2] == 0xA8 ? "\\u2028" : "\\u2029"
                    width = 3
                default: escape = nil
                }
                if let escape {
                    copyRun()
                    out.append(contentsOf: escape.utf8)
                    index += width
                    start = index
                } else {
                    index += 1
                }
            }
            copyRun()
        }
        out.append(UInt8(ascii: "\""))
    }
}
