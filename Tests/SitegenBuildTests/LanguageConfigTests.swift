import Foundation
import SitegenCore
import SitegenMarkdown
import Testing

@testable import SitegenBuild

/// `language:` in `sitegen.yml` is every page's `lang`: what screen readers pronounce the page in.
@Suite struct LanguageConfigTests {
    private func decode(_ yaml: String) throws(InputError) -> SiteConfig {
        try SiteConfig.decode(try YAML.parse(yaml, path: "Site/sitegen.yml"), path: "Site/sitegen.yml").0
    }

    @Test(arguments: ["en", "pt-BR", "zh-Hant-TW", "x-klingon", "i-klingon", "de-CH-1996", "sr-Latn"])
    func wellFormedTagsAreKept(tag: String) throws {
        #expect(try decode("language: \(tag)\n").language == tag)
    }

    @Test func englishUnlessSaid() throws {
        #expect(try decode("title: T\n").language == "en")
    }

    @Test(arguments: [
        ("en_US", " (did you mean 'en-US'?)"), ("en_US.UTF-8", " (did you mean 'en-US'?)"),
        ("de_DE@euro", " (did you mean 'de-DE'?)"),
        ("a", ""), ("x", ""), ("en-x", ""), ("en-a", ""), ("\"-en\"", ""), ("\"-\"", ""), ("_en", ""), ("english!", ""),
        ("''", ""), ("en--us", ""),
        ("1en", ""),
        ("en-abcdefghi", ""), ("\"en \"", ""),
    ])
    func otherValuesAreRefusedAtTheValue(value: String, hint: String) {
        do throws(InputError) {
            _ = try decode("title: T\nlanguage: \(value)\n")
            Issue.record("expected an input error")
        } catch {
            #expect(error.description.hasPrefix("Site/sitegen.yml:2:11: error: language: '"), "\(error.description)")
            #expect(error.description.hasSuffix("is not a language tag (BCP 47, such as 'en', 'pt-BR' or 'zh-Hant')\(hint)"))
        }
    }

    @Test func everyPageOfTheDefaultThemeCarriesIt() async throws {
        let site = try TestSite(
            ["Site/sitegen.yml": "language: pt-BR\n", "Site/index.md": "# Início\n", "Site/guia/a.md": "# A\n"],
            defaultTheme: true)
        defer { site.remove() }
        let outcome = try await site.build()
        defer { outcome.staged.discard() }
        for page in ["index.html", "guia/a.html"] {
            #expect(try site.staged(outcome, page).contains("<html lang=\"pt-BR\" dir=\"ltr\">"), "\(page)")
        }
    }
}

/// Which way a language's text runs: the default theme's `<html dir>`, which lays the page out
/// from the right for Arabic and Hebrew.
@Suite struct LanguageDirectionTests {
    @Test(arguments: [
        ("ar", "rtl"), ("he-IL", "rtl"), ("fa", "rtl"), ("ur-PK", "rtl"), ("AR-EG", "rtl"), ("az-Arab", "rtl"),
        ("ks-Arab-IN", "rtl"), ("en", "ltr"), ("de-CH-1996", "ltr"), ("zh-Hant-TW", "ltr"), ("ug-Latn", "ltr"),
        ("ar-Latn", "ltr"), ("x-klingon", "ltr"), ("yi", "rtl"), ("pa-Arab", "rtl"), ("pa", "ltr"),
        ("ar-EG-u-nu-latn", "rtl"), ("he-IL-u-nu-latn", "rtl"), ("ar-x-latn", "rtl"), ("en-u-nu-arab", "ltr"),
        ("de-u-nu-arab", "ltr"), ("zh-yue-Hant", "ltr"), ("ar-aao-Latn", "ltr"),
    ])
    func direction(tag: String, direction: String) {
        #expect(LanguageTag.direction(of: tag) == direction)
    }

    @Test func theDefaultThemeWritesIt() async throws {
        let site = try TestSite(["Site/sitegen.yml": "language: ar\n", "Site/index.md": "# S\n"], defaultTheme: true)
        defer { site.remove() }
        let outcome = try await site.build()
        defer { outcome.staged.discard() }
        #expect(try site.staged(outcome, "index.html").contains("<html lang=\"ar\" dir=\"rtl\">"))
    }
}

/// The default theme's document titles: the home page's is the site's title alone (not
/// `Docs · Docs`), every other page's its own and the site's; the footer names no origin.
@Suite struct DefaultThemeTitleTests {
    @Test func theHomePageTitleIsTheSitesAlone() async throws {
        let site = try TestSite(
            ["Site/sitegen.yml": "title: Docs\n", "Site/index.md": "# Docs\n", "Site/guia/a.md": "# A\n"], defaultTheme: true)
        defer { site.remove() }
        let outcome = try await site.build()
        defer { outcome.staged.discard() }
        #expect(try site.staged(outcome, "index.html").contains("<title>Docs</title>"))
        #expect(try site.staged(outcome, "guia/a.html").contains("<title>A · Docs</title>"))
        #expect(!(try site.staged(outcome, "guia/a.html").contains("docs://app")))
    }
}
