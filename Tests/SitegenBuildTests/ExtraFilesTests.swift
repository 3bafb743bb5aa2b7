import Foundation
import Testing

@testable import SitegenBuild

/// `extra_css` and `extra_javascript` (MkDocs' names): the site's own style sheets and scripts,
/// which every page of the default theme loads after the theme's.
@Suite struct ExtraFilesTests {
    private func site(_ config: String) throws -> TestSite {
        try TestSite(
            [
                "Site/sitegen.yml": config, "Site/index.md": "# S\n", "Site/g/p.md": "# P\n", "Site/css/extra.css": "p {}\n",
                "Site/js/x.js": "1;\n", "Site/css/b.less": "a {}\n",
            ], defaultTheme: true)
    }

    @Test func everyPageLoadsThemRelativeToItself() async throws {
        let site = try site("extra_css: [css/extra.css]\nextra_javascript: js/x.js\n")
        defer { site.remove() }
        let outcome = try await site.build()
        defer { outcome.staged.discard() }
        let home = try site.staged(outcome, "index.html")
        let nested = try site.staged(outcome, "g/p.html")
        #expect(home.contains("<link rel=\"stylesheet\" href=\"css/extra.css\">"))
        #expect(nested.contains("<link rel=\"stylesheet\" href=\"../css/extra.css\">"))
        #expect(nested.contains("<script src=\"../js/x.js\"></script>"))
        // After the theme's: the site's rules win over the theme's.
        let theme = try #require(home.range(of: "assets/theme.css"))
        let extra = try #require(home.range(of: "css/extra.css"))
        #expect(theme.lowerBound < extra.lowerBound)
    }

    @Test(arguments: [
        (
            "extra_css: [css/extr.css]\n",
            "Site/sitegen.yml:1:13: error: extra_css: 'css/extr.css' is no file of the site (did you mean 'css/extra.css'?)"
        ),
        (
            "extra_css:\n  - https://cdn.example.com/x.css\n",
            "Site/sitegen.yml:2:5: error: extra_css: 'https://cdn.example.com/x.css' is on another site, which an offline bundle cannot load: copy the file into the site and name its path"
        ),
        (
            "extra_css:\n  - //cdn.example.com/x.css\n",
            "Site/sitegen.yml:2:5: error: extra_css: '//cdn.example.com/x.css' is on another site, which an offline bundle cannot load: copy the file into the site and name its path"
        ),
        (
            "extra_css: [css/b.less]\n",
            "Site/sitegen.yml:1:13: error: extra_css: 'css/b.less' is served as application/octet-stream, and a browser uses it only as text/css: name it .css, or give it that type with mime_types"
        ),
        (
            "extra_css: [css/extra.css, ./css/extra.css]\n",
            "Site/sitegen.yml:1:28: error: extra_css: 'css/extra.css' is listed twice: every page would load it twice"
        ),
        (
            "ignore: [css/**]\nextra_css: [css/extra.css]\n",
            "Site/sitegen.yml:2:13: error: extra_css: 'css/extra.css' is no file of the site: 'ignore' leaves it out ('css/**')"
        ),
        (
            "extra_javascript: [g/p.md]\n",
            "Site/sitegen.yml:1:20: error: extra_javascript: 'g/p.md' is no file of the site (a page, rendered to HTML)"
        ),
    ])
    func aFileThatIsNoneOfTheSitesIsAnError(config: String, message: String) async throws {
        let site = try site(config)
        defer { site.remove() }
        await site.expectInputError(message)
    }
}
