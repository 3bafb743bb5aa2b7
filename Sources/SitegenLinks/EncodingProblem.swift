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
        if let mark = CharsetDeclarations.byteOrderMark(Array(bytes.prefix(3))[...]), !mark.encoding.isUTF8 { return nil }
        let offset = htmlscan_invalid_utf8(base.assumingMemoryBound(to: CChar.self), bytes.count)
        guard offset < bytes.count else { return nil }
        let place = SourceLocation(path: "", byteOffset: offset, in: bytes)
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
            line: place.line, column: place.column, byte: bytes[offset],
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

    /// The label of the encoding the document declares, as browsers find it (an `@charset`
    /// opening a style sheet, else a `<meta>` charset in the first 1,024 bytes), lowercased; nil
    /// when there is none, the label is unknown (browsers ignore it) or it means UTF-8.
    static func declaredEncoding(_ bytes: UnsafeRawBufferPointer) -> String? {
        let head = Array(bytes.prefix(4096))
        guard let label = (CharsetDeclarations.css(head) ?? CharsetDeclarations.html(head, prescan: true).first)?.label,
            let encoding = TextEncoding(label: label), !encoding.asDeclaredInDocument.isUTF8
        else { return nil }
        return label.trimmingASCIIWhitespace().lowercased()
    }
}
