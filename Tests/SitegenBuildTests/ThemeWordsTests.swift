import Foundation
import SitegenCore
import SitegenMarkdown
import Testing

@testable import SitegenBuild

/// The theme's own words (Skip to content, Menu, Next) in the site's `language`, from the theme's
/// `words/*.yml` and `words:` in `sitegen.yml`.
@Suite struct ThemeWordsTests {
    @Test(arguments: [
        ("pt-BR", ["pt-BR", "pt", "en"]),
        ("de-CH-1996", ["de-CH-1996", "de-CH", "de", "en"]),
        ("en-GB", ["en-GB", "en"]),
        ("zh-TW", ["zh-TW", "zh-Hant", "zh", "en"]),
        ("zh-hk", ["zh-hk", "zh-Hant", "zh", "en"]),
        ("zh-Hant-TW", ["zh-Hant-TW", "zh-Hant", "zh", "en"]),
        ("zh-CN", ["zh-CN", "zh", "en"]),
        ("sr-Latn-x-old", ["sr-Latn-x-old", "sr-Latn", "sr", "en"]),
        ("iw-IL", ["he-IL", "he", "en"]), ("ji", ["yi", "en"]),
    ])
    func lookupGoesFromTheMostSpecificTagToEnglish(language: String, chain: [String]) {
        #expect(ThemeWords.lookupChain(for: language) == chain)
    }

    /// The default theme's files: each names only words of `en.yml`, and each but `pt-BR` (which
    /// says what differs from `pt`) gives every word, with `{count}` where English has it.
    @Test func theDefaultThemeTranslatesEveryWord() throws {
        let templates = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Templates")
        let tables = try ThemeWords.loadTables(templates, displayRoot: "Templates/")
        let english = try #require(tables.first { $0.language == "en" })
        #expect(tables.count >= 10)
        for table in tables {
            #expect(Set(table.words.keys).isSubset(of: english.words.keys), "\(table.language)")
            guard table.language != "pt-BR" else { continue }
            #expect(Set(table.words.keys) == Set(english.words.keys), "\(table.language)")
            for key in ["earlier", "more"] { #expect(table.words[key]?.text.contains("{count}") == true, "\(table.language)") }
            #expect(table.words["builtWith"]?.text.contains("{generator}") == true, "\(table.language)")
        }
    }

    @Test func pagesOfTheDefaultThemeAreInTheSitesLanguage() async throws {
        let site = try TestSite(
            [
                "Site/sitegen.yml": "language: de-AT\n", "Site/index.md": "# Start\n\n[a](guide/a.md)\n",
                "Site/guide/a.md": "# A\n\n## Teil\n",
            ], defaultTheme: true)
        defer { site.remove() }
        let outcome = try await site.build()
        defer { outcome.staged.discard() }
        let page = try site.staged(outcome, "guide/a.html")
        for text in [
            ">Zum Inhalt springen<", ">Menü<", "aria-label=\"Dokumentation\"", "aria-label=\"Navigationspfad\"",
            ">Auf dieser Seite<", ">Zurück<", "Erstellt mit \(SitegenVersion.generator)",
        ] {
            #expect(page.contains(text), "\(text)")
        }
        #expect(!page.contains("Skip to content"))
        #expect(outcome.diagnostics.isEmpty)
    }

    /// Without a title of its own, a site is called what the theme calls documentation in its language.
    @Test func theDefaultTitleIsInTheSitesLanguage() async throws {
        for (config, title) in [
            ("language: de\n", "Dokumentation"), ("language: de\ntitle: Hilfe\n", "Hilfe"), ("", "Documentation"),
        ] {
            let site = try TestSite(
                ["Site/sitegen.yml": config, "Site/index.md": "# Start\n", "Site/b.md": "# B\n"], defaultTheme: true)
            defer { site.remove() }
            let outcome = try await site.build()
            defer { outcome.staged.discard() }
            #expect(try site.staged(outcome, "b.html").contains("<title>B · \(title)</title>"), "\(config)")
        }
    }

    @Test func traditionalChineseForTaiwanAndBrazilianPortugueseOverPortuguese() async throws {
        for (language, expected, absent) in [
            ("zh-TW", ["跳至主要內容", "選單"], ["跳到正文"]),
            ("pt-BR", ["Pular para o conteúdo", ">Próximo<", "aria-label=\"Documentação\""], ["Saltar para o conteúdo"]),
        ] {
            let site = try TestSite(
                ["Site/sitegen.yml": "language: \(language)\n", "Site/index.md": "# S\n", "Site/b.md": "# B\n"],
                defaultTheme: true)
            defer { site.remove() }
            let outcome = try await site.build()
            defer { outcome.staged.discard() }
            let page = try site.staged(outcome, "index.html")
            for text in expected { #expect(page.contains(text), "\(language): \(text)") }
            for text in absent { #expect(!page.contains(text), "\(language): \(text)") }
        }
    }

    @Test func theLongSidebarListsItemsAreTranslated() async throws {
        var files = ["Site/sitegen.yml": "language: fr\n", "Site/index.md": "# S\n"]
        for number in 1...40 { files["Site/g/p\(number).md"] = "# P\(number)\n" }
        let site = try TestSite(files, defaultTheme: true)
        defer { site.remove() }
        let outcome = try await site.build()
        defer { outcome.staged.discard() }
        let page = try site.staged(outcome, "g/p1.html")
        #expect(page.contains("… 19 de plus"))
        #expect(!page.contains(" more<"))
    }

    @Test func theConfigurationOverridesAWord() async throws {
        let site = try TestSite(
            [
                "Site/sitegen.yml": "language: de\nwords:\n  next: Nächste Seite\n", "Site/index.md": "# S\n",
                "Site/b.md": "# B\n",
            ],
            defaultTheme: true)
        defer { site.remove() }
        let outcome = try await site.build()
        defer { outcome.staged.discard() }
        let page = try site.staged(outcome, "index.html")
        #expect(page.contains(">Nächste Seite<"))
        #expect(page.contains(">Zum Inhalt springen<"))
    }

    @Test func anUnknownWordIsAnErrorAtItsKey() async throws {
        let site = try TestSite(
            ["Site/sitegen.yml": "language: de\nwords:\n  nxt: Weiter\n", "Site/index.md": "# S\n"], defaultTheme: true)
        defer { site.remove() }
        await site.expectInputError("Site/sitegen.yml:3:3: error: unknown word 'nxt' (the theme's words are ", prefix: true)
        try site.write("language: de\nwords: [a]\n", to: "Site/sitegen.yml")
        await site.expectInputError("Site/sitegen.yml:2:8: error: words must be a mapping of words to their text")
    }

    /// A blank word would be a link or landmark with no name: in the configuration or a theme's file.
    @Test func aBlankWordIsAnErrorAtItsValue() async throws {
        let site = try TestSite(
            ["Site/sitegen.yml": "language: de\nwords:\n  next: \"  \"\n", "Site/index.md": "# S\n"], defaultTheme: true)
        defer { site.remove() }
        await site.expectInputError("Site/sitegen.yml:3:9: error: the word 'next' is empty: write the text the theme shows")
        try site.write("language: de\n", to: "Site/sitegen.yml")
        try site.write("menu: ''\n", to: "Templates/words/de.yml")
        await site.expectInputError("Templates/words/de.yml:1:7: error: the word 'menu' is empty: write the text the theme shows")
    }

    /// The files the site's language looks in are read and checked; every file's name is checked.
    @Test func aThemesWordsFileIsChecked() async throws {
        let site = try TestSite(["Site/sitegen.yml": "language: de-AT\n", "Site/index.md": "# S\n"], defaultTheme: true)
        defer { site.remove() }
        try site.write("menu: Menü\nmenue: x\n", to: "Templates/words/de.yml")
        await site.expectInputError("Templates/words/de.yml:2:1: error: unknown word 'menue' (en.yml names ", prefix: true)
        // A site in another language does not read it.
        try site.write("language: fr\n", to: "Site/sitegen.yml")
        let french = try await site.build()
        french.staged.discard()
        try site.write("language: de-AT\n", to: "Site/sitegen.yml")
        try FileManager.default.removeItem(at: site.root.appendingPathComponent("Templates/words/de.yml"))
        try site.write("menu: x\n", to: "Templates/words/de_AT.yml")
        await site.expectInputError(
            "Templates/words/de_AT.yml: error: 'de_AT' is not a language tag (BCP 47): name the file by the language its "
                + "words are in, such as de-AT.yml")
        try FileManager.default.removeItem(at: site.root.appendingPathComponent("Templates/words/de_AT.yml"))
        try FileManager.default.removeItem(at: site.root.appendingPathComponent("Templates/words/en.yml"))
        await site.expectInputError(
            "Templates/words/: error: the theme's words folder has no en.yml, which names every word the theme writes")
    }

    /// The words are in every page's inputs: a changed word rebuilds the pages, as a changed template does.
    @Test func aChangedWordIsInTheNextBuild() async throws {
        let site = try TestSite(["Site/sitegen.yml": "language: de\n", "Site/index.md": "# S\n"], defaultTheme: true)
        defer { site.remove() }
        for menu in ["Menü", "Inhalt"] {
            try site.write("menu: \(menu)\n", to: "Templates/words/de.yml")
            let outcome = try await site.build()
            try outcome.commitBundle()
            outcome.saveCache(
                crawl: BuildCache.CachedCrawl(findings: [], pages: 0, assets: 0, linksChecked: 0),
                into: outcome.startSavingCache())
            let page = try String(contentsOf: site.root.appendingPathComponent("dist/index.html"), encoding: .utf8)
            #expect(page.contains(">\(menu)<"), "\(menu)")
        }
    }

    @Test func aLanguageTheThemeHasNoWordsInIsAWarningAtTheLanguage() async throws {
        for (config, warned) in [
            ("title: T\nlanguage: fi\n", true), ("language: en-GB\n", false), ("language: de-CH\n", false),
            ("language: x-klingon\n", true),
        ] {
            let site = try TestSite(["Site/sitegen.yml": config, "Site/index.md": "# S\n"], defaultTheme: true)
            defer { site.remove() }
            let outcome = try await site.build()
            defer { outcome.staged.discard() }
            let warnings = outcome.diagnostics.filter { $0.rule == .untranslated }
            #expect(warnings.count == (warned ? 1 : 0), "\(config)")
            if warned, let warning = warnings.first {
                #expect(warning.location?.line == (config.hasPrefix("title") ? 2 : 1))
                #expect(warning.location?.column == 11)
                #expect(
                    warning.message.contains("its 11 words (breadcrumb, builtWith, earlier, ...) show in English"),
                    "\(warning.message)")
            }
        }
    }

    /// The search box's words are on the pages of a site with search only: without it, they are
    /// no English words on its pages.
    @Test func theSearchWordsCountWhereThereIsSearch() async throws {
        let words = [
            "skipToContent", "menu", "navigation", "breadcrumb", "onThisPage", "pagination", "previous", "next", "builtWith",
            "earlier", "more",
        ].map { "  \($0): x\n" }.joined()
        for (search, warned) in [(false, false), (true, true)] {
            let site = try TestSite(
                ["Site/sitegen.yml": "language: fi\nsearch: \(search)\nwords:\n" + words, "Site/index.md": "# S\n"],
                defaultTheme: true)
            defer { site.remove() }
            let outcome = try await site.build()
            defer { outcome.staged.discard() }
            #expect(
                outcome.diagnostics.map(\.message)
                    == (warned
                        ? [
                            "the theme has no words in 'fi' (it has ar, de, es, fr, he, it, ja, ko, nl, pt, pt-BR, ru, zh, zh-Hant): 3 of its 14 words (noResults, results, search) show in English; translate them under 'words' in this file, or in the theme's words/fi.yml"
                        ]
                        : []),
                "search: \(search)")
        }
    }

    @Test func noWarningWhenTheConfigurationGivesEveryWord() async throws {
        let words = [
            "skipToContent", "menu", "navigation", "breadcrumb", "onThisPage", "pagination", "previous", "next", "builtWith",
            "earlier", "more", "search", "results", "noResults",
        ].map { "  \($0): x\n" }.joined()
        let site = try TestSite(
            ["Site/sitegen.yml": "language: fi\nwords:\n" + words, "Site/index.md": "# S\n"], defaultTheme: true)
        defer { site.remove() }
        let outcome = try await site.build()
        defer { outcome.staged.discard() }
        #expect(outcome.diagnostics.isEmpty)
    }

    /// A theme without a words folder (made before there was one) builds as before, with no
    /// warning: it writes no words of its own. The sidebar's "… N more" items are sitegen's words,
    /// which `words:` translates; another word is none of it.
    @Test func aThemeWithoutWords() async throws {
        var files = ["Site/sitegen.yml": "language: fi\nwords:\n  more: \"… {count} lisää\"\n", "Site/index.md": "# S\n"]
        for number in 1...30 { files["Site/g/p\(number).md"] = "# P\(number)\n" }
        let site = try TestSite(files)
        defer { site.remove() }
        let outcome = try await site.build()
        #expect(outcome.diagnostics.isEmpty)
        #expect(try site.staged(outcome, "g/p1.html").contains("… 9 lisää"))
        outcome.staged.discard()
        try site.write("language: fi\nwords:\n  menu: Valikko\n", to: "Site/sitegen.yml")
        await site.expectInputError(
            "Site/sitegen.yml:3:3: error: unknown word 'menu' (a theme without a words folder has only earlier, more)")
    }

    /// A file of the language that leaves words out shows them in English: the warning names them.
    @Test func wordsAPartialFileLeavesOutAreAWarning() async throws {
        let site = try TestSite(["Site/sitegen.yml": "language: de\n", "Site/index.md": "# S\n"], defaultTheme: true)
        defer { site.remove() }
        try site.write("menu: Menü\nnext: Weiter\n", to: "Templates/words/de.yml")
        let outcome = try await site.build()
        defer { outcome.staged.discard() }
        #expect(
            outcome.diagnostics.map(\.description) == [
                "Site/sitegen.yml:1:11: warning: the theme's words/de.yml lacks some words: 9 of its 11 words (breadcrumb, "
                    + "builtWith, earlier, ...) show in English; translate them under 'words' in this file, or in the "
                    + "theme's words/de.yml [untranslated]"
            ])
    }

    @Test func aPlaceholderThatIsNoneIsAnError() async throws {
        let site = try TestSite(
            ["Site/sitegen.yml": "words:\n  more: \"… {cuont} more\"\n", "Site/index.md": "# S\n"], defaultTheme: true)
        defer { site.remove() }
        await site.expectInputError(
            "Site/sitegen.yml:2:3: error: the word 'more' holds '{cuont}', which is no placeholder of it (did you mean "
                + "'{count}'?) (it may hold {count}, {generator})")
        try site.write("search: true\nwords:\n  results: \"Found {query}\"\n", to: "Site/sitegen.yml")
        await site.expectInputError(
            "Site/sitegen.yml:3:3: error: the word 'results' holds '{query}', which is no placeholder of it (it may hold "
                + "{count}, {generator})")
    }

    @Test func aTemplateThatWritesAnUnknownWordIsAnError() async throws {
        let site = try TestSite(["Site/index.md": "# S\n"], defaultTheme: true)
        defer { site.remove() }
        let toc = try String(contentsOf: site.root.appendingPathComponent("Templates/partials/toc.html"), encoding: .utf8)
        try site.write(
            toc.replacingOccurrences(of: "{{words.onThisPage}}</p>", with: "{{words.onThisPgae}}</p>"),
            to: "Templates/partials/toc.html")
        await site.expectInputError("Templates/partials/toc.html:3:", prefix: true)
        do {
            _ = try await site.build()
        } catch {
            #expect(error.description.contains("unknown word 'onThisPgae'"), "\(error)")
            #expect(error.description.contains("(did you mean 'onThisPage'?)"), "\(error)")
        }
    }
}
