import Foundation
import SitegenCore
import SitegenLinks
import Testing

@testable import SitegenCLI

/// Crawl findings of a build point at the Markdown line a link came from, however it was written,
/// and are never merged with other findings.
@Suite(.serialized) struct FindingSourceTests {
    @Test func rawHTMLLinksPointAtTheirMarkdownLinesAndAreEachReported() throws {
        let runner = try SitegenRunner()
        defer { runner.cleanUp() }
        try runner.copyFixture("Themes/minimal", to: "Templates")
        try runner.write(
            "# Home\n\n<a href=\"nope1.html\">x</a>\n\n<img src=\"missing.png\">\n\n[a](a.md)\n", to: "Site/index.md")
        try runner.write("# A\n\nSee <a href='nope2.html'>y</a> and <a href=\"x.html?a=1&amp;b=2\">q</a>.\n", to: "Site/a.md")
        let run = try runner.run(["build"])
        #expect(run.status == 1, "\(run.stderr)")
        let findings = run.stdout.split(separator: "\n").filter { $0.contains("[broken-link]") }
        #expect(
            findings == [
                "Site/a.md:3:14: error: no file 'nope2.html' in the bundle [broken-link]",
                "Site/a.md:3:45: error: no file 'x.html' in the bundle [broken-link]",
                "Site/index.md:3:10: error: no file 'nope1.html' in the bundle [broken-link]",
                "Site/index.md:5:11: error: no file 'missing.png' in the bundle [broken-link]",
            ], "\(run.stdout)")
        #expect(run.stdout.contains("4 errors"), "\(run.stdout)")
    }

    /// An image URL of a raw `srcset` with descriptors points at itself in the Markdown, each of
    /// two alike at its own line, not at the template.
    @Test func srcsetCandidatesPointAtTheirMarkdownLines() throws {
        let runner = try SitegenRunner()
        defer { runner.cleanUp() }
        try runner.copyFixture("Themes/minimal", to: "Templates")
        try runner.write("png", to: "Site/a.png")
        try runner.write(
            "# H\n\n<img src=\"a.png\" srcset=\"a.png 1x, missing.png 2x\" alt=\"\">\n\n"
                + "<img srcset=\"missing.png 1x,   b.png 2x\" alt=\"\">\n", to: "Site/index.md")
        let run = try runner.run(["build"])
        let findings = run.stdout.split(separator: "\n").filter { $0.contains("[broken-link]") }
        #expect(
            findings == [
                "Site/index.md:3:36: error: no file 'missing.png' in the bundle [broken-link]",
                "Site/index.md:5:14: error: no file 'missing.png' in the bundle [broken-link]",
                "Site/index.md:5:32: error: no file 'b.png' in the bundle [broken-link]",
            ], "\(run.stdout)")
    }

    /// Two links that differ only in Unicode normalization are two links: the finding about the NFD
    /// one points at it, not at the NFC one that works.
    @Test func aLinkInAnotherNormalizationIsPlacedAtItself() throws {
        let runner = try SitegenRunner()
        defer { runner.cleanUp() }
        try runner.copyFixture("Themes/minimal", to: "Templates")
        try runner.write("# C\n", to: "Site/caf\u{E9}.md")
        try runner.write("# H\n\n[a](caf\u{E9}.md) [b](cafe\u{301}.md)\n\n[c](cafe\u{301}.md)\n", to: "Site/index.md")
        let run = try runner.run(["build"])
        let places = run.stdout.split(separator: "\n").filter { $0.contains("[broken-link]") }.map { $0.prefix { $0 != " " } }
        #expect(places == ["Site/index.md:3:14:", "Site/index.md:5:1:"], "\(run.stdout)")
    }

    /// A Markdown link with a space and a stray `%` (`<a b%.md>`), which the page writes as
    /// `a%20b%.html`, is one finding at its line, not a second one at the template.
    @Test func aLinkWithAStrayPercentIsReportedOnce() throws {
        let runner = try SitegenRunner()
        defer { runner.cleanUp() }
        try runner.copyFixture("Themes/minimal", to: "Templates")
        try runner.write("# H\n\n[a](<a b%.md>)\n", to: "Site/index.md")
        let run = try runner.run(["build"])
        let findings = run.stdout.split(separator: "\n").filter { $0.contains("error:") }
        #expect(findings == ["Site/index.md:3:1: error: 'a b%.md' has an invalid percent-escape [invalid-url]"], "\(run.stdout)")
    }

    /// A style sheet of a type the bundle does not serve as CSS is reported at its Markdown line, on
    /// every build, until `mime_types` gives it the type, as the message says.
    @Test func aStyleSheetOfAnotherTypeIsReportedUntilMimeTypesMapsIt() throws {
        let runner = try SitegenRunner()
        defer { runner.cleanUp() }
        try runner.copyFixture("Themes/minimal", to: "Templates")
        try runner.write("# Home\n\n<link rel=\"stylesheet\" href=\"extra.less\">\n", to: "Site/index.md")
        try runner.write("p { color: red }\n", to: "Site/extra.less")
        let expected =
            "Site/index.md:3:30: error: style sheet 'extra.less' is served as application/octet-stream, and a browser "
            + "applies a style sheet only if it is text/css (the bundle sends nosniff): name it .css, or give .less "
            + "the type text/css with mime_types in sitegen.yml [wrong-type]"
        for build in ["first", "unchanged"] {
            let run = try runner.run(["build"])
            #expect(run.status == 1, "\(build): \(run.stderr)")
            #expect(
                run.stdout.split(separator: "\n").filter { $0.contains("[wrong-type]") } == [Substring(expected)],
                "\(build): \(run.stdout)")
        }
        try runner.write("mime_types:\n  less: text/css\n", to: "Site/sitegen.yml")
        let mapped = try runner.run(["build"])
        #expect(mapped.status == 0, "\(mapped.stdout)")
        #expect(!mapped.stdout.contains("[wrong-type]"))
    }

    /// CSS written in a page's raw HTML: its findings point at the Markdown line of the `url(` or the
    /// `@import` string, not at the template.
    @Test func cssInRawHTMLPointsAtItsMarkdownLines() throws {
        let runner = try SitegenRunner()
        defer { runner.cleanUp() }
        try runner.copyFixture("Themes/minimal", to: "Templates")
        try runner.write(
            "# Home\n\n<style>\n@import \"g.less\";\np { background: url(missing.png) }\n</style>\n\n"
                + "<p style=\"background: url('gone.png')\">x</p>\n", to: "Site/index.md")
        try runner.write("p {}\n", to: "Site/g.less")
        let run = try runner.run(["build"])
        #expect(run.status == 1, "\(run.stderr)")
        let places = run.stdout.split(separator: "\n").filter { $0.contains("[wrong-type]") || $0.contains("[broken-link]") }
            .map { $0.split(separator: ":").prefix(3).joined(separator: ":") + " " + ($0.split(separator: "[").last ?? "") }
        #expect(
            places == ["Site/index.md:4:9 wrong-type]", "Site/index.md:5:17 broken-link]", "Site/index.md:8:23 broken-link]"],
            "\(run.stdout)")
    }

    /// One URL linked several times on a page: each finding is at its own link, none merged away.
    @Test func findingsOfLinksWithTheSameURLPointAtEachLink() throws {
        let runner = try SitegenRunner()
        defer { runner.cleanUp() }
        try runner.copyFixture("Themes/minimal", to: "Templates")
        try runner.write(
            "# Home\n\n<img src=\"x.txt\">\n\n<link rel=\"stylesheet\" href=\"x.txt\">\n\n<script src=\"x.txt\"></script>\n\n"
                + "[gone](gone.html) and <a href=\"gone.html\">again</a>\n",
            to: "Site/index.md")
        try runner.write("x\n", to: "Site/x.txt")
        let run = try runner.run(["build"])
        let places = run.stdout.split(separator: "\n").filter { $0.contains("[wrong-type]") || $0.contains("[broken-link]") }
            .map { $0.split(separator: ":").prefix(3).joined(separator: ":") + " " + ($0.split(separator: "[").last ?? "") }
        #expect(
            places == [
                "Site/index.md:5:30 wrong-type]", "Site/index.md:7:14 wrong-type]", "Site/index.md:9:1 broken-link]",
                "Site/index.md:9:32 broken-link]",
            ], "\(run.stdout)")
    }

    /// Hundreds of findings of one link on one page (a repeated external link, a missing heading
    /// written as a link and as raw HTML) each point at their own line: the page's places are
    /// worked out once for all of them, not once each.
    @Test func manyFindingsOfOneLinkPointAtTheirOwnLines() throws {
        let runner = try SitegenRunner()
        defer { runner.cleanUp() }
        try runner.copyFixture("Themes/minimal", to: "Templates")
        let markdown = (0..<300).map { _ in "- [tracker](https://example.com/issues) [o](index.md#opts) <a href=\"#opts\">r</a>\n"
        }
        try runner.write("# Home\n\n" + markdown.joined(), to: "Site/index.md")
        let run = try runner.run(["build"])
        #expect(run.status == 1)
        let places = run.stdout.split(separator: "\n").filter { $0.hasPrefix("Site/index.md:") }
            .map { $0.split(separator: ":").prefix(3).joined(separator: ":") + " " + ($0.split(separator: "[").last ?? "") }
        let expected = (3..<303).flatMap { line in
            [
                "Site/index.md:\(line):3 external-link]", "Site/index.md:\(line):41 broken-fragment]",
                "Site/index.md:\(line):69 broken-fragment]",
            ]
        }
        #expect(places == expected, "\(run.stdout.prefix(2000))")
        // Hundreds of different hrefs in raw HTML, in double and single quotes, escaped or not:
        // each at its own line, the page's source read into a table once.
        let raw = (0..<200).map { index in
            index % 2 == 0 ? "<a href=\"gone\(index).html?a=1&amp;b=2\">x</a>\n\n" : "<a href='gone\(index).html'>x</a>\n\n"
        }
        try runner.write("# Home\n\n" + raw.joined(), to: "Site/index.md")
        let rawRun = try runner.run(["build"])
        let rawPlaces = rawRun.stdout.split(separator: "\n").filter { $0.hasPrefix("Site/index.md:") }
            .map { $0.split(separator: ":").prefix(3).joined(separator: ":") }
        #expect(rawPlaces == (0..<200).map { "Site/index.md:\(3 + 2 * $0):10" }, "\(rawRun.stdout.prefix(2000))")
    }

    @Test func idsWrittenTwiceInRawHTMLPointAtTheirMarkdownLines() throws {
        let runner = try SitegenRunner()
        defer { runner.cleanUp() }
        try runner.copyFixture("Themes/minimal", to: "Templates")
        try runner.write("# Home\n\n[a](a.md)\n", to: "Site/index.md")
        try runner.write(
            "# A\n\n<div id=\"d1\">one</div>\n<div id='d1'>two</div>\n\n## Examples\n\n<span id=\"examples\">x</span>\n",
            to: "Site/a.md")
        let run = try runner.run(["build"])
        let findings = run.stdout.split(separator: "\n").filter { $0.contains("[duplicate-id]") }
        #expect(findings.count == 2, "\(run.stdout)")
        #expect(findings.first == "Site/a.md:4:6: warning: duplicate id 'd1' (first at line 3) [duplicate-id]")
        // The first is a heading's id: only the generated page has both; "first at" names the heading's
        // Markdown line, not a line of the generated page.
        #expect(
            findings.last?.hasPrefix(
                "Site/a.md:8:7: warning: duplicate id 'examples' (first at line 6, a heading's id; in generated dist/a.html:")
                == true, "\(run.stdout)")
        // A heading after the raw HTML's id is the repeat: named as such, not as the first.
        try runner.write("# A\n\n<span id=\"examples\">x</span>\n\n## Examples\n", to: "Site/a.md")
        let after = try runner.run(["build"]).stdout.split(separator: "\n").filter { $0.contains("[duplicate-id]") }
        #expect(
            after.count == 1
                && after[0].hasPrefix(
                    "Site/a.md:3:7: warning: duplicate id 'examples' (again at line 5, a heading's id; in generated dist/a.html:"),
            "\(after)")
    }

    /// Raw HTML read as a browser reads it: references decoded, any quotes. A finding about it points
    /// at its Markdown line, and the Markdown check agrees with the crawl about its ids.
    @Test func rawHTMLWithCharacterReferencesPointsAtItsMarkdownLines() throws {
        let runner = try SitegenRunner()
        defer { runner.cleanUp() }
        try runner.copyFixture("Themes/minimal", to: "Templates")
        try runner.write(
            """
            # Home

            <a href="missing&copy.html">a</a>

            <span id="c&copy">a</span>

            <span id='c&copy;'>b</span>

            <span id="x&amp;y">c</span> <span id='sq'>d</span> <span id=bare>e</span>

            [amp](#x&y) [sq](#sq) [bare](#bare) [copy](#c©)

            """, to: "Site/index.md")
        let run = try runner.run(["build"])
        #expect(run.status == 1, "\(run.stderr)")
        let findings = run.stdout.split(separator: "\n").filter { $0.contains("[") && $0.contains(": ") }
        #expect(
            findings == [
                "Site/index.md:3:10: error: no file 'missing©.html' in the bundle [broken-link]",
                "Site/index.md:7:7: warning: duplicate id 'c©' (first at line 5) [duplicate-id]",
            ], "\(run.stdout)")
    }

    @Test func templateFindingsOfSeveralPagesAreAllReported() throws {
        let runner = try SitegenRunner()
        defer { runner.cleanUp() }
        try runner.copyFixture("Themes/minimal", to: "Templates")
        let page = try runner.read("Templates/page.html")
        // A link the template writes as it is, and one it makes from each page's title.
        try runner.write(
            page.replacingOccurrences(
                of: "</body>", with: "<a href=\"{{root}}gone.html\">g</a>\n<a href=\"lost-{{page.title}}.html\">l</a></body>"),
            to: "Templates/page.html")
        try runner.write("# Home\n\n[a](a.md)\n", to: "Site/index.md")
        try runner.write("# A\n", to: "Site/a.md")
        let run = try runner.run(["build"])
        #expect(run.status == 1)
        let findings = run.stdout.split(separator: "\n").filter { $0.contains("[broken-link]") }
        // The written one is found in the template, once for every page; the made ones stay apart.
        #expect(
            findings == [
                "Templates/page.html: error: no file 'lost-A.html' in the bundle (in generated dist/a.html:21:4) [broken-link]",
                "Templates/page.html: error: no file 'lost-Home.html' in the bundle (in generated dist/index.html:22:4) [broken-link]",
                "Templates/page.html:17:18: error: no file 'gone.html' in the bundle [broken-link]",
            ], "\(run.stdout)")
    }

    @Test func nonASCIILinksAreReportedOnceAtTheirMarkdownLine() throws {
        let runner = try SitegenRunner()
        defer { runner.cleanUp() }
        try runner.copyFixture("Themes/minimal", to: "Templates")
        try runner.write("# Home\n\n[x](nöpe.md)\n\n[y](#Café-olé)\n", to: "Site/index.md")
        let run = try runner.run(["build"])
        #expect(run.status == 1)
        let findings = run.stdout.split(separator: "\n").filter { $0.contains("error:") }
        #expect(
            findings == [
                "Site/index.md:3:1: error: no page 'nöpe.md' in the site [broken-link]",
                "Site/index.md:5:1: error: no heading 'Café-olé' in index.md [broken-fragment]",
            ], "\(run.stdout)")
    }

    @Test func anAliasInAnotherFolderIsReportedAtItsFrontMatterLineAndAfterARebuild() throws {
        let runner = try SitegenRunner()
        defer { runner.cleanUp() }
        try runner.copyFixture("Themes/minimal", to: "Templates")
        try runner.write("# Home\n\n[Install](guide/install.md)\n", to: "Site/index.md")
        try runner.write(
            "---\ntitle: Install\naliases:\n  - guide/old.html\n  - setup.html\n---\n\nSee [other](other.md).\n",
            to: "Site/guide/install.md")
        try runner.write("# Other\n\n[Install](install.md)\n", to: "Site/guide/other.md")
        let first = try runner.run(["build"])
        #expect(first.status == 1, "\(first.stderr)")
        let findings = first.stdout.split(separator: "\n").filter { $0.hasSuffix("[alias-folder]") }
        #expect(findings.count == 1, "\(first.stdout)")
        #expect(
            findings.first?.hasPrefix("Site/guide/install.md:5:5: error: served as its alias 'setup.html', this page breaks")
                == true)
        // A rebuild that rechecks only the changed page keeps the finding.
        try runner.write(
            "---\ntitle: Install\naliases:\n  - guide/old.html\n  - setup.html\n---\n\nSee [other](other.md) again.\n",
            to: "Site/guide/install.md")
        let again = try runner.run(["build"])
        #expect(again.stdout.split(separator: "\n").filter { $0.hasSuffix("[alias-folder]") } == findings, "\(again.stdout)")
    }

    /// An id a template writes twice is reported at the second place in the template, with the
    /// first in the same file's lines; one written once and rendered twice, at its one place.
    @Test func aDuplicateIDOfTheTemplateIsReportedInTheTemplate() throws {
        let runner = try SitegenRunner()
        defer { runner.cleanUp() }
        try runner.write(
            "<!doctype html>\n<title>{{page.title}}</title>\n<main>{{{content}}}</main>\n{{> foot}}\n{{> foot}}\n",
            to: "Templates/page.html")
        try runner.write(
            "<p id=\"x\">a</p>\n<p class=\"checkbox\" id=\"x\">b</p>\n<p id=\"y\">c</p>\n", to: "Templates/partials/foot.html")
        // A partial no page renders is no place of the page's ids.
        try runner.write("<div id=\"y\"></div>\n", to: "Templates/partials/unused.html")
        try runner.write("# Home\n", to: "Site/index.md")
        let run = try runner.run(["build"])
        let found = run.stdout.split(separator: "\n").filter { $0.hasSuffix("[duplicate-id]") }
        #expect(
            found.contains("Templates/partials/foot.html:2:21: warning: duplicate id 'x' (first at line 1) [duplicate-id]"),
            "\(run.stdout)")
        #expect(
            found.contains {
                $0.hasPrefix(
                    "Templates/partials/foot.html:3:4: warning: duplicate id 'y' (written once here, rendered more than once; in generated "
                )
            }, "\(run.stdout)")
    }

    /// A template link made of a variable and a fragment (`{{home}}#zzz`) is found in the template
    /// by its fragment: one finding there, not one per page at the page template.
    @Test func aTemplateLinkToAFragmentOfHomeIsReportedOnceInTheTemplate() throws {
        let runner = try SitegenRunner()
        defer { runner.cleanUp() }
        try runner.write(
            "<!doctype html>\n<title>{{page.title}}</title>\n{{> foot}}\n<main>{{{content}}}</main>\n", to: "Templates/page.html")
        try runner.write("<footer>\n  <a href=\"{{home}}#zzz\">Top</a>\n</footer>\n", to: "Templates/partials/foot.html")
        try runner.write("# Home\n\n[b](b.md)\n", to: "Site/index.md")
        try runner.write("# B\n", to: "Site/b.md")
        let run = try runner.run(["build"])
        let found = run.stdout.split(separator: "\n").filter { $0.hasSuffix("[broken-fragment]") }
        #expect(found.count == 1, "\(run.stdout)")
        #expect(
            found.first?.hasPrefix("Templates/partials/foot.html:2:20: error: no id 'zzz' in index.html") == true, "\(run.stdout)"
        )
    }

    /// An alias written in another spelling than its path (`%20`, `./`, `//`) is found at its item.
    @Test func anAliasInAnotherSpellingIsReportedAtItsItem() throws {
        let runner = try SitegenRunner()
        defer { runner.cleanUp() }
        try runner.copyFixture("Themes/minimal", to: "Templates")
        try runner.write("# Home\n\n[a](a.md) [b](b.md) [g](g/index.md)\n", to: "Site/index.md")
        try runner.write("# G\n", to: "Site/g/index.md")
        try runner.write("---\ntitle: A\naliases:\n  - g%20h/x.html\n---\n[b](b.md)\n", to: "Site/a.md")
        try runner.write("---\ntitle: B\naliases:\n  - ./g//y.html\n---\n[a](a.md)\n", to: "Site/b.md")
        let run = try runner.run(["build"])
        let places = run.stdout.split(separator: "\n").filter { $0.hasSuffix("[alias-folder]") }.map {
            $0.prefix { $0 != " " }
        }
        #expect(places == ["Site/a.md:4:5:", "Site/b.md:4:5:"], "\(run.stdout)")
    }

    @Test func linksWrittenWithTheAppsOwnSchemeAreBundlePathsOrBroken() throws {
        let runner = try SitegenRunner()
        defer { runner.cleanUp() }
        try runner.copyFixture("Themes/minimal", to: "Templates")
        try runner.write(
            "# Home\n\n[a](docs://app/a.html)\n\n[b](docs://app/nope.html)\n\n[c](//cdn.example.com/x.js)\n\n"
                + "[d](docs://other/x.html)\n\n[e](//app/a.html#top)\n\n[f](%)\n", to: "Site/index.md")
        try runner.write("# A\n", to: "Site/a.md")
        let run = try runner.run(["build"])
        #expect(run.status == 1)
        let findings = run.stdout.split(separator: "\n").filter { $0.hasPrefix("Site/") }.map { $0.prefix { $0 != "'" } }
        #expect(
            findings == [
                "Site/index.md:5:1: error: no file ", "Site/index.md:7:1: error: ", "Site/index.md:9:1: error: ",
                "Site/index.md:13:1: error: ",
            ], "\(run.stdout)")
        #expect(run.stdout.contains("[broken-link]") && run.stdout.contains("'%' has an invalid percent-escape [invalid-url]"))
        #expect(!run.stdout.contains("[external-link]"), "\(run.stdout)")
    }

    @Test func anOrphanPageIsReportedAtItsMarkdownFile() throws {
        let runner = try SitegenRunner()
        defer { runner.cleanUp() }
        try runner.copyFixture("Themes/minimal", to: "Templates")
        try runner.write("nav:\n  - index.md\n", to: "Site/sitegen.yml")
        try runner.write("# Home\n", to: "Site/index.md")
        try runner.write("# Lost\n", to: "Site/guide/lost.md")
        let run = try runner.run(["build"])
        #expect(
            run.stdout.contains(
                "Site/guide/lost.md: warning: no link reaches this page from the entry (generated dist/guide/lost.html) [orphan]"),
            "\(run.stdout)")
    }

    /// An id repeated in raw HTML (a pasted SVG) is reported at every repeat, each at its own line.
    @Test func everyRepeatOfAnIDIsReportedAtItsOwnMarkdownLine() throws {
        let runner = try SitegenRunner()
        defer { runner.cleanUp() }
        try runner.copyFixture("Themes/minimal", to: "Templates")
        try runner.write("# Home\n\n[d](d.md)\n", to: "Site/index.md")
        let spans = (0..<300).map { _ in "<span id=\"x\"></span>\n" }.joined()
        try runner.write("# D\n\n" + spans, to: "Site/d.md")
        let run = try runner.run(["build"])
        let findings = run.stdout.split(separator: "\n").filter { $0.contains("[duplicate-id]") }
        #expect(findings.count == 299, "\(run.stdout.prefix(500))")
        #expect(findings.first == "Site/d.md:4:7: warning: duplicate id 'x' (first at line 3) [duplicate-id]")
        #expect(findings.last == "Site/d.md:302:7: warning: duplicate id 'x' (first at line 3) [duplicate-id]")
    }

    /// A heading whose id the template writes too is the thing to rename, not the template.
    @Test func aHeadingThatRepeatsATemplateIDIsReportedAtTheHeading() throws {
        let runner = try SitegenRunner()
        defer { runner.cleanUp() }
        try FileManager.default.copyItem(
            at: SitegenRunner.packageRoot.appendingPathComponent("Templates"), to: runner.url("Templates"))
        try runner.write("# H\n\n## sg main\n\n[x](#sg-main)\n", to: "Site/index.md")
        let run = try runner.run(["build"])
        let findings = run.stdout.split(separator: "\n").filter { $0.contains("[duplicate-id]") }
        #expect(findings.count == 1, "\(run.stdout)")
        #expect(
            findings.first?.hasPrefix(
                "Site/index.md:3:1: warning: heading id 'sg-main' is also an id the template writes (in generated dist/index.html:"
            ) == true, "\(run.stdout)")
        #expect(findings.first?.hasSuffix("): rename the heading [duplicate-id]") == true)
    }

    /// A template that writes the page twice repeats every heading's id, which renaming the heading
    /// cannot fix: one error at the template's second tag, not a warning at every heading.
    @Test func aTemplateWritingContentTwiceIsOneErrorAtItsSecondTag() throws {
        let runner = try SitegenRunner()
        defer { runner.cleanUp() }
        try runner.copyFixture("Themes/minimal", to: "Templates")
        let page = try runner.read("Templates/page.html")
        try runner.write(
            page.replacingOccurrences(of: "</main>\n", with: "</main>\n<aside>{{{content}}}</aside>\n"),
            to: "Templates/page.html")
        try runner.write("# Home\n\n## Two\n\n[b](b.md)\n", to: "Site/index.md")
        try runner.write("# B\n\n## Two\n", to: "Site/b.md")
        let run = try runner.run(["build"])
        #expect(run.status == 2, "\(run.stdout)")
        #expect(
            run.stderr
                == "Templates/page.html:14:8: error: 'content' is written a second time in one render (first at "
                + "Templates/page.html:12:1): it may be written only once (rendering Site/b.md)\n")
        #expect(!run.stdout.contains("heading id"), "\(run.stdout)")
    }

    /// An asset is copied byte for byte: a finding in it is fixed in the file it comes from, at the
    /// same line and column.
    @Test func findingsInCopiedAssetsPointAtTheirSourceFiles() throws {
        let runner = try SitegenRunner()
        defer { runner.cleanUp() }
        try runner.copyFixture("Themes/minimal", to: "Templates")
        try runner.write("body { color: black }\n.logo { background: url(gone.png) }\n", to: "Templates/assets/extra.css")
        try runner.write("# Home\n\n[legacy](legacy.html) <link rel=stylesheet href=\"assets/extra.css\">\n", to: "Site/index.md")
        try runner.write("<!doctype html>\n<p><a href=\"nope.html\">x</a> <b id=i></b><i id=i></i>\n", to: "Site/legacy.html")
        try runner.write("<p>nothing links here\n", to: "Site/old/lost.html")
        let run = try runner.run(["build"])
        #expect(run.status == 1, "\(run.stderr)")
        let findings = run.stdout.split(separator: "\n").filter { $0.contains(": error: ") || $0.contains(": warning: ") }
        #expect(
            findings == [
                "Site/legacy.html:2:7: error: no file 'nope.html' in the bundle [broken-link]",
                "Site/legacy.html:2:45: warning: duplicate id 'i' (first at line 2, column 33) [duplicate-id]",
                "Site/old/lost.html: warning: no link reaches this page from the entry [orphan]",
                "Templates/assets/extra.css:2:21: error: no file 'assets/gone.png' in the bundle [broken-link]",
            ], "\(run.stdout)")
    }

    /// A page the resolver serves as UTF-8 that is not: a browser shows U+FFFD, and the warning says
    /// where the first such byte is, in its source file.
    @Test func anAssetThatIsNotUTF8IsAWarningAtItsFirstBadByte() throws {
        let runner = try SitegenRunner()
        defer { runner.cleanUp() }
        try runner.copyFixture("Themes/minimal", to: "Templates")
        try runner.write("# Home\n\n[legacy](legacy.html)\n", to: "Site/index.md")
        let latin1 = Array("<!doctype html>\n<meta charset=\"windows-1252\">\n<p>Caf".utf8) + [0xE9, 0x20, 0xE8, 0x0A]
        try Data(latin1).write(to: runner.url("Site/legacy.html"))
        let run = try runner.run(["build"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(
            run.stdout.contains(
                "Site/legacy.html:3:7: warning: not UTF-8 from here (byte 0xE9), and the bundle serves text as UTF-8: "
                    + "a browser shows '\u{FFFD}' (2 places in all); the file declares 'windows-1252': save it as UTF-8 and "
                    + "declare utf-8 [not-utf8]"), "\(run.stdout)")
        let strict = try runner.run(["build", "--strict"])
        #expect(strict.status == 1, "\(strict.stdout)")
        let check = try runner.run(["check", "dist", "--format", "github"])
        #expect(check.stdout.contains("::warning file=dist/legacy.html,line=3,col=7"), "\(check.stdout)")
    }

    @Test func columnsCountCharactersInEveryFormat() throws {
        let runner = try SitegenRunner()
        defer { runner.cleanUp() }
        try runner.copyFixture("Themes/minimal", to: "Templates")
        // `[` is character 24 of the line, byte 26.
        try runner.write("# H\n\nNotizen für Ihr Gerät: [Einstellungen](einstelungen.md)\n", to: "Site/index.md")
        #expect(try runner.run(["build"]).stdout.contains("Site/index.md:3:24: error: no page 'einstelungen.md'"))
        #expect(try runner.run(["build", "--format", "github"]).stdout.contains("file=Site/index.md,line=3,col=24,"))
        let sarif = try runner.run(["build", "--format", "sarif"]).stdout
        #expect(sarif.contains("\"startColumn\" : 24") && sarif.contains("\"columnKind\" : \"unicodeCodePoints\""), "\(sarif)")
    }

    @Test func aLinkInAPartialIsNotBlamedOnAnotherPageTemplateWithTheSameText() throws {
        let runner = try SitegenRunner()
        defer { runner.cleanUp() }
        try runner.copyFixture("Themes/minimal", to: "Templates")
        let page = try runner.read("Templates/page.html")
        try runner.write(page.replacingOccurrences(of: "</body>", with: "{{> footer}}</body>"), to: "Templates/page.html")
        try runner.write("<p>See <a href=\"{{root}}faq.htm\">FAQ</a></p>\n", to: "Templates/partials/footer.html")
        // Not used by any page, and writing the same link.
        try runner.write(
            "<html><body>\n<p>x</p>\n<p>See <a href=\"{{root}}faq.htm\">FAQ</a></p>{{{content}}}</body></html>\n",
            to: "Templates/landing.html")
        try runner.write("# Home\n", to: "Site/index.md")
        let run = try runner.run(["build"])
        let findings = run.stdout.split(separator: "\n").filter { $0.contains("[broken-link]") }
        #expect(
            findings == ["Templates/partials/footer.html:1:25: error: no file 'faq.htm' in the bundle [broken-link]"],
            "\(run.stdout)")
    }

    /// Enough findings of the crawl (raw HTML links, which only it finds) to be mapped on both
    /// cores, each page's in one group: every finding still points at its own Markdown place, the
    /// second of two alike links at the second.
    @Test func manyPagesFindingsPointAtTheirLinesWhenMappedInGroups() throws {
        let runner = try SitegenRunner()
        defer { runner.cleanUp() }
        try runner.copyFixture("Themes/minimal", to: "Templates")
        var links = "# Home\n\n"
        var expected: [String] = []
        for page in 0..<40 {
            links += "[p\(page)](p\(page).md)\n"
            try runner.write(
                "# P\(page)\n\n<a href=\"gone-\(page).html\">gone</a>\n\ntext\n\n"
                    + "<a href=\"twice.html\">a</a> and <a href=\"twice.html\">b</a>\n",
                to: "Site/p\(page).md")
            expected += [
                "Site/p\(page).md:3:10: error: no file 'gone-\(page).html' in the bundle [broken-link]",
                "Site/p\(page).md:7:10: error: no file 'twice.html' in the bundle [broken-link]",
                "Site/p\(page).md:7:41: error: no file 'twice.html' in the bundle [broken-link]",
            ]
        }
        try runner.write(links, to: "Site/index.md")
        let run = try runner.run(["build"])
        #expect(run.status == 1, "\(run.stderr)")
        let findings = run.stdout.split(separator: "\n").filter { $0.contains("[broken-link]") }.map(String.init)
        #expect(findings.sorted() == expected.sorted(), "\(run.stdout)")
    }
}

/// How the findings of a crawl are split for mapping on both cores.
@Suite struct FindingGroupTests {
    private func finding(_ page: String?) -> LinkFinding {
        LinkFinding(diagnostic: Diagnostic(.error, .brokenLink, "x", at: nil), page: page, href: "h")
    }

    @Test func everyPageIsInOneGroupInOrderAndTheGroupsShareTheFindings() {
        let pages: [String?] = ["a", "a", nil, "b", "c", "a", "c", "d", "d", "d", "e", nil, "f", "f"]
        let findings = pages.map(finding)
        let groups = BuildPipeline.pageGroups(findings, count: 2)
        #expect(groups.count == 2)
        #expect(groups.flatMap { $0 }.sorted() == Array(findings.indices))
        for group in groups { #expect(group == group.sorted()) }
        for page in Set(pages.compactMap { $0 }) {
            let holding = groups.filter { $0.contains { findings[$0].page == page } }
            #expect(holding.count == 1, "\(page)")
        }
        #expect(groups[0].contains(2) && groups[0].contains(11), "findings of no page go with the first group")
        #expect(abs(groups[0].count - groups[1].count) <= 4, "\(groups)")
        #expect(BuildPipeline.pageGroups(findings, count: 1) == [Array(findings.indices)])
    }
}
