import Foundation

/// The first place where a text stops being JSON (RFC 8259), with what is wrong there: Foundation's
/// `JSONDecoder` says only "not valid JSON", and on Linux it even takes a trailing comma, which
/// Python's `json` and JavaScript's `JSON.parse` refuse.
enum JSONSyntax {
    /// What is wrong and where: lines and columns count from 1, columns in Unicode scalars.
    struct Problem: Equatable {
        var line: Int
        var column: Int
        /// `a trailing comma`, `a comment`, … : what stands at the place.
        var what: String
        /// Said after the place: ` (before '}')`.
        var detail = ""

        var description: String { "\(what) at line \(line), column \(column)\(detail)" }
    }

    /// Deeper than this, readers give up (Foundation's among them): refused as such, not as malformed.
    static let maximumDepth = 512

    /// The first problem of `data`, or `nil` when it is one JSON value (surrounded by whitespace).
    static func firstProblem(in data: Data) -> Problem? {
        data.withUnsafeBytes { bytes in
            var scanner = Scanner(bytes: bytes)
            guard let (offset, what, detail) = scanner.problem() else { return nil }
            let (line, column) = place(of: offset, in: bytes)
            return Problem(line: line, column: column, what: what, detail: detail)
        }
    }

    private struct Scanner {
        let bytes: UnsafeRawBufferPointer
        var index = 0

        init(bytes: UnsafeRawBufferPointer) { self.bytes = bytes }

        private enum Container { case array, object }

        /// The offset of the first problem, what it is, and what to add after its place.
        mutating func problem() -> (Int, String, String)? {
            var stack: [Container] = []
            // Expecting a value (after `[`, `:`, `,` in an array, or at the start).
            var wantsValue = true
            skipWhitespace()
            while true {
                if wantsValue {
                    // In an object after `{` or `,`, a key comes first.
                    if let problem = value(&stack) { return problem }
                    wantsValue = false
                    skipWhitespace()
                    continue
                }
                guard let container = stack.last else {
                    guard index == bytes.count else { return (index, "text after the end of the JSON value", "") }
                    return nil
                }
                guard index < bytes.count else { return (index, "the end of the file", " (cut short?)") }
                let byte = bytes[index]
                let closer = container == .array ? UInt8(ascii: "]") : UInt8(ascii: "}")
                if byte == closer {
                    stack.removeLast()
                    index += 1
                    skipWhitespace()
                } else if byte == UInt8(ascii: ",") {
                    let comma = index
                    index += 1
                    skipWhitespace()
                    if index < bytes.count, bytes[index] == UInt8(ascii: "]") || bytes[index] == UInt8(ascii: "}") {
                        return (comma, "a trailing comma", " (before '\(Character(Unicode.Scalar(bytes[index])))')")
                    }
                    if container == .object, let problem = key() { return problem }
                    wantsValue = true
                } else {
                    return (index, describe(at: index), " (expected ',' or '\(Character(Unicode.Scalar(closer)))')")
                }
            }
        }

        /// Reads one value; of a container, what comes up to its first value (pushed, and left open).
        private mutating func value(_ stack: inout [Container]) -> (Int, String, String)? {
            guard index < bytes.count else { return (index, "the end of the file", " (cut short?)") }
            switch bytes[index] {
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                guard stack.count < JSONSyntax.maximumDepth else {
                    return (index, "nesting deeper than \(JSONSyntax.maximumDepth) levels", "")
                }
                let isObject = bytes[index] == UInt8(ascii: "{")
                index += 1
                skipWhitespace()
                let closer = isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")
                if index < bytes.count, bytes[index] == closer {
                    index += 1
                    return nil
                }
                stack.append(isObject ? .object : .array)
                if isObject, let problem = key() { return problem }
                return value(&stack)
            case UInt8(ascii: "\""):
                return string()
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                return number()
            default:
                for literal in ["true", "false", "null"] where matches(literal) {
                    index += literal.utf8.count
                    return nil
                }
                return (index, describe(at: index), " (expected a value)")
            }
        }

        /// Reads `"key" :` inside an object, leaving the index at the value.
        private mutating func key() -> (Int, String, String)? {
            guard index < bytes.count else { return (index, "the end of the file", " (cut short?)") }
            guard bytes[index] == UInt8(ascii: "\"") else {
                return (index, describe(at: index), " (expected a key in double quotes)")
            }
            if let problem = string() { return problem }
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else {
                return (index, index < bytes.count ? describe(at: index) : "the end of the file", " (expected ':')")
            }
            index += 1
            skipWhitespace()
            return nil
        }

        private mutating func string() -> (Int, String, String)? {
            let start = index
            index += 1
            while index < bytes.count {
                let byte = bytes[index]
                switch byte {
                case UInt8(ascii: "\""):
                    index += 1
                    return nil
                case UInt8(ascii: "\\"):
                    guard index + 1 < bytes.count else { break }
                    let escaped = bytes[index + 1]
                    if escaped == UInt8(ascii: "u") {
                        guard let unit = codeUnit(at: index) else {
                            return (index, "an escape '\\u' without four hex digits", "")
                        }
                        // Half of a UTF-16 pair on its own is no character: JSON allows it, no string holds it.
                        if (0xD800..<0xDC00).contains(unit), let low = codeUnit(at: index + 6), (0xDC00..<0xE000).contains(low) {
                            index += 12
                            continue
                        }
                        if (0xD800..<0xE000).contains(unit) {
                            return (index, "an escape of half a UTF-16 pair on its own (a lone surrogate)", "")
                        }
                        index += 6
                    } else {
                        guard "\"\\/bfnrt".utf8.contains(escaped) else { return (index, "an unknown escape", "") }
                        index += 2
                    }
                    continue
                case 0..<0x20:
                    let escape =
                        switch byte {
                        case 0x09: "\\t"
                        case 0x0A: "\\n"
                        case 0x0D: "\\r"
                        default: "\\u00" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
                        }
                    return (index, "a control character in a string", " (write it as \(escape))")
                case 0x80...:
                    guard let length = utf8Length(at: index) else { return (index, "bytes that are not UTF-8", "") }
                    index += length
                    continue
                default:
                    break
                }
                index += 1
            }
            return (start, "a string that never ends", " (cut short?)")
        }

        /// The value of the `\uXXXX` escape at `offset`, if it is one.
        private func codeUnit(at offset: Int) -> Int? {
            guard offset + 6 <= bytes.count, bytes[offset] == UInt8(ascii: "\\"), bytes[offset + 1] == UInt8(ascii: "u")
            else { return nil }
            var value = 0
            for byte in bytes[offset + 2..<offset + 6] {
                guard byte.isHexDigit else { return nil }
                value = value * 16 + Int(byte.isDigit ? byte - UInt8(ascii: "0") : (byte | 0x20) - UInt8(ascii: "a") + 10)
            }
            return value
        }

        private mutating func number() -> (Int, String, String)? {
            let start = index
            if bytes[index] == UInt8(ascii: "-") { index += 1 }
            guard index < bytes.count, bytes[index].isDigit else { return (start, "a number without digits", "") }
            if bytes[index] == UInt8(ascii: "0"), index + 1 < bytes.count, bytes[index + 1].isDigit {
                return (start, "a number with a leading zero", "")
            }
            while index < bytes.count, bytes[index].isDigit { index += 1 }
            if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
                index += 1
                guard index < bytes.count, bytes[index].isDigit else { return (start, "a number without digits after '.'", "") }
                while index < bytes.count, bytes[index].isDigit { index += 1 }
            }
            if index < bytes.count, bytes[index] | 0x20 == UInt8(ascii: "e") {
                index += 1
                if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
                guard index < bytes.count, bytes[index].isDigit else { return (start, "a number without an exponent", "") }
                while index < bytes.count, bytes[index].isDigit { index += 1 }
            }
            return nil
        }

        private func matches(_ literal: String) -> Bool {
            let end = index + literal.utf8.count
            return end <= bytes.count && bytes[index..<end].elementsEqual(literal.utf8)
        }

        /// What stands at `offset`, for a message: a comment, a string in single quotes, a word.
        private func describe(at offset: Int) -> String {
            let byte = bytes[offset]
            if byte == UInt8(ascii: "/"), offset + 1 < bytes.count,
                bytes[offset + 1] == UInt8(ascii: "/") || bytes[offset + 1] == UInt8(ascii: "*")
            {
                return "a comment, which JSON does not have"
            }
            if byte == UInt8(ascii: "'") { return "a string in single quotes" }
            if byte >= 0x80 { return utf8Length(at: offset) == nil ? "bytes that are not UTF-8" : "an unexpected character" }
            var end = offset
            while end < bytes.count, bytes[end].isLetter || bytes[end].isDigit || bytes[end] == UInt8(ascii: "_") { end += 1 }
            if end > offset { return "'\(String(decoding: bytes[offset..<min(end, offset + 20)], as: UTF8.self))'" }
            return "'\(Character(Unicode.Scalar(byte)))'"
        }

        private mutating func skipWhitespace() {
            while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
        }

        /// The length of the UTF-8 sequence at `offset`, or `nil` when it is none.
        private func utf8Length(at offset: Int) -> Int? {
            let first = bytes[offset]
            let length: Int
            switch first {
            case 0xC2...0xDF: length = 2
            case 0xE0...0xEF: length = 3
            case 0xF0...0xF4: length = 4
            default: return nil
            }
            guard offset + length <= bytes.count else { return nil }
            let tail = bytes[offset + 1..<offset + length]
            guard tail.allSatisfy({ $0 & 0xC0 == 0x80 }) else { return nil }
            // Overlong forms and surrogates, which UTF-8 forbids.
            let second = bytes[offset + 1]
            if first == 0xE0, second < 0xA0 { return nil }
            if first == 0xED, second >= 0xA0 { return nil }
            if first == 0xF0, second < 0x90 { return nil }
            if first == 0xF4, second >= 0x90 { return nil }
            return length
        }
    }

    /// The line and column of the byte at `offset`.
    private static func place(of offset: Int, in bytes: UnsafeRawBufferPointer) -> (line: Int, column: Int) {
        var line = 1, column = 1
        for byte in bytes[..<min(offset, bytes.count)] {
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

extension UInt8 {
    fileprivate var isDigit: Bool { self &- UInt8(ascii: "0") < 10 }
    fileprivate var isLetter: Bool { (self | 0x20) &- UInt8(ascii: "a") < 26 }
    fileprivate var isHexDigit: Bool { isDigit || (self | 0x20) &- UInt8(ascii: "a") < 6 }
}

extension String {
    /// The string with `0`s in front up to `width` characters.
    fileprivate func leftPadded(to width: Int) -> String { String(repeating: "0", count: max(0, width - count)) + self }
}
