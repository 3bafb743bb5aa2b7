import Foundation

/// Trailing commas (`[1, 2,]`, `{"a": 1,}`), which JSON forbids but Foundation's `JSONDecoder`
/// takes on Linux: Python's `json` and JavaScript's `JSON.parse` refuse such a manifest.
enum JSONTrailingComma {
    /// The place of the first comma outside strings that only whitespace separates from a `]` or
    /// `}`, with that bracket; nil when there is none. Lines and columns count from 1, columns in
    /// Unicode scalars.
    static func first(in data: Data) -> (line: Int, column: Int, bracket: Character)? {
        data.withUnsafeBytes { bytes -> (line: Int, column: Int, bracket: Character)? in
            var comma: Int?
            var inString = false, escaped = false
            for index in bytes.indices {
                let byte = bytes[index]
                if inString {
                    if escaped {
                        escaped = false
                    } else if byte == UInt8(ascii: "\\") {
                        escaped = true
                    } else if byte == UInt8(ascii: "\"") {
                        inString = false
                    }
                    continue
                }
                switch byte {
                case 0x20, 0x09, 0x0A, 0x0D: continue
                case UInt8(ascii: ","): comma = index
                case UInt8(ascii: "]"), UInt8(ascii: "}"):
                    if let comma {
                        let place = place(of: comma, in: bytes)
                        return (place.line, place.column, Character(Unicode.Scalar(byte)))
                    }
                default:
                    inString = byte == UInt8(ascii: "\"")
                    comma = nil
                }
            }
            return nil
        }
    }

    /// The line and column of the byte at `offset`.
    private static func place(of offset: Int, in bytes: UnsafeRawBufferPointer) -> (line: Int, column: Int) {
        var line = 1, column = 1
        for byte in bytes[..<offset] {
            if byte == 0x0A {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
        }
        return (line, column)
    }
}
