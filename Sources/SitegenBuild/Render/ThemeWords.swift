import Foundation
import SitegenCore
import SitegenMarkdown

/// The words a theme writes itself (Skip to content, Menu, Next), in the site's language.
///
/// A theme names them in `words/en.yml` and translates them in one file a language, named by its
/// tag (`words/de.yml`, `words/pt-BR.yml`). A site in `pt-BR` takes each word from `pt-BR.yml`,
/// else `pt.yml`, else `en.yml`, as BCP 47 lookup goes (`zh-TW` and `zh-HK` look in `zh-Hant.yml`
/// before `zh.yml`), and `words:` in `sitegen.yml` overrides any of them. `{generator}` in a word
/// is the generator's name and version; `{count}` in `earlier` and `more` is how many entries a
/// long sidebar list leaves out.
struct ThemeWords: Sendable, Equatable {
    static let folder = "words"
    static let baseLanguage = "en"

    /// One translation file: its language tag (the file's name) and its words, each with where it is.
    struct Table: Sendable, Equatable {
        var language: String
        var display: String
        var words: [String: ConfiguredWord]
    }

    /// The words by key, in the site's language.
    var words: [String: String] = [:]

    /// A count of entries in the sidebar's "… N earlier" item.
    func earlier(_ count: Int) -> String { counted("earlier", count, fallback: "… \(count) earlier") }
    /// A count of entries in the sidebar's "… N more" item.
    func more(_ count: Int) -> String { counted("more", count, fallback: "… \(count) more") }

    private func counted(_ key: String, _ count: Int, fallback: String) -> String {
        guard let text = words[key] else { return fallback }
        return text.replacingOccurrences(of: "{count}", with: String(count))
    }

    /// Reads every `words/*.yml` of the theme at `root`; none when it has no `words` folder.
    static func loadTables(_ root: URL, displayRoot: String) throws(InputError) -> [Table] {
        let folder = root.appendingPathComponent(Self.folder)
        let display = displayRoot + Self.folder + "/"
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder.path, isDirectory: &isDirectory) else { return [] }
        guard isDirectory.boolValue else { throw InputError.notAFolder("the theme's words", displayPath: display) }
        let names = try Theme.templateNames(in: folder, display: display)
        var tables: [Table] = []
        var byLowercased: [String: String] = [:]
        for name in names where !name.hasPrefix(".") {
            let fileDisplay = display + name
            guard name.hasSuffix(".yml") else {
                throw InputError(
                    "the theme's words folder holds only files named by a language tag, such as de.yml: rename or move it",
                    path: fileDisplay)
            }
            let language = String(name.dropLast(4))
            guard LanguageTag.isWellFormed(language) else {
                let dashed = language.replacingOccurrences(of: "_", with: "-")
                let hint = LanguageTag.isWellFormed(dashed) ? dashed : "de"
                throw InputError(
                    "'\(language)' is not a language tag (BCP 47): name the file by the language its words are in, such as \(hint).yml",
                    path: fileDisplay)
            }
            if let other = byLowercased.updateValue(name, forKey: language.lowercased()) {
                throw InputError(
                    "'\(other)' and '\(name)' name one language (tags ignore letter case): keep one", path: fileDisplay)
            }
            let text = try readUTF8(folder.appendingPathComponent(name), display: fileDisplay)
            tables.append(Table(language: language, display: fileDisplay, words: try words(of: text, display: fileDisplay)))
        }
        guard tables.isEmpty || tables.contains(where: { $0.language == baseLanguage }) else {
            throw InputError(
                "the theme's words folder has no \(baseLanguage).yml, which names every word the theme writes", path: display)
        }
        return tables
    }

    /// A file's mapping of word keys to text.
    private static func words(of text: String, display: String) throws(InputError) -> [String: ConfiguredWord] {
        guard let root = try YAML.parse(text, path: display) else { return [:] }
        return try decodeMapping(root, display: display, what: "a file of words")
    }

    /// A mapping of word keys to text: a file's, or `words:` of the configuration.
    static func decodeMapping(_ node: YAMLNode, display: String, what: String) throws(InputError) -> [String: ConfiguredWord] {
        guard let pairs = node.pairs else {
            throw InputError("\(what) must be a mapping of words to their text", at: node.location(in: display))
        }
        var words: [String: ConfiguredWord] = [:]
        for pair in pairs {
            let at = pair.key.location(in: display)
            // Keys are read by templates as `words.key`: a name Mustache's dotted names can hold.
            guard let key = pair.key.string, isKey(key) else {
                throw InputError("a word's key must be letters and digits, starting with a letter, such as onThisPage", at: at)
            }
            guard words[key] == nil else { throw InputError("the word '\(key)' is given twice", at: at) }
            words[key] = ConfiguredWord(text: try pair.value.requireString(key, path: display), location: at)
        }
        return words
    }

    private static func isKey(_ key: String) -> Bool {
        guard let first = key.utf8.first, (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(first | 0x20) else {
            return false
        }
        return key.utf8.allSatisfy { byte in
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20)
                || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
        }
    }

    /// The tags to look in for `language`, most specific first, ending with the base language:
    /// `pt-BR`, `pt`, `en`. A Chinese tag of Taiwan, Hong Kong or Macao without a script looks in
    /// `zh-Hant` before `zh` (Simplified).
    static func lookupChain(for language: String) -> [String] {
        var chain: [String] = []
        var subtags = language.split(separator: "-", omittingEmptySubsequences: false).map(String.init)
        while !subtags.isEmpty {
            chain.append(subtags.joined(separator: "-"))
            subtags.removeLast()
            // A one-letter subtag (`x`, `u`) introduces the ones after it: it goes with them.
            if subtags.last?.count == 1 { subtags.removeLast() }
        }
        let parts = language.lowercased().split(separator: "-")
        if parts.first == "zh", parts.count > 1, ["tw", "hk", "mo"].contains(parts[1]),
            let zh = chain.lastIndex(where: {
                $0.lowercased() == "zh"
            })
        {
            chain.insert("zh-Hant", at: zh)
        }
        if !chain.contains(where: { $0.lowercased() == baseLanguage }) { chain.append(baseLanguage) }
        return chain
    }

    /// The words for `language`: from the theme's tables along the lookup chain, then the
    /// configuration's `overrides`. A key that `en.yml` does not name is an error where it is
    /// written; a language no table translates is a warning at `languageLocation` (its words show
    /// in English) unless the overrides give every word.
    static func resolve(
        _ tables: [Table], language: String, languageLocation: SourceLocation?,
        overrides: [String: ConfiguredWord], generator: String
    ) throws(InputError) -> (ThemeWords, [Diagnostic]) {
        guard let base = tables.first(where: { $0.language == baseLanguage }) else {
            if let (key, override) = overrides.min(by: { $0.key < $1.key }) {
                throw InputError(
                    "unknown word '\(key)': the theme writes no words of its own (it has no words folder)", at: override.location)
            }
            return (ThemeWords(), [])
        }
        let known = Set(base.words.keys)
        for table in tables {
            for (key, word) in table.words where !known.contains(key) {
                throw InputError(
                    "unknown word '\(key)' (\(baseLanguage).yml names \(known.sorted().joined(separator: ", ")))"
                        + Suggestion.hint(for: key, in: known), at: word.location)
            }
        }
        for (key, word) in overrides where !known.contains(key) {
            throw InputError(
                "unknown word '\(key)' (the theme's words are \(known.sorted().joined(separator: ", ")))"
                    + Suggestion.hint(for: key, in: known), at: word.location)
        }
        let byTag = Dictionary(tables.map { ($0.language.lowercased(), $0) }, uniquingKeysWith: { first, _ in first })
        var words = base.words.mapValues(\.text)
        var translated = false
        for tag in lookupChain(for: language).reversed() where tag.lowercased() != baseLanguage {
            guard let table = byTag[tag.lowercased()] else { continue }
            translated = true
            for (key, word) in table.words { words[key] = word.text }
        }
        for (key, word) in overrides { words[key] = word.text }
        for (key, text) in words where text.contains("{generator}") {
            words[key] = text.replacingOccurrences(of: "{generator}", with: generator)
        }
        var warnings: [Diagnostic] = []
        let english = language.split(separator: "-").first?.lowercased() == baseLanguage
        if !translated, !english, !known.isSubset(of: overrides.keys) {
            let others = tables.map(\.language).filter { $0 != baseLanguage }.sorted()
            let untranslated = known.subtracting(overrides.keys).count
            let which = untranslated == known.count ? "its \(known.count) words" : "\(untranslated) of its \(known.count) words"
            warnings.append(
                Diagnostic(
                    .warning, .untranslated,
                    "the theme has no words in '\(language)'"
                        + (others.isEmpty ? "" : " (it has \(others.joined(separator: ", ")))")
                        + ": \(which) (Menu, Next, ...) show in English; translate them under 'words' in this file, "
                        + "or in the theme's words/\(language).yml",
                    at: languageLocation ?? SourceLocation(path: base.display)))
        }
        return (ThemeWords(words: words), warnings)
    }
}
