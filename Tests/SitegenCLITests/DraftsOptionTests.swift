import Foundation
import Testing

/// `--drafts` builds the pages marked `draft: true` like the others, for a preview; a build
/// without it leaves them out again, whatever the cache beside the bundle holds.
@Suite struct DraftsOptionTests {
    private func site() throws -> SitegenRunner {
        let runner = try SitegenRunner()
        try runner.copyFixture("Themes/minimal", to: "Templates")
        try runner.write("# Home\n\n[Next release](next.md)\n", to: "Site/index.md")
        try runner.write("---\ndraft: true\n---\n# Next release\n\n[Home](index.md#home)\n", to: "Site/next.md")
        return runner
    }

    /// A link in raw HTML is checked in the bundle, where the draft is no file: the finding says
    /// whose page it would be, and what to do.
    @Test func aRawHTMLLinkToADraftSaysItIsADraft() throws {
        let runner = try site()
        defer { runner.cleanUp() }
        try runner.write("---\ndraft: true\n---\n# Guide\n", to: "Site/guide/index.md")
        try runner.write("# Home\n\n<a href=\"next.html#home\">Next</a> <a href=\"guide/\">Guide</a>\n", to: "Site/index.md")
        let run = try runner.run(["build"])
        #expect(run.status == 1)
        let advice = "a draft: publish the page (drop 'draft: true'), drop the link, or build with --drafts to preview both)"
        #expect(
            run.stdout.contains(
                "Site/index.md:3:10: error: no file 'next.html' in the bundle (the page of Site/next.md, \(advice) [broken-link]"),
            "\(run.stdout)")
        #expect(run.stdout.contains("(the page of Site/guide/index.md, \(advice)"), "\(run.stdout)")
    }

    @Test func draftsAreBuiltWithTheOptionAndLeftOutAgainWithout() throws {
        let runner = try site()
        defer { runner.cleanUp() }
        let plain = try runner.run(["build"])
        #expect(plain.status == 1)
        #expect(
            plain.stdout.contains(
                "Site/index.md:3:1: error: 'next.md' links to a draft, which is not in the bundle: publish the page (drop 'draft: true'), drop the link, or build with --drafts to preview both"
            ))
        #expect(!FileManager.default.fileExists(atPath: runner.url("dist/next.html").path))

        let preview = try runner.run(["build", "--drafts"])
        #expect(preview.status == 0, "\(preview.stdout)")
        #expect(try runner.read("dist/next.html").contains("Next release"))
        #expect(try runner.read("dist/manifest.json").contains("\"file\": \"next.html\""))
        #expect(
            preview.stderr.contains(
                "note: --drafts: 1 draft is in the bundle (Site/next.md); build without --drafts for a bundle to ship"),
            "\(preview.stderr)")
        #expect(try runner.run(["build", "--drafts", "--quiet"]).stderr.isEmpty)

        let again = try runner.run(["build"])
        #expect(again.status == 1)
        #expect(!FileManager.default.fileExists(atPath: runner.url("dist/next.html").path))
        #expect(!(try runner.read("dist/manifest.json")).contains("next.html"))
        #expect(!again.stderr.contains("--drafts"))
    }

    @Test func aDraftEntryIsNoErrorWithTheOption() throws {
        let runner = try site()
        defer { runner.cleanUp() }
        try runner.write("---\ndraft: true\n---\n# Home\n\n[Next release](next.md)\n", to: "Site/index.md")
        #expect(try runner.run(["build"]).status == 2)
        let preview = try runner.run(["build", "--drafts"])
        #expect(preview.status == 0, "\(preview.stdout)\(preview.stderr)")
        #expect(preview.stderr.contains("note: --drafts: 2 drafts are in the bundle (Site/index.md, Site/next.md)"))
    }

    /// A draft named in `nav:` is left out of the sidebar, as out of the bundle, not an error that
    /// makes marking a page a draft an edit of `sitegen.yml` too; `--drafts` lists it again.
    @Test func aDraftInTheConfiguredNavIsLeftOutUntilBuilt() throws {
        let runner = try site()
        defer { runner.cleanUp() }
        try runner.write("# Home\n\nNo link to the draft.\n", to: "Site/index.md")
        try runner.write("# A\n", to: "Site/a.md")
        try runner.write("nav:\n  - index.md\n  - next.md\n  - Section:\n      - a.md\n", to: "Site/sitegen.yml")
        let plain = try runner.run(["build"])
        #expect(plain.status == 0, "\(plain.stdout)\(plain.stderr)")
        #expect(!(try runner.read("dist/index.html")).contains("next.html"))
        #expect(try runner.read("dist/index.html").contains("a.html"))
        // Listed twice, a draft is the same mistake with or without --drafts.
        try runner.write("nav:\n  - index.md\n  - next.md\n  - Section:\n      - next.md\n      - a.md\n", to: "Site/sitegen.yml")
        for arguments in [["build"], ["build", "--drafts"]] {
            let twice = try runner.run(arguments)
            #expect(twice.status == 2)
            #expect(twice.stderr.contains("Site/sitegen.yml:5:9: error: nav entry 'next.md' is listed twice (first at line 3)"))
        }
        // A section of drafts alone is left out whole, its title too; built, it is there.
        try runner.write(
            "nav:\n  - index.md\n  - a.md\n  - Upcoming:\n      - next.md\n  - Later:\n      - Soon: next2.md\n",
            to: "Site/sitegen.yml")
        try runner.write("---\ndraft: true\n---\n# Next two\n", to: "Site/next2.md")
        #expect(try runner.run(["build"]).status == 0)
        #expect(!(try runner.read("dist/_sitegen/nav.js")).contains("Upcoming"))
        #expect(!(try runner.read("dist/_sitegen/nav.js")).contains("Later"))
        // A section written with no entries at all is not one of drafts: it is a mistake, at its list.
        try runner.write("nav:\n  - index.md\n  - a.md\n  - Empty: []\n", to: "Site/sitegen.yml")
        let empty = try runner.run(["build"])
        #expect(empty.status == 2)
        #expect(empty.stderr == "Site/sitegen.yml:4:12: error: nav section 'Empty' lists no pages\n")
        try runner.write(
            "nav:\n  - index.md\n  - a.md\n  - Upcoming:\n      - next.md\n  - Later:\n      - Soon: next2.md\n",
            to: "Site/sitegen.yml")
        #expect(try runner.run(["build", "--drafts"]).status == 0)
        #expect(try runner.read("dist/_sitegen/nav.js").contains("Upcoming"))
        #expect(try runner.read("dist/index.html").contains("next.html"))
    }

    @Test func servePreviewsDraftsWithTheOption() throws {
        let runner = try site()
        defer { runner.cleanUp() }
        let server = try ServeProcess(runner, ["--port", "0", "--drafts"])
        defer { server.stop() }
        #expect(try #require(RawHTTP.get(port: server.port, "/next.html")).status == 200)
        let plain = try ServeProcess(runner, ["--port", "0"])
        defer { plain.stop() }
        #expect(try #require(RawHTTP.get(port: plain.port, "/next.html")).status == 404)
    }
}
