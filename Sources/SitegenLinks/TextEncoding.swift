import Foundation

/// A character encoding of the WHATWG Encoding Standard, found by any of its labels the way
/// browsers find it (`latin1`, `iso-8859-1` and `us-ascii` all name windows-1252), and decoded to
/// UTF-8: windows-1252 and x-user-defined here, the others by Foundation where it can.
package struct TextEncoding: Sendable, Hashable, CustomStringConvertible {
    /// The standard's name: `UTF-8`, `windows-1252`, `Shift_JIS`.
    package let name: String

    /// The encoding `label` names (surrounding whitespace and case ignored); `nil` for a label
    /// the standard does not know, which browsers ignore.
    package init?(label: String) {
        let key = label.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
        guard let name = Self.names[key] else { return nil }
        self.name = name
    }

    private init(name: String) { self.name = name }

    package static let utf8 = TextEncoding(name: "UTF-8")
    package static let utf16BE = TextEncoding(name: "UTF-16BE")
    package static let utf16LE = TextEncoding(name: "UTF-16LE")
    package static let windows1252 = TextEncoding(name: "windows-1252")

    package var isUTF8: Bool { name == "UTF-8" }
    package var description: String { name }

    /// What a `<meta charset>` or `@charset` naming this encoding means: one that an ASCII-based
    /// declaration cannot have been written in (UTF-16) means UTF-8, and x-user-defined means
    /// windows-1252 (HTML standard, "prescan"; CSS Syntax, "determine the fallback encoding").
    package var asDeclaredInDocument: TextEncoding {
        switch name {
        case "UTF-16BE", "UTF-16LE": .utf8
        case "x-user-defined": .windows1252
        default: self
        }
    }

    /// `bytes` (without byte order mark) as UTF-8, or `nil` when they cannot be decoded: an
    /// encoding Foundation does not know here, or bytes that are invalid in it.
    package func utf8(from bytes: ArraySlice<UInt8>) -> [UInt8]? {
        switch name {
        case "UTF-8": return Array(bytes)
        case "windows-1252": return Self.singleByte(bytes) { $0 < 0xA0 ? Self.windows1252High[Int($0 - 0x80)] : UInt32($0) }
        case "x-user-defined": return Self.singleByte(bytes) { 0xF780 + UInt32($0 - 0x80) }
        default:
            guard let raw = Self.foundationEncodings[name],
                let text = String(data: Data(bytes), encoding: String.Encoding(rawValue: raw))
            else { return nil }
            var out = Array(text.utf8)
            if out.starts(with: [0xEF, 0xBB, 0xBF]) { out.removeFirst(3) }
            return out
        }
    }

    /// The bytes of `scalar` in this encoding, or `nil` when it has none for it (or Foundation
    /// cannot encode it here). UTF-16 encodes as UTF-8, as the URL standard's query encoding does.
    package func bytes(of scalar: Unicode.Scalar) -> [UInt8]? {
        if scalar.isASCII { return [UInt8(scalar.value)] }
        switch name {
        case "UTF-8", "UTF-16BE", "UTF-16LE": return Array(String(scalar).utf8)
        case "windows-1252":
            if scalar.value >= 0xA0 && scalar.value <= 0xFF { return [UInt8(scalar.value)] }
            return Self.windows1252High.firstIndex(of: scalar.value).map { [UInt8(0x80 + $0)] }
        case "x-user-defined":
            return scalar.value >= 0xF780 && scalar.value <= 0xF7FF ? [UInt8(scalar.value - 0xF780 + 0x80)] : nil
        default:
            guard let raw = Self.foundationEncodings[name],
                let data = String(scalar).data(using: String.Encoding(rawValue: raw), allowLossyConversion: false),
                !data.isEmpty
            else { return nil }
            return Array(data)
        }
    }

    /// ASCII as it is; every other byte as the scalar `high` gives it.
    private static func singleByte(_ bytes: ArraySlice<UInt8>, high: (UInt8) -> UInt32) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + bytes.count / 8)
        for byte in bytes {
            if byte < 0x80 {
                out.append(byte)
                continue
            }
            let scalar = high(byte)
            if scalar < 0x800 {
                out += [UInt8(0xC0 | scalar >> 6), UInt8(0x80 | scalar & 0x3F)]
            } else {
                out += [UInt8(0xE0 | scalar >> 12), UInt8(0x80 | scalar >> 6 & 0x3F), UInt8(0x80 | scalar & 0x3F)]
            }
        }
        return out
    }

    /// windows-1252 from 0x80 through 0x9F; from 0xA0 on it is Latin-1.
    private static let windows1252High: [UInt32] = [
        0x20AC, 0x81, 0x201A, 0x192, 0x201E, 0x2026, 0x2020, 0x2021, 0x2C6, 0x2030, 0x160, 0x2039, 0x152, 0x8D, 0x17D, 0x8F,
        0x90, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014, 0x2DC, 0x2122, 0x161, 0x203A, 0x153, 0x9D, 0x17E, 0x178,
    ]

    /// Foundation's `NSStringEncoding` for each encoding it may decode (`0x8000_0000 |` a
    /// `CFStringEncoding` for those without a `String.Encoding` constant). EUC-JP is not decoded
    /// by Foundation on Linux; `replacement` is never decoded.
    private static let foundationEncodings: [String: UInt] = [
        "IBM866": 0x8000_0413, "ISO-8859-2": String.Encoding.isoLatin2.rawValue, "ISO-8859-3": 0x8000_0203,
        "ISO-8859-4": 0x8000_0204, "ISO-8859-5": 0x8000_0205, "ISO-8859-6": 0x8000_0206, "ISO-8859-7": 0x8000_0207,
        "ISO-8859-8": 0x8000_0208, "ISO-8859-8-I": 0x8000_0208, "ISO-8859-10": 0x8000_020A, "ISO-8859-13": 0x8000_020D,
        "ISO-8859-14": 0x8000_020E, "ISO-8859-15": 0x8000_020F, "ISO-8859-16": 0x8000_0210, "KOI8-R": 0x8000_0A02,
        "KOI8-U": 0x8000_0A08, "macintosh": String.Encoding.macOSRoman.rawValue, "windows-874": 0x8000_041D,
        "windows-1250": String.Encoding.windowsCP1250.rawValue, "windows-1251": String.Encoding.windowsCP1251.rawValue,
        "windows-1253": String.Encoding.windowsCP1253.rawValue, "windows-1254": String.Encoding.windowsCP1254.rawValue,
        "windows-1255": 0x8000_0505, "windows-1256": 0x8000_0506, "windows-1257": 0x8000_0507, "windows-1258": 0x8000_0508,
        "x-mac-cyrillic": 0x8000_0007, "GBK": 0x8000_0632, "gb18030": 0x8000_0632, "Big5": 0x8000_0A06,
        "EUC-JP": String.Encoding.japaneseEUC.rawValue, "ISO-2022-JP": String.Encoding.iso2022JP.rawValue,
        "Shift_JIS": 0x8000_0A01, "EUC-KR": 0x8000_0422, "UTF-16BE": String.Encoding.utf16BigEndian.rawValue,
        "UTF-16LE": String.Encoding.utf16LittleEndian.rawValue,
    ]

    /// Every label of the Encoding Standard, by encoding.
    private static let names: [String: String] = {
        let table = """
            UTF-8: unicode-1-1-utf-8 unicode11utf8 unicode20utf8 utf-8 utf8 x-unicode20utf8
            IBM866: 866 cp866 csibm866 ibm866
            ISO-8859-2: csisolatin2 iso-8859-2 iso-ir-101 iso8859-2 iso88592 iso_8859-2 iso_8859-2:1987 l2 latin2
            ISO-8859-3: csisolatin3 iso-8859-3 iso-ir-109 iso8859-3 iso88593 iso_8859-3 iso_8859-3:1988 l3 latin3
            ISO-8859-4: csisolatin4 iso-8859-4 iso-ir-110 iso8859-4 iso88594 iso_8859-4 iso_8859-4:1988 l4 latin4
            ISO-8859-5: csisolatincyrillic cyrillic iso-8859-5 iso-ir-144 iso8859-5 iso88595 iso_8859-5 iso_8859-5:1988
            ISO-8859-6: arabic asmo-708 csiso88596e csiso88596i csisolatinarabic ecma-114 iso-8859-6 iso-8859-6-e \
            iso-8859-6-i iso-ir-127 iso8859-6 iso88596 iso_8859-6 iso_8859-6:1987
            ISO-8859-7: csisolatingreek ecma-118 elot_928 greek greek8 iso-8859-7 iso-ir-126 iso8859-7 iso88597 \
            iso_8859-7 iso_8859-7:1987 sun_eu_greek
            ISO-8859-8: csiso88598e csisolatinhebrew hebrew iso-8859-8 iso-8859-8-e iso-ir-138 iso8859-8 iso88598 \
            iso_8859-8 iso_8859-8:1988 visual
            ISO-8859-8-I: csiso88598i iso-8859-8-i logical
            ISO-8859-10: csisolatin6 iso-8859-10 iso-ir-157 iso8859-10 iso885910 l6 latin6
            ISO-8859-13: iso-8859-13 iso8859-13 iso885913
            ISO-8859-14: iso-8859-14 iso8859-14 iso885914
            ISO-8859-15: csisolatin9 iso-8859-15 iso8859-15 iso885915 iso_8859-15 l9
            ISO-8859-16: iso-8859-16
            KOI8-R: cskoi8r koi koi8 koi8-r koi8_r
            KOI8-U: koi8-ru koi8-u
            macintosh: csmacintosh mac macintosh x-mac-roman
            windows-874: dos-874 iso-8859-11 iso8859-11 iso885911 tis-620 windows-874
            windows-1250: cp1250 windows-1250 x-cp1250
            windows-1251: cp1251 windows-1251 x-cp1251
            windows-1252: ansi_x3.4-1968 ascii cp1252 cp819 csisolatin1 ibm819 iso-8859-1 iso-ir-100 iso8859-1 iso88591 \
            iso_8859-1 iso_8859-1:1987 l1 latin1 us-ascii windows-1252 x-cp1252
            windows-1253: cp1253 windows-1253 x-cp1253
            windows-1254: cp1254 csisolatin5 iso-8859-9 iso-ir-148 iso8859-9 iso88599 iso_8859-9 iso_8859-9:1989 l5 \
            latin5 windows-1254 x-cp1254
            windows-1255: cp1255 windows-1255 x-cp1255
            windows-1256: cp1256 windows-1256 x-cp1256
            windows-1257: cp1257 windows-1257 x-cp1257
            windows-1258: cp1258 windows-1258 x-cp1258
            x-mac-cyrillic: x-mac-cyrillic x-mac-ukrainian
            GBK: chinese csgb2312 csiso58gb231280 gb2312 gb_2312 gb_2312-80 gbk iso-ir-58 x-gbk
            gb18030: gb18030
            Big5: big5 big5-hkscs cn-big5 csbig5 x-x-big5
            EUC-JP: cseucpkdfmtjapanese euc-jp x-euc-jp
            ISO-2022-JP: csiso2022jp iso-2022-jp
            Shift_JIS: csshiftjis ms932 ms_kanji shift-jis shift_jis sjis windows-31j x-sjis
            EUC-KR: cseuckr csksc56011987 euc-kr iso-ir-149 korean ks_c_5601-1987 ks_c_5601-1989 ksc5601 ksc_5601 \
            windows-949
            replacement: csiso2022kr hz-gb-2312 iso-2022-cn iso-2022-cn-ext iso-2022-kr replacement
            UTF-16BE: unicodefffe utf-16be
            UTF-16LE: csunicode iso-10646-ucs-2 ucs-2 unicode unicodefeff utf-16 utf-16le
            x-user-defined: x-user-defined
            """
        var names: [String: String] = [:]
        for line in table.split(separator: "\n") {
            let parts = line.split(separator: ":", maxSplits: 1)
            for label in parts[1].split(separator: " ") { names[String(label)] = String(parts[0]) }
        }
        return names
    }()
}
