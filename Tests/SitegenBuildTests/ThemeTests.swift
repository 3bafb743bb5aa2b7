import Foundation
import SitegenCore
import Testing

@testable import SitegenBuild

@Suite struct ThemeTests {
    /// Default-theme files that name a template which does not exist, in tags no page of a
    /// one-paragraph site reaches, and the error each must stop the build with.
    @Test(arguments: [
        (
            "Templates/page.html",
            "{{<base}}\n{{$aside}}\n{{#hasToc}}{{> tocc}}{{/hasToc}}\n{{/aside}}\n{{/base}}\n",
            "Templates/page.html:3:12: error: unknown partial 'tocc' (did you mean 'toc'?)"
        ),
        (
            "Templates/partials/toc.html",
            "{{#toc}}\n{{> toc-entry}}\n{{/toc}}\n",
            "Templates/partials/toc.html:2:1: error: unknown partial 'toc-entry'"
        ),
        (
            "Templates/partials/unused.html", "x {{<layout}}{{/layout}}\n",
            "Templates/partials/unused.html:1:3: error: unknown partial 'layout'"
        ),
        (
            "Templates/page.html", "{{<base}}\n{{$asid}}\n{{> toc}}\n{{/asid}}\n{{/base}}\n",
            "Templates/page.html:2:1: error: block 'asid' is in neither 'base' nor a template it includes, so its content is never shown (did you mean 'aside'?)"
        ),
    ])
    func unknownPartialsStopTheBuildBeforeAnyPageRenders(path: String, template: String, expected: String) async throws {
        let site = try TestSite(["Site/index.md": "# Home\n\nText.\n", path: template], defaultTheme: true)
        defer { site.remove() }
        await site.expectInputError(expected)
    }

    /// A field of `page`, `site`, `prev` or `next` that no page has would write nothing on every
    /// page: the theme's loading names it, and the field meant.
    @Test func anUnknownFieldOfPageOrSiteStopsTheBuild() async throws {
        let site = try TestSite(
            ["Site/index.md": "# Home\n", "Templates/partials/extra.html": "<title>{{page.titel}}</title>\n"],
            defaultTheme: true)
        defer { site.remove() }
        await site.expectInputError(
            "Templates/partials/extra.html:1:8: error: unknown value 'page.titel' (did you mean 'page.title'?) "
                + "(page has description, isEntry, path, showTitle, source, title)")
        try site.write("{{#next}}{{next.link}}{{/next}}{{{site.language}}}\n", to: "Templates/partials/extra.html")
        await site.expectInputError("Templates/partials/extra.html:1:10: error: unknown value 'next.link' (next has title, url)")
        try site.write("{{site.language}}{{#page}}{{page.title}}{{/page}}{{other.x}}\n", to: "Templates/partials/extra.html")
        let outcome = try await site.build()
        outcome.staged.discard()
    }

    /// What `dottedFields` says the values have is what every page's context gives them.
    @Test func theDottedFieldsAreThoseOfThePagesContext() async throws {
        let site = try TestSite(["Site/index.md": "# Home\n", "Site/b.md": "# B\n", "Site/c.md": "# C\n"])
        defer { site.remove() }
        let outcome = try await site.build()
        defer { outcome.staged.discard() }
        let model = try SiteModel(
            config: SiteConfig(), pages: outcome.sources.model.pages, assets: [], drafts: [], displayRoot: "Site/")
        let context = PageContext(model: model, nav: NavTree.fromFolders(model.pages), origin: "docs://app")
        var seen: Set<String> = []
        for page in model.pages {
            guard case .dictionary(let values) = context.value(for: page) else {
                Issue.record("no dictionary")
                return
            }
            // The first page has no `prev`, the last no `next`.
            for (root, fields) in PageContext.dottedFields {
                guard case .dictionary(let value) = values[root] else { continue }
                seen.insert(root)
                #expect(Set(value.keys) == fields, "\(root)")
            }
        }
        #expect(seen == Set(PageContext.dottedFields.keys))
    }

    /// The specification drops what a parent tag holds outside its blocks: every page would lack it.
    @Test func contentInAParentOutsideAnyBlockStopsTheBuild() async throws {
        let site = try TestSite(
            [
                "Site/index.md": "# Home\n",
                "Templates/page.html": "{{<base}}\n{{$aside}}\n{{> toc}}\n{{/aside}}\n<p>Draft</p>\n{{/base}}\n",
            ],
            defaultTheme: true)
        defer { site.remove() }
        await site.expectInputError(
            "Templates/page.html:5:1: error: text '<p>Draft</p>' is inside parent 'base' but outside any block, so it is "
                + "never rendered: put it in a block or remove it")
    }

    /// `{{content}}` would show every page as its tags: an error at the tag, before anything renders.
    @Test func anEscapedContentTagStopsTheBuild() async throws {
        let site = try TestSite(
            ["Site/index.md": "# Home\n", "Templates/partials/main.html": "<main>\n  {{ content }}\n</main>\n"],
            defaultTheme: true)
        defer { site.remove() }
        await site.expectInputError(
            "Templates/partials/main.html:2:3: error: {{content}} would show the page's HTML as text (two braces escape it): "
                + "write {{{content}}}")
    }

    /// Changed delimiters do not hide the tag: `<%content%>` escapes the page as `{{content}}` does.
    @Test func anEscapedContentTagUnderOtherDelimitersStopsTheBuild() async throws {
        let site = try TestSite(
            [
                "Site/index.md": "# Home\n",
                "Templates/partials/base.html": "<main>\n{{=<% %>=}}<%content%><%={{ }}=%>\n</main>\n",
            ],
            defaultTheme: true)
        defer { site.remove() }
        // The fix in the delimiters in force: `{{{content}}}` there would be text.
        await site.expectInputError(
            "Templates/partials/base.html:2:12: error: <%content%> would show the page's HTML as text (the tag escapes it): "
                + "write <%&content%>")
    }

    /// The landing template, like the page template, shows the title only when the body has no
    /// `#` heading of its own: a page never shows two titles.
    @Test func theLandingTemplateShowsOneTitle() async throws {
        let site = try TestSite(
            ["Site/index.md": "---\ntemplate: landing\ndescription: Start here\n---\n# Home of the site\n\nText.\n"],
            defaultTheme: true)
        defer { site.remove() }
        let outcome = try await site.build()
        defer { outcome.staged.discard() }
        let html = try site.staged(outcome, "index.html")
        #expect(html.components(separatedBy: "<h1").count - 1 == 1, "\(html)")
        #expect(html.contains("Start here"))
    }

    @Test func theDefaultThemeLoads() throws {
        let templates = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Templates")
        let theme = try Theme.load(templates, displayRoot: "Templates/")
        #expect(theme.library.unknownReferences().isEmpty)
        #expect(theme.pageTemplates == ["page", "landing"])
    }

    @Test func aTemplateNameThatIsNotUTF8SaysSo() async throws {
        let site = try TestSite(["Site/index.md": "# Home\n"])
        defer { site.remove() }
        let path =
            Array(site.root.appendingPathComponent("Templates/partials").path.utf8) + Array("/".utf8) + [0xFF]
            + Array(".html".utf8) + [0]
        try FileManager.default.createDirectory(
            at: site.root.appendingPathComponent("Templates/partials"), withIntermediateDirectories: true)
        let descriptor = path.withUnsafeBufferPointer {
            $0.withMemoryRebound(to: CChar.self) { open($0.baseAddress!, O_CREAT | O_WRONLY, 0o644) }
        }
        #expect(descriptor >= 0)
        close(descriptor)
        await site.expectInputError(
            "Templates/partials/\u{FFFD}.html: error: name is not valid UTF-8 (shown with \u{FFFD}), so it cannot be a template: rename it"
        )
    }

    /// `Page.html` beside `page.html` (or two partials so) are one file on a Mac's disk.
    @Test func templatesThatDifferOnlyInLetterCaseStopTheBuild() async throws {
        let site = try TestSite([
            "Site/index.md": "# Home\n", "Templates/partials/Nav.html": "<nav></nav>",
            "Templates/partials/nav.html": "<nav></nav>",
        ])
        defer { site.remove() }
        await site.expectInputError(
            "Templates/partials/nav.html: error: 'nav.html' and 'Nav.html' differ only in letter case and collide on case-insensitive disks"
        )
        // `PAGE.HTML` is no template, but on a Mac's disk it is `page.html`.
        let upper = try TestSite(["Site/index.md": "# Home\n", "Templates/PAGE.HTML": "<p>x</p>"])
        defer { upper.remove() }
        await upper.expectInputError(
            "Templates/page.html: error: 'page.html' and 'PAGE.HTML' differ only in letter case and collide on case-insensitive disks"
        )
    }

    /// Two theme assets that differ only in case are named at the theme's files, not at a path of
    /// the site that does not exist.
    @Test func themeAssetsThatDifferOnlyInCaseAreNamedInTheTheme() async throws {
        let site = try TestSite([
            "Site/index.md": "# Home\n", "Templates/assets/site.css": "a{}", "Templates/assets/Site.css": "b{}",
        ])
        defer { site.remove() }
        await site.expectInputError(
            "Templates/assets/site.css: error: 'assets/site.css' (from Templates/assets/site.css) and 'assets/Site.css' "
                + "(from Templates/assets/Site.css) differ only in letter case and collide on case-insensitive disks")
    }
}
