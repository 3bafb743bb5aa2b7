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

    private static func isLetter(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20)
    }

    private static func isDigit(_ byte: UInt8) -> Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }
}
