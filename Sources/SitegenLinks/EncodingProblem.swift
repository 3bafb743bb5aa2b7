import CHTMLScan
import SitegenCore

/// Where a page or style sheet stops being UTF-8. The scheme resolver serves text as UTF-8
/// (`charset=utf-8`, which outranks a `<meta charset>` or `@charset`), so a browser shows U+FFFD
/// wherever the bytes are not: a page saved as windows-1252 loses every `é`.
public struct EncodingProblem: Sendable, Hashable {
    /// 1-based line and byte column of the first byte that is not UTF-8.
    public var line: Int
    public var column: Int
    /// That byte.
    public var byte: UInt8
    /// How many U+FFFD a browser shows: one per maximal ill-formed sequence, as UTF-8 decoders count.
    public var replacements: Int
    /// The encoding the document names (`<meta charset>`, `http-equiv`, `@charset`), if not UTF-8.
    public var declared: String?

    /// Creates a record.
    public init(line: Int, column: Int, byte: UInt8, replacements: Int, declared: String?) {
        self.line = line
        self.column = column
        self.byte = byte
        self.replacements = replacements
        self.declared = declared
    }

    /// The problem of `bytes`, or nil when they are UTF-8 (as nearly every document is: one pass,
    /// 32 ASCII bytes a step). A UTF-16 byte order mark is the reader's business, not this check's.
    public static func find(in bytes: UnsafeRawBufferPointer) -> EncodingProblem? {
        guard let base = bytes.baseAddress else { return nil }
        if bytes.count >= 2, (bytes[0] == 0xFE && bytes[1] == 0xFF) || (bytes[0] == 0xFF && bytes[1] == 0xFE) {
            return nil
        }
        let offset = htmlscan_invalid_utf8(base.assumingMemoryBound(to: CChar.self), bytes.count)
        guard offset < bytes.count else { return nil }
        let before = bytes[..<offset]
        let lineStart = (before.lastIndex(of: UInt8(ascii: "\n")) ?? -1) + 1
        var replacements = 0
        var decoder = Unicode.UTF8()
        var iterator = bytes[offset...].makeIterator()
        decoding: while true {
            switch decoder.decode(&iterator) {
            case .scalarValue: continue
            case .error: replacements += 1
            case .emptyInput: break decoding
            }
        }
        return EncodingProblem(
            line: before.count { $0 == UInt8(ascii: "\n") } + 1, column: offset - lineStart + 1, byte: bytes[offset],
            replacements: replacements, declared: declaredEncoding(bytes))
    }

    /// The finding's text.
    public var message: String {
        let byteText = "0x" + String(byte, radix: 16, uppercase: true)
        let places = replacements == 1 ? "" : " (\(replacements) places in all)"
        let fix =
            declared.map { "the file declares '\($0)': save it as UTF-8 and declare utf-8" }
            ?? "save the file as UTF-8"
        return "not UTF-8 from here (byte \(byteText)), and the bundle serves text as UTF-8: a browser shows '\u{FFFD}'"
            + places + "; " + fix
    }

    /// Labels of UTF-8 in the Encoding standard.
    private static let utf8Labels: Set<String> = [
        "utf-8", "utf8", "unicode-1-1-utf-8", "unicode11utf8", "unicode20utf8", "x-unicode20utf8",
    ]

    /// The encoding named by the first `charset` in the first 1,024 bytes (where browsers look for
    /// one: `<meta charset=…>`, `content="text/html; charset=…"`, `@charset "…"`), unless UTF-8.
    static func declaredEncoding(_ bytes: UnsafeRawBufferPointer) -> String? {
        let head = Array(bytes.prefix(1024)).map { (0x41...0x5A).contains($0) ? $0 | 0x20 : $0 }
        let word = Array("charset".utf8)
        guard let start = head.indices.first(where: { head[$0...].starts(with: word) }) else { return nil }
        var index = start + word.count
        let skipped: Set<UInt8> = [0x20, 0x09, 0x0A, 0x0C, 0x0D, UInt8(ascii: "="), UInt8(ascii: "\""), UInt8(ascii: "'")]
        while index < head.count, skipped.contains(head[index]) { index += 1 }
        let label = head[index...].prefix { byte in
            (0x61...0x7A).contains(byte) || (0x30...0x39).contains(byte) || "-_.:".utf8.contains(byte)
        }
        guard !label.isEmpty else { return nil }
        let name = String(decoding: label, as: UTF8.self)
        return utf8Labels.contains(name) ? nil : name
    }
}
