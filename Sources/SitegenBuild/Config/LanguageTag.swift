import Foundation

/// The shape of a BCP 47 language tag, as the `lang` attribute takes it: subtags of letters and
/// digits joined by `-`, the first of letters (`en`, `pt-BR`, `zh-Hant-TW`, `x-klingon`). Whether
/// the language exists is not checked: a browser takes any well-formed tag.
enum LanguageTag {
    static func isWellFormed(_ tag: String) -> Bool {
        let subtags = tag.utf8.split(separator: UInt8(ascii: "-"), omittingEmptySubsequences: false)
        // A language of two letters or more; of one, only the private-use `x-` and grandfathered `i-`.
        guard let first = subtags.first, let initial = first.first, first.allSatisfy(isLetter),
            first.count >= 2 || (subtags.count > 1 && [UInt8(ascii: "x"), UInt8(ascii: "i")].contains(initial | 0x20))
        else { return false }
        // A one-character subtag (`x`, `u`) introduces what follows: never the last one.
        return subtags.last.map { $0.count > 1 } == true
            && subtags.allSatisfy { (1...8).contains($0.count) && $0.allSatisfy { isLetter($0) || isDigit($0) } }
    }

    /// The error for a tag that is not well-formed, suggesting the tag meant where one is plain
    /// (`en_US` is the POSIX spelling of `en-US`).
    static func refusal(of tag: String) -> String {
        // `en_US.UTF-8` and `de_DE@euro`, as POSIX locales are written.
        let language = tag.prefix { $0 != "." && $0 != "@" }
        let dashed = language.replacingOccurrences(of: "_", with: "-")
        let hint = dashed != tag && isWellFormed(dashed) ? " (did you mean '\(dashed)'?)" : ""
        return "language: '\(tag)' is not a language tag (BCP 47, such as 'en', 'pt-BR' or 'zh-Hant')\(hint)"
    }

    /// Which way the language's text runs: `rtl` for a script written right to left (`Arab`,
    /// `Hebr`) or, without a script subtag, a language whose usual script is one (`ar`, `he`,
    /// `fa-IR`); `ltr` for every other tag, `az-Arab` being right to left and `ug-Latn` not.
    static func direction(of tag: String) -> String {
        let subtags = tag.lowercased().split(separator: "-")
        guard let language = subtags.first else { return "ltr" }
        // The script is the four-letter subtag right after the language and its extended subtags
        // (three letters each, up to three): `-u-nu-arab` (Arabic digits) or `-x-…` names none.
        let afterLanguage = subtags.dropFirst().drop { $0.count == 3 && $0.allSatisfy(\.isLetter) }
        if let script = afterLanguage.first, script.count == 4, script.allSatisfy(\.isLetter) {
            return rightToLeftScripts.contains(String(script)) ? "rtl" : "ltr"
        }
        return rightToLeftLanguages.contains(String(language)) ? "rtl" : "ltr"
    }

    /// ISO 15924 codes of scripts written right to left, in lowercase.
    private static let rightToLeftScripts: Set<String> = [
        "arab", "aran", "adlm", "hebr", "mand", "mend", "nkoo", "rohg", "samr", "syrc", "syre", "syrj", "syrn", "thaa",
        "yezi",
    ]

    /// Languages written right to left when the tag names no script.
    private static let rightToLeftLanguages: Set<String> = [
        "ar", "arc", "azb", "bal", "bqi", "ckb", "dv", "fa", "glk", "he", "iw", "ji", "ks", "lrc", "mzn", "nqo", "pnb",
        "prs", "ps", "sd", "syr", "ug", "ur", "yi",
    ]

    private static func isLetter(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20)
    }

    private static func isDigit(_ byte: UInt8) -> Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }
}
