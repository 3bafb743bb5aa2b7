import Foundation
import SitegenCore
import SitegenMarkdown

/// The words a theme writes itself (Skip to content, Menu, Next), in the site's language.
///
/// A theme names them in `words/en.yml` and translates them in one file a language, named by its
/// tag (`words/de.yml`, `words/pt-BR.yml`). A site in `pt-BR` takes each word from `pt-BR.yml`,
/// else `pt.yml`, else `en.yml`, as BCP 47 lookup goes (`zh-TW` and `zh-HK` look in `zh-Hant.yml`
/// before `zh.yml`), and `words:` in `sitegen.yml` overrides any of them. `{generator}` in a word
/// is the generator's name and version; `{count}` is how many entries a long sidebar list leaves
/// out (`earlier`, `more`) or how many pages a search found (`results`, in the theme's script),
/// and `{query}` what was searched for (`noResults`).
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
    func earlier(_ count: Int) -> String { counted("earlier", count) }
    /// A count of entries in the sidebar's "… N more" item.
    func more(_ count: Int) -> String { counted("more", count) }

    private static let countMark = Array("{count}".utf8)

    private func counted(_ key: String, _ count: Int) -> String {
        // On the bytes, not with `replacingOccurrences` (through `NSString`) or `replacing` (a generic
        // search): this runs twice for each page of a folder whose list is trimmed.
        let text = Array((words[key] ?? Self.ownWords[key] ?? "").utf8)
        var counted: [UInt8] = []
        counted.reserveCapacity(text.count)
        var index = 0
        while index < text.count {
            if text[index] == UInt8(ascii: "{"), text[index...].starts(with: Self.countMark) {
                counted.append(contentsOf: String(count).utf8)
                index += Self.countMark.count
            } else {
                counted.append(text[index])
                index += 1
            }
        }
        return String(decoding: counted, as: UTF8.self)
    }

    /// Reads the `words/*.yml` of the theme at `root` that `language` looks in (`en.yml` and the
    /// files of its lookup chain; every file for `nil`); none when it has no `words` folder. Every
    /// file's name is checked, whatever the language.
    static func loadTables(_ root: URL, displayRoot: String, for language: String? = nil) throws(InputError) -> [Table] {
        let folder = root.appendingPathComponent(Self.folder)
        let display = displayRoot + Self.folder + "/"
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder.path, isDirectory: &isDirectory) else { return [] }
        guard isDirectory.boolValue else { throw InputError.notAFolder("the theme's words", displayPath: display) }
        let names = try Theme.templateNames(in: folder, display: display)
        var tables: [Table] = []
        var byLowercased: [String: String] = [:]
        // 15 files of YAML parsed on every build of every site would be a millisecond and more of each.
        let wanted = language.map { Set(lookupChain(for: $0).map { $0.lowercased() }) }
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
            // Another language's file is named, to be listed as one the theme has, and not read.
            guard wanted?.contains(language.lowercased()) ?? true else {
                tables.append(Table(language: language, display: fileDisplay, words: [:]))
                continue
            }
            let text = try readUTF8(folder.appendingPathComponent(name), display: fileDisplay)
            tables.append(Table(language: language, display: fileDisplay, words: try words(of: text, display: fileDisplay)))
        }
        guard byLowercased.isEmpty || byLowercased[baseLanguage] != nil else {
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
            let text = try pair.value.requireString(key, path: display)
            // Shown as a link's or landmark's name, a blank word would leave it with none to read.
            guard text.contains(where: { !$0.isWhitespace }) else {
                throw InputError(
                    "the word '\(key)' is empty: write the text the theme shows", at: pair.value.location(in: display))
            }
            words[key] = ConfiguredWord(text: text, location: at)
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
    /// `zh-Hant` before `zh` (Simplified); the deprecated `iw` and `ji` are looked up as `he` and `yi`.
    static func lookupChain(for language: String) -> [String] {
        var chain: [String] = []
        var subtags = language.split(separator: "-", omittingEmptySubsequences: false).map(String.init)
        if let first = subtags.first, let current = ["iw": "he", "ji": "yi", "in": "id"][first.lowercased()] {
            subtags[0] = current
        }
        let canonical = subtags.joined(separator: "-")
        while !subtags.isEmpty {
            chain.append(subtags.joined(separator: "-"))
            subtags.removeLast()
            // A one-letter subtag (`x`, `u`) introduces the ones after it: it goes with them.
            if subtags.last?.count == 1 { subtags.removeLast() }
        }
        let parts = canonical.lowercased().split(separator: "-")
        if parts.first == "zh", parts.count > 1, ["tw", "hk", "mo"].contains(parts[1]),
            let zh = chain.lastIndex(where: { $0.lowercased() == "zh" })
        {
            chain.insert("zh-Hant", at: zh)
        }
        if !chain.contains(where: { $0.lowercased() == baseLanguage }) { chain.append(baseLanguage) }
        return chain
    }

    /// The words sitegen writes itself, into the sidebar's items for entries a long list leaves
    /// out: every theme has them, with or without a `words` folder.
    static let ownWords = ["earlier": "… {count} earlier", "more": "… {count} more"]

    /// The keys of the words of a theme with these tables: those of its `en.yml` and sitegen's own.
    static func knownKeys(_ tables: [Table]) -> Set<String> {
        Set(ownWords.keys).union(tables.first { $0.language == baseLanguage }?.words.keys ?? [:].keys)
    }

    /// The words for `language`: from the theme's tables along the lookup chain, then the
    /// configuration's `overrides`. A key that `en.yml` does not name is an error where it is
    /// written; words of `shown` (those the templates write on this site's pages, and sitegen's
    /// own) that stay English on pages in another language are a warning at `languageLocation`.
    static func resolve(
        _ tables: [Table], language: String, languageLocation: SourceLocation?,
        overrides: [String: ConfiguredWord], generator: String, shown: Set<String> = []
    ) throws(InputError) -> (ThemeWords, [Diagnostic]) {
        let base = tables.first { $0.language == baseLanguage }
        let known = knownKeys(tables)
        func refuse(_ key: String, _ word: ConfiguredWord, names: String) -> InputError {
            InputError(
                "unknown word '\(key)' (\(names) \(known.sorted().joined(separator: ", ")))"
                    + Suggestion.hint(for: key, in: known),
                at: word.location)
        }
        for table in tables {
            for (key, word) in table.words where !known.contains(key) {
                throw refuse(key, word, names: "\(baseLanguage).yml names")
            }
        }
        for (key, word) in overrides where !known.contains(key) {
            throw refuse(key, word, names: base == nil ? "a theme without a words folder has only" : "the theme's words are")
        }
        // A word holds the placeholders its English holds (the theme's script fills them), and
        // `{generator}`, which the build fills.
        let english = ownWords.merging(base?.words.mapValues(\.text) ?? [:]) { _, theme in theme }
        for table in tables where table.language != baseLanguage {
            for (key, word) in table.words { try checkPlaceholders(key, word, allowed: placeholders(in: english[key] ?? "")) }
        }
        for (key, word) in overrides { try checkPlaceholders(key, word, allowed: placeholders(in: english[key] ?? "")) }
        var words = english
        var untranslated = Set(words.keys).intersection(shown.union(ownWords.keys))
        let byTag = Dictionary(tables.map { ($0.language.lowercased(), $0) }, uniquingKeysWith: { first, _ in first })
        var found: [String] = []
        let chain = lookupChain(for: language)
        for tag in chain.reversed() where tag.lowercased() != baseLanguage {
            guard let table = byTag[tag.lowercased()] else { continue }
            found.append(table.language)
            for (key, word) in table.words {
                words[key] = word.text
                untranslated.remove(key)
            }
        }
        for (key, word) in overrides {
            words[key] = word.text
            untranslated.remove(key)
        }
        for (key, text) in words where text.contains("{generator}") {
            words[key] = text.replacingOccurrences(of: "{generator}", with: generator)
        }
        // A theme without words writes only the sidebar's, which few pages show: no warning for them.
        let isEnglish = chain.first?.split(separator: "-").first?.lowercased() == baseLanguage
        guard let base, !isEnglish, !untranslated.isEmpty else { return (ThemeWords(words: words), []) }
        let others = tables.map(\.language).filter { $0 != baseLanguage }.sorted()
        let written = known.intersection(shown.union(ownWords.keys)).count
        let named = untranslated.sorted()
        let which =
            (untranslated.count == written ? "its \(written) words" : "\(untranslated.count) of its \(written) words")
            + " (\(named.prefix(3).joined(separator: ", "))\(named.count > 3 ? ", ..." : ""))"
        let missing =
            found.isEmpty
            ? "the theme has no words in '\(language)'" + (others.isEmpty ? "" : " (it has \(others.joined(separator: ", ")))")
            : "the theme's words/\(found.last ?? language).yml lacks some words"
        let warning = Diagnostic(
            .warning, .untranslated,
            "\(missing): \(which) show in English; translate them under 'words' in this file, or in the theme's "
                + "words/\(found.last ?? chain.first ?? language).yml",
            at: languageLocation ?? SourceLocation(path: base.display))
        return (ThemeWords(words: words), [warning])
    }

    /// The `{name}` placeholders of a word, and `{generator}`, which every word may hold.
    private static func placeholders(in text: String) -> Set<String> {
        var names: Set<String> = ["generator"]
        var rest = Substring(text)
        while let open = rest.firstIndex(of: "{") {
            let after = rest[rest.index(after: open)...]
            guard let close = after.firstIndex(of: "}") else { break }
            let name = after[..<close]
            if !name.isEmpty, name.allSatisfy({ $0.isASCII && $0.isLetter }) { names.insert(String(name)) }
            rest = after[after.index(after: close)...]
        }
        return names
    }

    /// A `{name}` in a word that its English does not hold (`{cuont}`) would show as it is written.
    private static func checkPlaceholders(_ key: String, _ word: ConfiguredWord, allowed: Set<String>) throws(InputError) {
        guard let name = placeholders(in: word.text).subtracting(allowed).sorted().first else { return }
        let others = allowed.sorted().map { "{\($0)}" }.joined(separator: ", ")
        let meant = Suggestion.phrase(Suggestion.names(hintedFor: name, in: allowed).map { "{\($0)}" })
        throw InputError(
            "the word '\(key)' holds '{\(name)}', which is no placeholder of it\(meant) (it may hold \(others))",
            at: word.location)
    }
}
