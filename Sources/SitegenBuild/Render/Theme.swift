import Foundation
import SitegenCore
import SitegenTemplates

/// A loaded `Templates/` folder: page templates (`*.html` at the top), partials and parents
/// (`partials/*.html`), all parsed once, and the theme's assets (`assets/**` → bundle `assets/`).
public struct Theme: Sendable {
    public static let defaultTemplate = "page"
    public static let assetFolder = "assets"

    public var library: TemplateLibrary
    /// Page template names (`page`, `landing`).
    public var pageTemplates: Set<String>
    /// The theme's asset files, with their bundle paths (`assets/theme.css`).
    public var assets: [SourceFile]
    /// Hash of every template's bytes, for the incremental cache.
    public var templateSources: [String: String]
    /// For each page template, the ids it and its partials write literally (`sg-main`): `#fragment`
    /// targets of every page made with it.
    var templateIDs: [String: Set<String>] = [:]
    /// The theme's words (`words/en.yml`) and their translations, one table a language.
    var wordTables: [ThemeWords.Table] = []
    /// The words the templates write: on every page (`always`), or only inside a `{{#site.search}}`
    /// section, on the pages of a site with search.
    var wordsWritten: (always: Set<String>, withSearch: Set<String>) = ([], [])

    /// Loads the theme, with its words in `language` (all its languages' for `nil`).
    static func load(_ root: URL, displayRoot: String, language: String? = nil) throws(InputError) -> Theme {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: root.path, isDirectory: &isDirectory) else {
            throw InputError("templates folder not found (pass --templates DIR)", path: displayRoot)
        }
        guard isDirectory.boolValue else { throw InputError.notAFolder("the templates path", displayPath: displayRoot) }
        var templates: [String: Template] = [:]
        var sources: [String: String] = [:]
        var pageTemplates: Set<String> = []
        for (folder, isPartial) in [("", false), ("partials", true)] {
            let dir = folder.isEmpty ? root : root.appendingPathComponent(folder)
            let names = try templateNames(in: dir, display: displayRoot + (folder.isEmpty ? "" : folder + "/"))
            // `Page.html` beside `page.html` is one file on a Mac's disk: which one a page gets would
            // depend on where the theme was copied.
            try SiteScanner.checkCaseCollisions(
                names.filter { $0.lowercased().hasSuffix(".html") && !$0.hasPrefix(".") },
                displayRoot: displayRoot + (folder.isEmpty ? "" : folder + "/"))
            for file in names where file.hasSuffix(".html") && !file.hasPrefix(".") {
                let name = String(file.dropLast(5))
                let display = displayRoot + (folder.isEmpty ? file : "\(folder)/\(file)")
                // Foundation lists a name that is not UTF-8 with U+FFFD in it, which names no file.
                if file.unicodeScalars.contains("\u{FFFD}"),
                    !FileManager.default.fileExists(atPath: dir.appendingPathComponent(file).path)
                {
                    throw InputError(
                        "name is not valid UTF-8 (shown with \u{FFFD}), so it cannot be a template: rename it", path: display)
                }
                let text = try readUTF8(dir.appendingPathComponent(file), display: display)
                if templates[name] != nil {
                    throw InputError("template name '\(name)' is used by both a page template and a partial", path: display)
                }
                let template: Template
                do {
                    template = try Template.parse(text, name: name, path: display)
                } catch {
                    throw error.inputError
                }
                // `content` is HTML: a theme from Hugo or Jekyll habits would show every page as its tags.
                if let escaped = template.escapedTags(writing: "content").first {
                    throw escaped.error(
                        Self.escapedContentMessage(escaped)
                    ).inputError
                }
                // The specification drops it without a word; every page would lack it.
                if let outside = template.contentOutsideBlocks().first { throw outside.inputError }
                templates[name] = template
                sources[name] = text
                if !isPartial { pageTemplates.insert(name) }
            }
        }
        guard pageTemplates.contains(defaultTemplate) else {
            throw InputError("the theme has no '\(defaultTemplate).html' page template", path: displayRoot)
        }
        // A second copy of a page's HTML repeats every id in it, which no heading rename fixes.
        let library = TemplateLibrary(templates, missingPartials: .error, writeOnce: ["content"])
        // Rendering only meets the tags some page reaches: a typo in a section no page renders today
        // must stop the build too, before anything is rendered.
        if let unknown = library.unknownReferences().first { throw unknown.inputError }
        if let unused = library.unusedBlocks().first { throw unused.inputError }
        let wordTables = try ThemeWords.loadTables(root, displayRoot: displayRoot, for: language)
        // `{{words.mneu}}` would write nothing on every page, without a word.
        let knownWords = ThemeWords.knownKeys(wordTables)
        var wordsWritten: (always: Set<String>, withSearch: Set<String>) = ([], [])
        for name in templates.keys.sorted() {
            for (tag, sections) in templates[name]?.placedTags(where: { $0.hasPrefix("words.") }) ?? [] {
                let key = String(tag.name.dropFirst("words.".count))
                guard knownWords.contains(key) else {
                    throw tag.error(
                        "unknown word '\(key)' (the theme's words are \(knownWords.sorted().joined(separator: ", ")))"
                            + Suggestion.hint(for: key, in: knownWords)
                    ).inputError
                }
                if sections.contains("site.search") {
                    wordsWritten.withSearch.insert(key)
                } else {
                    wordsWritten.always.insert(key)
                }
            }
        }
        try checkDottedNames(templates)
        return Theme(
            library: library, pageTemplates: pageTemplates,
            assets: try assetFiles(root, displayRoot: displayRoot), templateSources: sources,
            templateIDs: templateIDs(sources: sources, pageTemplates: pageTemplates),
            wordTables: wordTables, wordsWritten: wordsWritten)
    }

    /// The names in a folder of the theme, sorted; none when there is no such folder. One that cannot be
    /// read is an input error: its templates would otherwise be missing without a word. A name that
    /// is not UTF-8 comes with U+FFFD in it, as `FileManager` lists it.
    static func templateNames(in folder: URL, display: String) throws(InputError) -> [String] {
        guard let handle = opendir(folder.path) else {
            let code = errno
            if code == ENOENT || code == ENOTDIR { return [] }
            throw InputError("cannot read folder (\(DirectoryWalker.reason(code))): make it readable", path: display)
        }
        defer { closedir(handle) }
        var names: [String] = []
        while let entry = readdir(handle) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name != ".", name != ".." { names.append(name) }
        }
        return names.sorted()
    }

    private static func assetFiles(_ root: URL, displayRoot: String) throws(InputError) -> [SourceFile] {
        let rootPath = root.path
        let listing = DirectoryWalker.listing(below: rootPath + "/" + assetFolder)
        if let first = listing.invalidNames.first {
            throw InputError(
                "name is not valid UTF-8 (invalid bytes shown as \\xHH), so the theme cannot copy it: rename it",
                path: displayRoot + assetFolder + "/" + first)
        }
        if let first = listing.unreadable.first {
            // The empty path is the `assets/` folder itself.
            throw InputError(
                SiteScanner.unreadableMessage(first, others: listing.unreadable.count - 1),
                path: displayRoot + assetFolder + "/" + first.shownPath)
        }
        return try listing.entries.map { entry throws(InputError) in
            guard let path = SitePath(normalizing: "\(assetFolder)/\(entry.path)") else {
                throw InputError(
                    "name has a backslash, which a URL cannot carry, so the theme cannot copy it: rename it",
                    path: displayRoot + assetFolder + "/" + entry.path)
            }
            return SourceFile(path: path, kind: .asset, root: rootPath, size: entry.size, modified: entry.stamp)
        }
    }
}

/// Reads a file that must be UTF-8 text; anything else is an input error naming the file.
func readUTF8(_ url: URL, display: String) throws(InputError) -> String {
    try decodeUTF8(try readFile(url, display: display), display: display)
}

func readFile(_ url: URL, display: String) throws(InputError) -> Data {
    try readFile(atPath: url.path, display: display)
}

/// The file's bytes, read with one `open` and `read`: no `URL` (whose making asks the file system
/// whether the path is a folder) and no `FileManager` on the way, 10,000 times a build.
func readFile(atPath path: String, display: String) throws(InputError) -> Data {
    guard let data = FileBytes.readData(path) else {
        throw InputError("cannot read file (\(FileBytes.failureReason(path)))", path: display)
    }
    return data
}

func decodeUTF8(_ data: Data, display: String) throws(InputError) -> String {
    guard let text = String(validating: data, as: UTF8.self) else {
        let offset = firstInvalidUTF8Offset(data)
        throw InputError(
            "file is not valid UTF-8 (byte offset \(offset))",
            at: SourceLocation(path: display, byteOffset: offset, in: data))
    }
    return text
}

private func firstInvalidUTF8Offset(_ data: Data) -> Int {
    var iterator = data.makeIterator()
    var parser = Unicode.UTF8.ForwardParser()
    var offset = 0
    while true {
        switch parser.parseScalar(from: &iterator) {
        case .valid(let scalar): offset += scalar.count
        case .emptyInput, .error: return offset
        }
    }
}

extension Theme {
    /// What an escaped `content` tag does and how to write it unescaped, in the delimiters in force
    /// there: `{{{content}}}`, or `<%&content%>` after `{{=<% %>=}}` (triple braces exist only for
    /// the default delimiters).
    static func escapedContentMessage(_ tag: TemplateTag) -> String {
        let opener = String(
            String.UnicodeScalarView(
                tag.sourceLine.unicodeScalars.dropFirst(tag.location.column - 1).prefix {
                    !$0.properties.isAlphabetic && !$0.properties.isWhitespace
                }))
        guard !opener.isEmpty, opener != "{{" else {
            return "{{content}} would show the page's HTML as text (two braces escape it): write {{{content}}}"
        }
        let pairs: [Character: Character] = ["<": ">", "{": "}", "[": "]", "(": ")"]
        let closer = String(opener.reversed().map { pairs[$0] ?? $0 })
        return
            "\(opener)content\(closer) would show the page's HTML as text (the tag escapes it): write \(opener)&content\(closer)"
    }
}

extension Theme {
    /// `{{page.titel}}`, `{{site.tilte}}`: a field no page has would write nothing on every page,
    /// as Mustache writes a missing name, with no word of it.
    static func checkDottedNames(_ templates: [String: Template]) throws(InputError) {
        let roots = PageContext.dottedFields
        // `page.title` as `("page", "title")`, for a value the page context has.
        func parts(_ name: String) -> (root: String, field: String, fields: Set<String>)? {
            guard let dot = name.firstIndex(of: "."), case let root = String(name[..<dot]), let fields = roots[root] else {
                return nil
            }
            return (root, String(name[name.index(after: dot)...]), fields)
        }
        for name in templates.keys.sorted() {
            let unknown = templates[name]?.tags { tagName in parts(tagName).map { !$0.fields.contains($0.field) } ?? false }
            guard let tag = unknown?.first, let (root, field, fields) = parts(tag.name) else { continue }
            let meant = Suggestion.phrase(Suggestion.names(hintedFor: field, in: fields).map { "\(root).\($0)" })
            throw tag.error(
                "unknown value '\(tag.name)'\(meant) (\(root) has \(fields.sorted().joined(separator: ", ")))"
            ).inputError
        }
    }
}
