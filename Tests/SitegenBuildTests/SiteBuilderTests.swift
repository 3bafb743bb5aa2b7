import Foundation
import SitegenCore
import Testing

@testable import SitegenBuild

@Suite struct SiteBuilderTests {
    @Test func navFollowsOrderThenTitleAndMarksCurrentPage() async throws {
        let site = try TestSite([
            "Site/index.md": "# Home\n",
            "Site/zeta.md": "---\norder: 1\n---\n# Zeta\n",
            "Site/alpha.md": "# Alpha\n",
            "Site/beta.md": "# Beta\n",
        ])
        defer { site.remove() }
        let outcome = try await site.build()
        defer { outcome.staged.discard() }
        let html = try site.staged(outcome, "alpha.html")
        let titles = ["Home", "Zeta", "Alpha", "Beta"].map { html.range(of: ">\($0)</a>")?.lowerBound }
        #expect(titles.allSatisfy { $0 != nil })
        #expect(titles.compactMap { $0 } == titles.compactMap { $0 }.sorted())
        #expect(html.contains("<a href=\"alpha.html\" aria-current=\"page\">Alpha</a>"))
        #expect(html.contains("<a rel=\"prev\" href=\"zeta.html\">Zeta</a>"))
        #expect(html.contains("<a rel=\"next\" href=\"beta.html\">Beta</a>"))
    }

    @Test func explicitNavFromConfig() async throws {
        let site = try TestSite([
            "Site/sitegen.yml": "nav:\n  - index.md\n  - Guides:\n      - Second: b.md\n      - a.md\n",
            "Site/index.md": "# Home\n", "Site/a.md": "# A page\n", "Site/b.md": "# B page\n",
        ])
        defer { site.remove() }
        let outcome = try await site.build()
        defer { outcome.staged.discard() }
        let html = try site.staged(outcome, "a.html")
        // The first page of a section's list is what its title links to, not listed again below it.
        let section = try #require(html.range(of: "<a href=\"b.html\">Guides</a>"))
        let first = try #require(html.range(of: ">A page</a>"))
        #expect(section.lowerBound < first.lowerBound)
        #expect(!html.contains(">Second</a>"))
        #expect(html.contains("<a rel=\"prev\" href=\"b.html\">B page</a>"))
    }

    @Test func breadcrumbsShowTitlesAndSectionsWithoutPagesAsText() async throws {
        let site = try TestSite(
            [
                "Site/index.md": "---\ntitle: Home\nnav_title: H\n---\n",
                "Site/guide/index.md": "---\ntitle: Installing the SDK\nnav_title: Install\n---\n",
                "Site/guide/step.md": "# Step\n", "Site/api/client.md": "# Client\n",
            ], defaultTheme: true)
        defer { site.remove() }
        let outcome = try await site.build()
        defer { outcome.staged.discard() }
        func crumbs(_ page: String) throws -> [String] {
            let html = try site.staged(outcome, page)
            guard let start = html.range(of: "<ol>"), let end = html.range(of: "</ol>") else { return [] }
            return html[start.upperBound..<end.lowerBound].split(separator: "\n").map(String.init)
        }
        #expect(
            try crumbs("guide/step.html") == [
                "<li><a href=\"../index.html\">Home</a></li>", "<li><a href=\"index.html\">Installing the SDK</a></li>",
                "<li><span aria-current=\"page\">Step</span></li>",
            ])
        #expect(
            try crumbs("api/client.html") == [
                "<li><a href=\"../index.html\">Home</a></li>", "<li><span>Api</span></li>",
                "<li><span aria-current=\"page\">Client</span></li>",
            ])
        #expect(try !site.staged(outcome, "index.html").contains("class=\"breadcrumbs\""))
    }

    @Test func navScriptEscapesLineSeparatorsAndPagesOutsideTheNavHaveNoPagination() async throws {
        let site = try TestSite(
            [
                "Site/sitegen.yml": "nav:\n  - index.md\n  - a.md\n", "Site/index.md": "# Home\n",
                "Site/a.md": "---\ntitle: \"A\\u2028B\\u2029C\"\n---\n", "Site/lost.md": "# Lost\n\n[home](index.md)\n",
            ], defaultTheme: true)
        defer { site.remove() }
        let outcome = try await site.build()
        defer { outcome.staged.discard() }
        let script = try site.staged(outcome, "_sitegen/nav.js")
        #expect(script.contains("\"A\\u2028B\\u2029C\""), "\(script)")
        #expect(!script.contains("\u{2028}") && !script.contains("\u{2029}"))
        #expect(try site.staged(outcome, "a.html").contains("class=\"pagination\""))
        #expect(try !site.staged(outcome, "lost.html").contains("class=\"pagination\""))
    }

    @Test func draftsAreLeftOutAndLinksToThemReported() async throws {
        let site = try TestSite([
            "Site/index.md": "# Home\n\n[draft](wip.md)\n\n[folder](guide/)\n",
            "Site/wip.md": "---\ndraft: true\n---\n# WIP\n", "Site/guide/index.md": "---\ndraft: true\n---\n# Guide\n",
        ])
        defer { site.remove() }
        let outcome = try await site.build()
        defer { outcome.staged.discard() }
        #expect(!FileManager.default.fileExists(atPath: outcome.staged.directory.appendingPathComponent("wip.html").path))
        #expect(
            outcome.diagnostics.map(\.description) == [
                "Site/index.md:3:1: error: 'wip.md' links to a draft, which is not in the bundle: publish the page (drop 'draft: true'), drop the link, or build with --drafts to preview both [broken-link]",
                "Site/index.md:5:1: error: 'guide/' links to a folder whose 'guide/index.md' is a draft, which is not in the bundle: publish the page (drop 'draft: true'), drop the link, or build with --drafts to preview both [broken-link]",
            ])
    }

    @Test func titleFallsBackToHeadingThenFileName() async throws {
        let site = try TestSite(["Site/index.md": "# From heading\n", "Site/plain-name.md": "No heading.\n"])
        defer { site.remove() }
        let outcome = try await site.build()
        defer { outcome.staged.discard() }
        #expect(try site.staged(outcome, "index.html").contains("<title>From heading · Documentation</title>"))
        #expect(try site.staged(outcome, "plain-name.html").contains("<title>Plain name · Documentation</title>"))
    }

    @Test func aliasesEnterTheManifest() async throws {
        let site = try TestSite(["Site/index.md": "---\naliases: [start.html, old/home/]\n---\n# Home\n"])
        defer { site.remove() }
        let outcome = try await site.build()
        defer { outcome.staged.discard() }
        let aliases = outcome.manifest.aliases.map { "\($0.url) -> \($0.target)" }
        #expect(aliases.contains("docs://app/start.html -> docs://app/index.html"))
        #expect(aliases.contains("docs://app/old/home/ -> docs://app/index.html"))
    }

    /// A last segment `.` or `..`, or an encoded `/`, names a folder, as the resolver reads the URL:
    /// the alias keeps its trailing slash, so `docs://app/guide/x/` finds it.
    @Test func anAliasEndingInADotSegmentOrAnEncodedSlashIsAFolder() async throws {
        let site = try TestSite([
            "Site/index.md": "# Home\n", "Site/guide/index.md": "# Guide\n",
            "Site/guide/a.md": "---\naliases: [guide/x/., guide/y%2F, old/z/.., old/w/./]\n---\n# A\n",
        ])
        defer { site.remove() }
        let outcome = try await site.build()
        defer { outcome.staged.discard() }
        let aliases = outcome.manifest.aliases.map(\.url)
        for folder in ["docs://app/guide/x/", "docs://app/guide/y/", "docs://app/old/", "docs://app/old/w/"] {
            #expect(aliases.contains(folder), "\(aliases)")
        }
        #expect(!aliases.contains("docs://app/guide/x") && !aliases.contains("docs://app/guide/y"))
    }

    @Test func sourceLinkFindingsHaveRulesAndSuggestions() async throws {
        let site = try TestSite([
            "Site/index.md":
                "# Home\n\n[a](guide/Setup.md) [b](guide) [c](/guide/setup.md) [d](../out.md) [e](guide/setup.html#step-one) [f](file:///etc/passwd)\n",
            "Site/guide/index.md": "# Guide\n", "Site/guide/setup.md": "# Setup\n\n## Step one\n",
        ])
        defer { site.remove() }
        let outcome = try await site.build()
        defer { outcome.staged.discard() }
        let rules = outcome.diagnostics.map(\.rule.rawValue)
        #expect(rules == ["case-mismatch", "directory-no-slash", "absolute-path", "escapes-root", "file-url"])
    }

    /// `docs` for a folder `Docs/`: one case-mismatch naming the folder, as the crawl words it, so
    /// that the build reports it once.
    @Test func aFolderLinkInTheWrongCaseWithoutItsSlashIsACaseMismatch() async throws {
        let site = try TestSite(["Site/index.md": "# Home\n\n[d](docs)\n", "Site/Docs/index.md": "# Docs\n"])
        defer { site.remove() }
        let outcome = try await site.build()
        defer { outcome.staged.discard() }
        #expect(
            outcome.diagnostics.map(\.description) == [
                "Site/index.md:3:1: error: no file 'docs' in the site, but the folder 'Docs/' exists (letter case matters "
                    + "on devices, and a folder is served only with its slash) [case-mismatch]"
            ])
    }

    @Test(arguments: [
        (["Site/index.md": "---\ntemplate: nope\n---\n# Home\n"], "Site/index.md:2:11: error: unknown template 'nope'"),
        (
            ["Site/index.md": "# Home\n", "Site/a.md": "# A\n", "Site/a.html": "<p>asset</p>"],
            "Site/a.html: error: 'a.html' is produced twice"
        ),
        (
            ["Site/index.md": "# Home\n", "Site/Intro.md": "# A\n", "Site/intro.md": "# B\n"],
            "Site/intro.md: error: 'intro.md' and 'Intro.md' differ only in letter case"
        ),
        // Outputs that collide are named by the Markdown file a page's comes from.
        (
            ["Site/index.md": "# Home\n", "Site/a+b.md": "# A\n", "Site/A+B.html": "<p>asset</p>"],
            "Site/a+b.md: error: 'a+b.html' (from Site/a+b.md) and 'A+B.html' differ only in letter case"
        ),
        (
            ["Site/index.md": "# Home\n", "Site/B.md": "# B\n", "Site/b.html": "<p>asset</p>"],
            "Site/B.md: error: 'b.html' and 'B.html' (from Site/B.md) differ only in letter case"
        ),
        (["Site/index.md": "---\ntitle: [unclosed\n---\n"], "Site/index.md:"),
        (["Site/other.md": "# Other\n"], "Site/index.md: error: the entry page 'index.md' is not a page of the site"),
        (["Site/index.md": "---\norder: first\n---\n"], "Site/index.md:2:8: error: 'order' must be a whole number"),
        (
            ["Site/index.md": "---\norder: 99999999999999999999999\n---\n"],
            "Site/index.md:2:8: error: 'order' is too large: a whole number must be from"
        ),
        // A page has one place in the sidebar, listed or as a section's first page.
        (
            [
                "Site/sitegen.yml": "nav:\n  - index.md\n  - Guide:\n      - a.md\n      - index.md\n",
                "Site/index.md": "# H\n", "Site/a.md": "# A\n",
            ],
            "Site/sitegen.yml:5:9: error: nav entry 'index.md' is listed twice (first at line 2)"
        ),
        // With a title, at the path, not the title.
        (
            ["Site/sitegen.yml": "nav:\n  - index.md\n  - Again: index.md\n", "Site/index.md": "# H\n"],
            "Site/sitegen.yml:3:12: error: nav entry 'index.md' is listed twice (first at line 2)"
        ),
        (
            ["Site/sitegen.yml": "nav:\n  - index.md\n  - Gone: gone.md\n", "Site/index.md": "# H\n"],
            "Site/sitegen.yml:3:11: error: nav entry 'gone.md' names no page of the site"
        ),
        // A URL in the nav is quoted as written; a section with an empty list would be a bare heading.
        (
            ["Site/sitegen.yml": "nav:\n  - index.md\n  - Ext: https://example.com/a//b\n", "Site/index.md": "# H\n"],
            "Site/sitegen.yml:3:10: error: nav entry 'https://example.com/a//b' is a https: URL: the nav lists pages of "
                + "the site; link to other sites from a page"
        ),
        (
            ["Site/sitegen.yml": "nav:\n  - index.md\n  - Empty: []\n", "Site/index.md": "# H\n"],
            "Site/sitegen.yml:3:12: error: nav section 'Empty' lists no pages"
        ),
        (
            ["Site/sitegen.yml": "nav:\n  - index.md\n  - '  ': [a.md]\n", "Site/index.md": "# H\n", "Site/a.md": "# A\n"],
            "Site/sitegen.yml:3:5: error: a nav title is empty: write the words the sidebar shows"
        ),
        (
            ["Site/sitegen.yml": "nav: []\n", "Site/index.md": "# H\n"],
            "Site/sitegen.yml:1:6: error: nav lists no pages: list them, or leave nav out to make it from the folders"
        ),
        (
            ["Site/sitegen.yml": "nav:\n  - index.md\n  - //example.com/x.md\n", "Site/index.md": "# H\n"],
            "Site/sitegen.yml:3:5: error: nav entry '//example.com/x.md' is a URL (protocol-relative): the nav lists pages "
                + "of the site; link to other sites from a page"
        ),
        // A file where another output needs a folder: named by what makes each, before any is written.
        (
            ["Site/index.md": "# H\n", "Site/guide/install.md": "# I\n", "Site/guide/install.html/a.txt": "x"],
            "Site/guide/install.md: error: 'guide/install.html' is produced as a file, by Site/guide/install.md, "
                + "and as a folder, by Site/guide/install.html/a.txt"
        ),
        (
            ["Site/index.md": "# H\n", "Site/_sitegen": "x"],
            "Site/_sitegen: error: '_sitegen' is produced as a file, by Site/_sitegen, and as a folder, by sitegen's "
                + "navigation script (_sitegen/nav.js)"
        ),
    ])
    func inputErrors(files: [String: String], expected: String) async throws {
        let site = try TestSite(files)
        defer { site.remove() }
        await site.expectInputError(expected, prefix: true)
    }

    @Test func linksToAliasesAndOddFileNamesAreFine() async throws {
        let site = try TestSite([
            "Site/index.md": "# Home\n\n[space](my%20page.md) [cafe](caf%C3%A9.md) [old](old/start.html) [dir](old/home/)\n",
            "Site/my page.md": "# My page\n",
            "Site/café.md": "# Café\n",
            "Site/guide/index.md": "---\naliases: [old/start.html, old/home/]\n---\n# Guide\n",
        ])
        defer { site.remove() }
        let outcome = try await site.build()
        defer { outcome.staged.discard() }
        #expect(outcome.diagnostics.isEmpty, "\(outcome.diagnostics)")
        let html = try site.staged(outcome, "index.html")
        #expect(html.contains("href=\"my%20page.html\""))
        #expect(html.contains("href=\"caf%C3%A9.html\""))
        #expect(!html.contains("href=\"my page.html\""))
    }

    /// A fragment written with escapes is named decoded, as the crawl names it.
    @Test func aBrokenFragmentIsNamedDecoded() async throws {
        let site = try TestSite(["Site/index.md": "# Home\n\n[x](#caf%C3%A9-x) [y](#install%3A~%3Atext=z)\n"])
        defer { site.remove() }
        let outcome = try await site.build()
        defer { outcome.staged.discard() }
        #expect(
            outcome.diagnostics.map(\.message) == [
                "no heading 'café-x' in index.md", "no heading 'install:~:text=z' in index.md",
            ])
    }

    /// Raw HTML's ids and names are anchors, in a block or inline; a link title that reads `id='x'`
    /// is text in an attribute, no anchor.
    @Test func rawHTMLAnchorsCountAndAttributeTextDoesNot() async throws {
        let site = try TestSite([
            "Site/index.md":
                "# Home\n\n<div id=\"block\"></div>\n\nSee <span id=\"inline\">x</span>.\n\n[a](#block) [b](#inline)\n",
            "Site/plain.md": "# Plain\n\n[t](#ghost \"see id='ghost'\") ![alt id='shade'](#shade)\n",
        ])
        defer { site.remove() }
        let outcome = try await site.build()
        defer { outcome.staged.discard() }
        #expect(
            outcome.diagnostics.map(\.description) == [
                "Site/plain.md:3:1: error: no heading 'ghost' in plain.md [broken-fragment]",
                "Site/plain.md:3:30: error: no heading 'shade' in plain.md [broken-fragment]",
            ])
    }

    @Test func unknownConfigKeysAreWarnings() async throws {
        let site = try TestSite([
            "Site/sitegen.yml": "title: T\ncolour: blue\nstict: true\n",
            "Site/index.md": "---\ntitel: x\ndarft: true\nhide: [toc]\nweight: 3\n---\n# Home\n",
        ])
        defer { site.remove() }
        let outcome = try await site.build()
        defer { outcome.staged.discard() }
        // A near miss of a known key is named.
        #expect(
            outcome.diagnostics.map(\.description) == [
                "Site/index.md:2:1: warning: unknown front matter key 'titel' (did you mean 'title'?) [unknown-key]",
                "Site/index.md:3:1: warning: unknown front matter key 'darft' (did you mean 'draft'?) [unknown-key]",
                "Site/index.md:4:1: warning: unknown front matter key 'hide': a page without the sidebar or the table of contents uses a template of its own (template:) [unknown-key]",
                "Site/index.md:5:1: warning: unknown front matter key 'weight': the place in the sidebar is order: (Hugo's weight) [unknown-key]",
                "Site/sitegen.yml:2:1: warning: unknown key 'colour' in the configuration [unknown-key]",
                "Site/sitegen.yml:3:1: warning: unknown key 'stict' in the configuration (did you mean 'strict'?) [unknown-key]",
            ])
    }
}

extension SiteBuilderTests {
    /// templates.md: the table of contents lists the headings that have text; an empty one or one
    /// that shows only an image would be a link with nothing to read.
    @Test func headingsWithoutTextAreLeftOutOfTheTableOfContents() async throws {
        let site = try TestSite(
            [
                "Site/index.md": "# Home\n\n## One\n\n##\n\n## ![logo](a.png)\n\n### \u{1F600}\n\ntext\n", "Site/a.png": "png",
            ], defaultTheme: true)
        defer { site.remove() }
        let outcome = try await site.build()
        defer { outcome.staged.discard() }
        let html = try site.staged(outcome, "index.html")
        let toc = try #require(html.range(of: "<nav class=\"toc\"").map { html[$0.lowerBound...] })
        let entries = String(toc).components(separatedBy: "</nav>")[0]
        #expect(entries.contains("href=\"#one\">One<") && entries.contains(">\u{1F600}<"), "\(entries)")
        #expect(!entries.contains("href=\"#section\"") && !entries.contains("href=\"#section-1\""), "\(entries)")
    }

    /// front-matter.md: the default theme writes the description as the lead under the title it
    /// writes; a page that starts with its own `#` heading gets no lead above that heading.
    @Test func theLeadFollowsTheTitleTheLayoutWrites() async throws {
        let site = try TestSite(
            [
                "Site/index.md": "---\ndescription: Home lead.\n---\n# Home\n\n[a](a.md)\n",
                "Site/a.md": "---\ntitle: A\ndescription: A lead.\n---\nText.\n",
            ], defaultTheme: true)
        defer { site.remove() }
        let outcome = try await site.build()
        defer { outcome.staged.discard() }
        let a = try site.staged(outcome, "a.html")
        let title = try #require(a.range(of: "<h1>A</h1>")), lead = try #require(a.range(of: "<p class=\"lead\">A lead.</p>"))
        #expect(title.upperBound <= lead.lowerBound)
        let home = try site.staged(outcome, "index.html")
        #expect(!home.contains("class=\"lead\"") && home.contains("content=\"Home lead.\""), "\(home)")
    }

    /// A Markdown link whose host decodes to a space is no URL, worded as the crawl words it, so
    /// that a build reports it once.
    @Test func aMarkdownLinkWithAHostThatDecodesToASpaceIsNoURL() async throws {
        let site = try TestSite(["Site/index.md": "# H\n\n[a](http://exa%20mple.com/)\n"])
        defer { site.remove() }
        let outcome = try await site.build()
        defer { outcome.staged.discard() }
        #expect(
            outcome.diagnostics.map(\.description) == [
                "Site/index.md:3:1: error: cannot parse URL 'http://exa%20mple.com/' [invalid-url]"
            ])
    }

    /// `sitegen.yaml` is the configuration too (as MkDocs and Hugo take `.yaml`), not an asset of
    /// the bundle; both names at once are an input error.
    @Test func theConfigurationMayBeNamedSitegenYaml() async throws {
        let site = try TestSite(["Site/sitegen.yaml": "title: Yaml\n", "Site/index.md": "# Home\n"])
        defer { site.remove() }
        let outcome = try await site.build()
        defer { outcome.staged.discard() }
        #expect(outcome.config.title == "Yaml")
        #expect(!outcome.manifest.resources.contains { $0.file.hasPrefix("sitegen") })
        let both = try TestSite(["Site/sitegen.yaml": "title: A\n", "Site/sitegen.yml": "title: B\n", "Site/index.md": "# H\n"])
        defer { both.remove() }
        await both.expectInputError("Site/sitegen.yaml: error: the site has both sitegen.yml and sitegen.yaml: keep one")
    }

    /// `Sitegen.yml` is the configuration on a Mac's case-insensitive disk, and would be a file of
    /// the site on Linux: the same site would build two ways.
    @Test(arguments: ["Sitegen.yml", "SITEGEN.YAML", "sitegen.YML"])
    func theConfigurationsNameInOtherLetterCaseIsAnError(name: String) async throws {
        let site = try TestSite(["Site/\(name)": "title: T\n", "Site/index.md": "# Home\n", "Site/guide/Sitegen.yml": "x: 1\n"])
        defer { site.remove() }
        let lower = name.lowercased()
        await site.expectInputError(
            "Site/\(name): error: differs from \(lower) only in letter case: on a case-insensitive disk (a Mac's) it is the "
                + "configuration, here it would be a file of the site; name it \(lower), or move it into a folder")
    }

    /// configuration.md: an empty or blank `title` leaves the default, as in front matter.
    @Test(arguments: ["title:\n", "title: \"\"\n", "title: \"  \"\n", "title: ~\n"])
    func aBlankSiteTitleLeavesTheDefault(config: String) async throws {
        let site = try TestSite(["Site/sitegen.yml": config, "Site/index.md": "# Home\n"])
        defer { site.remove() }
        let outcome = try await site.build()
        defer { outcome.staged.discard() }
        #expect(outcome.config.title == "Documentation")
    }

    /// A list, a mapping, null or empty text written as a key (`? [a]`, `"": 1`) is no key sitegen could know: the warning
    /// says what a key must be, at the key.
    @Test func keysThatAreNotTextAreWarnings() async throws {
        let site = try TestSite([
            "Site/sitegen.yml": "title: T\n? [a]\n: x\n\"\": 1\n",
            "Site/index.md": "---\n? {a: 1}\n: x\n~: y\n'': z\n---\n# Home\n",
        ])
        defer { site.remove() }
        let outcome = try await site.build()
        defer { outcome.staged.discard() }
        #expect(
            outcome.diagnostics.map(\.description) == [
                "Site/index.md:2:3: warning: a front matter key must be plain text, not a mapping [unknown-key]",
                "Site/index.md:4:1: warning: a front matter key must be plain text, not empty [unknown-key]",
                "Site/index.md:5:1: warning: a front matter key must be plain text, not empty [unknown-key]",
                "Site/sitegen.yml:2:3: warning: a key of the configuration must be plain text, not a list [unknown-key]",
                "Site/sitegen.yml:4:1: warning: a key of the configuration must be plain text, not empty [unknown-key]",
            ])
    }
}

@Suite struct NavOrderTests {
    @Test func titlesSortNaturallyAndCaseInsensitively() async throws {
        let site = try TestSite([
            "Site/index.md": "# Home\n", "Site/a.md": "# Step 10\n", "Site/b.md": "# step 2\n", "Site/c.md": "# Step 1\n",
            "Site/d.md": "# Apple\n",
        ])
        defer { site.remove() }
        let outcome = try await site.build()
        defer { outcome.staged.discard() }
        let html = try site.staged(outcome, "index.html")
        let positions = ["Apple", "Step 1", "step 2", "Step 10"].map { html.range(of: ">\($0)</a>")?.lowerBound }
        #expect(positions.allSatisfy { $0 != nil })
        #expect(positions.compactMap { $0 } == positions.compactMap { $0 }.sorted())
    }
}

extension SiteBuilderTests {
    /// A folder's `README.md` is a page of its own (GitHub and MkDocs show it as the folder's): a
    /// link to the folder says to rename it.
    @Test func aLinkToAFolderWithAReadmeSaysToRenameIt() async throws {
        let site = try TestSite([
            "Site/index.md": "# Home\n\n[ref](reference/)\n", "Site/reference/README.md": "# Ref\n",
        ])
        defer { site.remove() }
        let outcome = try await site.build()
        defer { outcome.staged.discard() }
        #expect(
            outcome.diagnostics.map(\.description) == [
                "Site/index.md:3:1: error: no page 'reference/index.md' in the site: a folder's page is its index.md, and "
                    + "reference/README.md is a page of its own (reference/README.html); rename it to index.md [broken-link]"
            ])
    }
}

extension SiteBuilderTests {
    /// MkDocs drops accents from its heading ids (`cafe-options`), GitHub's ids keep them: a link
    /// written for MkDocs is told the id it meant, an accent being one edit, and a short id's
    /// accents, more edits than its length allows, being dropped to compare.
    @Test func anIdWithoutItsAccentsIsSuggested() async throws {
        let site = try TestSite([
            "Site/index.md":
                "# Home\n\n## Café options\n\n## Été\n\n[a](#cafe-options) [b](#cafe-optoins) [c](#ete) [d](#etc-a)\n"
        ])
        defer { site.remove() }
        let outcome = try await site.build()
        defer { outcome.staged.discard() }
        #expect(
            outcome.diagnostics.map(\.description) == [
                "Site/index.md:7:1: error: no heading 'cafe-options' in index.md (did you mean 'café-options'?) [broken-fragment]",
                "Site/index.md:7:20: error: no heading 'cafe-optoins' in index.md (did you mean 'café-options'?) [broken-fragment]",
                "Site/index.md:7:39: error: no heading 'ete' in index.md (did you mean 'été'?) [broken-fragment]",
                "Site/index.md:7:49: error: no heading 'etc-a' in index.md [broken-fragment]",
            ])
    }
}
