/// File names as the disk holds them: bytes, which need not be UTF-8.
enum NameBytes {
    /// Whether `bytes` are valid UTF-8; ASCII, most names, is decided in one pass.
    static func isUTF8(_ bytes: [UInt8]) -> Bool {
        if bytes.allSatisfy({ $0 < 0x80 }) { return true }
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = bytes.makeIterator()
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid: continue
            case .emptyInput: return true
            case .error: return false
            }
        }
    }

    /// `bytes` as text, each byte that is not part of valid UTF-8 written `\xFF` and a backslash `\\`, as SitegenCore's
    /// `DirectoryWalker` writes the names it cannot list (this module imports nothing, so it cannot
    /// call that one).
    static func escaped(_ bytes: [UInt8]) -> String {
        let hex = Array("0123456789ABCDEF".utf8)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = bytes.makeIterator()
        var offset = 0
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let encoded):
                // A backslash of the name is doubled: `\x41` is then never a name's own text.
                out +=
                    encoded.count == 1 && encoded.first == UInt8(ascii: "\\")
                    ? [UInt8(ascii: "\\"), UInt8(ascii: "\\")] : Array(encoded)
                offset += encoded.count
            case .error(let length):
                for byte in bytes[offset..<offset + length] {
                    out += [UInt8(ascii: "\\"), UInt8(ascii: "x"), hex[Int(byte >> 4)], hex[Int(byte & 0xF)]]
                }
                offset += length
            case .emptyInput:
                return String(decoding: out, as: UTF8.self)
            }
        }
    }
}
