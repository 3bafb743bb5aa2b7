import Foundation
import Testing

/// The `sitegen.yml` options, end to end through the binary.
@Suite(.serialized) struct ConfigOptionsTests {
    private func site(_ config: String, _ pages: [String: String]) throws -> SitegenRunner {
        let runner = try SitegenRunner()
        try runner.copyFixture("Themes/minimal", to: "Templates")
        try runner.write(config, to: "Site/sitegen.yml")
        for (path, text) in pages { try runner.write(text, to: "Site/\(path)") }
        return runner
    }

    @Test func ignoreLeavesFilesOutAndIgnoreLinksSkipsLinks() throws {
        let runner = try site(
            "ignore: ['drafts/', '*.psd']\nignore_links: ['legacy/*']\n",
            [
                "index.md": "# Home\n\n[old](legacy/page.html)\n", "drafts/wip.md": "# WIP\n\n[broken](nowhere.md)\n",
                "art.psd": "binary", "notes.txt": "kept",
            ])
        defer { runner.cleanUp() }
        let run = try runner.run(["build"])
        let manifest = try runner.read("dist/manifest.json")
        #expect(!manifest.contains("drafts/wip.html") && !manifest.contains("art.psd"))
        #expect(manifest.contains("notes.txt"))
        // Neither the Markdown check nor the crawl reports the ignored link.
        #expect(run.status == 0, "\(run.stdout)")
        #expect(run.stdout.contains("0 errors, 0 warnings"), "\(run.stdout)")
    }

    /// A section named by `ignore_links` is left out of both checks: the pages' own links too, by
    /// whatever name the pattern gives its page (path, URL, folder).
    @Test(arguments: ["api/*", "docs://app/api/", "api/", "docs://app/api/index.html"])
    func ignoreLinksLeavesASectionOut(pattern: String) throws {
        let runner = try site(
            "ignore_links: ['\(pattern)']\n",
            [
                "index.md": "# Home\n\n[api](api/index.md)\n",
                "api/index.md": "# API\n\n[bad](nothere.md) <a href=x.html>x</a>\n\n<p id=\"d\">a</p><p id=\"d\">b</p>\n",
                "guide.md": "# Guide\n\n[bad](nothere.md)\n",
            ])
        defer { runner.cleanUp() }
        let run = try runner.run(["build"])
        #expect(run.status == 1)
        #expect(
            run.stdout.split(separator: "\n").filter { $0.contains("[broken-link]") } == [
                "Site/guide.md:3:1: error: no page 'nothere.md' in the site [broken-link]"
            ], "\(pattern): \(run.stdout)")
        #expect(!run.stdout.contains("[duplicate-id]"), "\(pattern): \(run.stdout)")
    }

    /// A pattern written as the Markdown link is (`gone.md`) also silences the crawl, which sees
    /// the link as the page writes it (`gone.html`).
    @Test func ignoreLinksMatchesTheMarkdownFormInTheCrawlToo() throws {
        let runner = try site(
            "ignore_links: ['gone.md', 'old/*.md#*']\n",
            ["index.md": "# Home\n\nSee [old](gone.md), [older](old/x.md#top) and [bad](missing.md).\n"])
        defer { runner.cleanUp() }
        let run = try runner.run(["build"])
        #expect(run.status == 1)
        #expect(
            run.stdout.split(separator: "\n").filter { $0.contains("error:") } == [
                "Site/index.md:3:47: error: no page 'missing.md' in the site [broken-link]"
            ], "\(run.stdout)")
    }

    /// A link to a file `ignore` leaves out says so, rather than only that there is no such page.
    /// Silencing the Markdown form silences only those links: the pages they lead to are crawled.
    @Test func ignoreLinksInTheMarkdownFormStillCrawlsTheTargets() throws {
        let runner = try site(
            "ignore_links: ['legacy/*.md']\n",
            [
                "index.md": "# Home\n\n[a](legacy/a.md) [gone](legacy/gone.md)\n",
                "legacy/a.md": "# A\n\n<a href=\"nothere.html\">raw</a>\n",
            ])
        defer { runner.cleanUp() }
        let run = try runner.run(["build"])
        #expect(run.status == 1)
        #expect(
            run.stdout.split(separator: "\n").filter { $0.contains("error:") } == [
                "Site/legacy/a.md:3:10: error: no file 'legacy/nothere.html' in the bundle [broken-link]"
            ], "\(run.stdout)")
    }

    @Test func aLinkToAnIgnoredPageNamesThePattern() throws {
        let runner = try site(
            "ignore: ['drafts/']\n", ["index.md": "# Home\n\n[wip](drafts/wip.md)\n", "drafts/wip.md": "# WIP\n"])
        defer { runner.cleanUp() }
        let run = try runner.run(["build"])
        #expect(run.status == 1)
        #expect(
            run.stdout.contains(
                "Site/index.md:3:1: error: no page 'drafts/wip.md' in the site: 'ignore' in sitegen.yml leaves it out ('drafts/') [broken-link]"
            ), "\(run.stdout)")
    }

    @Test func mimeTypeOverridesReachTheManifest() throws {
        let runner = try site("mime_types:\n  txt: text/markdown\n", ["index.md": "# Home\n", "notes.txt": "x"])
        defer { runner.cleanUp() }
        #expect(try runner.run(["build"]).status == 0)
        let resolved = try runner.run(["resolve", "dist", "notes.txt"])
        #expect(resolved.stdout.contains("Content-Type: text/markdown"), "\(resolved.stdout)")
    }

    /// A `mime_types` key that no file can match stops the build before anything is written.
    @Test func aMimeTypeKeyWithADotIsAConfigurationError() throws {
        let runner = try site("mime_types:\n  \"tar.gz\": application/x-tgz\n", ["index.md": "# Home\n", "a.tar.gz": "x"])
        defer { runner.cleanUp() }
        let run = try runner.run(["build"])
        #expect(run.status == 2)
        #expect(
            run.stderr
                == "Site/sitegen.yml:2:3: error: mime_types: 'tar.gz' matches no file: a key is an extension without "
                + "dots, e.g. 'gz' (a.tar.gz is a .gz file), or a file's path in the bundle, e.g. 'downloads/data.bin' "
                + "or '/tar.gz' for one at the top\n")
        #expect(!FileManager.default.fileExists(atPath: runner.url("dist").path))
    }

    /// A file named by its path is the file at that path, however written (`/img.png`,
    /// `./img.png`); a path that is no file of the bundle stops the build at its key.
    @Test func aMimeTypePathNamesAFileOfTheBundle() throws {
        for key in ["/img.png", "./img.png", "d/../img.png"] {
            let runner = try site("mime_types:\n  \"\(key)\": image/x-test\n", ["index.md": "# Home\n", "img.png": "x"])
            defer { runner.cleanUp() }
            #expect(try runner.run(["build"]).status == 0, "\(key)")
            #expect(try runner.run(["resolve", "dist", "img.png"]).stdout.contains("Content-Type: image/x-test"), "\(key)")
        }
        let runner = try site("mime_types:\n  d/data.bim: application/x-foo\n", ["index.md": "# Home\n", "d/data.bin": "x"])
        defer { runner.cleanUp() }
        let run = try runner.run(["build"])
        #expect(run.status == 2)
        #expect(
            run.stderr
                == "Site/sitegen.yml:2:3: error: mime_types: 'd/data.bim' is no file of the bundle (did you mean 'd/data.bin'?)\n"
        )
        #expect(!FileManager.default.fileExists(atPath: runner.url("dist").path))
    }

    @Test func rawHTMLOffAndSmartPunctuationOn() throws {
        let runner = try site(
            "raw_html: false\nsmart_punctuation: true\n",
            [
                "index.md": "# Home\n\n\"Quoted\" -- text...\n\n<div class=\"raw\">raw</div>\n"
            ])
        defer { runner.cleanUp() }
        #expect(try runner.run(["build"]).status == 0)
        let html = try runner.read("dist/index.html")
        #expect(html.contains("“Quoted” – text…"), "\(html)")
        #expect(!html.contains("<div class=\"raw\">"))
        #expect(html.contains("raw HTML omitted"))
    }

    @Test func externalLinksErrorAndStrictWarnings() throws {
        let runner = try site("external_links: error\n", ["index.md": "# Home\n\n[site](https://example.com/x)\n"])
        defer { runner.cleanUp() }
        let run = try runner.run(["build"])
        #expect(run.status == 1)
        #expect(run.stdout.contains("Site/index.md:3:1: error: external link 'https://example.com/x'"), "\(run.stdout)")

        try runner.write("external_links: warn\n", to: "Site/sitegen.yml")
        let warned = try runner.run(["build"])
        #expect(warned.status == 0, "\(warned.stdout)")
        #expect(warned.stdout.contains("warning: external link"))
        #expect(try runner.run(["build", "--strict"]).status == 1)
        try runner.write("external_links: warn\nstrict: true\n", to: "Site/sitegen.yml")
        #expect(try runner.run(["build"]).status == 1)
    }

    @Test func reportFormatsForBuild() throws {
        let runner = try SitegenRunner()
        defer { runner.cleanUp() }
        try runner.copyFixture("Sites/broken", to: "Site")
        try runner.copyFixture("Themes/minimal", to: "Templates")
        let github = try runner.run(["build", "--format", "github"])
        #expect(
            github.stdout.contains(
                "::error file=Site/index.md,line=5,col=10,title=broken-link::no page 'missing.md' in the site"),
            "\(github.stdout)")
        let sarif = try runner.run(["build", "--format", "sarif", "--output", "report.sarif"])
        #expect(sarif.status == 1)
        let document = try JSONSerialization.jsonObject(with: Data(try runner.read("report.sarif").utf8)) as? [String: Any]
        let results = ((document?["runs"] as? [[String: Any]])?.first?["results"] as? [[String: Any]]) ?? []
        #expect(results.count == 2)
        let quiet = try runner.run(["build", "--quiet"])
        #expect(quiet.stdout.split(separator: "\n").count == 2, "\(quiet.stdout)")
    }
}
