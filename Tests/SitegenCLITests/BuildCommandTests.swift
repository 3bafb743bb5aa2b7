import Foundation
import Testing

@Suite(.serialized) struct BuildCommandTests {
    /// A bundle built inside the site folder once (`--out Site/_site`) is left out of the next build
    /// into another folder, with a warning, rather than published in it.
    @Test func theBundleOfAnotherBuildInsideTheSiteIsLeftOut() throws {
        let runner = try SitegenRunner()
        defer { runner.cleanUp() }
        try runner.copyFixture("Themes/minimal", to: "Templates")
        try runner.write("# Home\n", to: "Site/index.md")
        #expect(try runner.run(["build", "--out", "Site/_site"]).status == 0)
        let run = try runner.run(["build"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(
            run.stdout.contains(
                "Site/_site/: warning: the bundle of another build (its cache lies beside it): left out; build it "
                    + "outside the site folder or delete it [nested-output]"), "\(run.stdout)")
        #expect(try runner.snapshot("dist").keys.filter { $0.hasPrefix("_site/") }.isEmpty)
    }

    /// A theme kept in the site folder (`--templates Site/theme`) is not published as the site's
    /// pages and assets, nor crawled with its raw templates.
    @Test func aThemeInsideTheSiteIsLeftOutOfTheSite() throws {
        let runner = try SitegenRunner()
        defer { runner.cleanUp() }
        try runner.copyFixture("Themes/minimal", to: "Site/theme")
        try runner.write("# Home\n", to: "Site/index.md")
        let run = try runner.run(["build", "--templates", "Site/theme"])
        #expect(run.status == 0, "\(run.stdout)")
        #expect(try runner.snapshot("dist").keys.filter { $0.hasPrefix("theme/") }.isEmpty)
    }

    @Test func brokenSiteReportsBothFindingsAtTheirMarkdownLines() throws {
        let runner = try SitegenRunner()
        defer { runner.cleanUp() }
        try runner.copyFixture("Sites/broken", to: "Site")
        try runner.copyFixture("Themes/minimal", to: "Templates")
        let run = try runner.run(["build"])
        #expect(run.status == 1, "stderr: \(run.stderr)")
        #expect(run.stdout.contains("Site/index.md:5:10: error: no page 'missing.md' in the site [broken-link]"), "\(run.stdout)")
        #expect(
            run.stdout.contains(
                "Site/index.md:7:7: error: no heading 'instal' in guide/setup.md (did you mean 'install'?) [broken-fragment]"),
            "\(run.stdout)")
        #expect(run.stdout.contains("2 errors"), "\(run.stdout)")
        // A build with link errors still writes its bundle.
        #expect(FileManager.default.fileExists(atPath: runner.url("dist/index.html").path))
        #expect(FileManager.default.fileExists(atPath: runner.url("dist/manifest.json").path))
    }

    @Test func anInputErrorReachesMachineReadableReportsToo() throws {
        let runner = try SitegenRunner()
        defer { runner.cleanUp() }
        try runner.copyFixture("Themes/minimal", to: "Templates")
        try runner.write("---\ntemplate: wdie\n---\n# H\n", to: "Site/index.md")
        let github = try runner.run(["build", "--format", "github"])
        #expect(github.status == 2)
        #expect(
            github.stdout
                == "::error file=Site/index.md,line=2,col=11,title=input-error::unknown template 'wdie' (the theme has: page)\n",
            "\(github.stdout)")
        #expect(github.stderr == "Site/index.md:2:11: error: unknown template 'wdie' (the theme has: page)\n")
        let sarif = try runner.run(["build", "--format", "sarif", "--output", "links.sarif"])
        #expect(sarif.status == 2)
        #expect(
            try runner.read("links.sarif").contains("\"ruleId\" : \"input-error\"")
                || (try runner.read("links.sarif").contains("\"ruleId\": \"input-error\"")))
        #expect(!FileManager.default.fileExists(atPath: runner.url("dist").path))
    }

    @Test func cleanSiteBuildsWithManifestAndExitsZero() throws {
        let runner = try SitegenRunner()
        defer { runner.cleanUp() }
        try runner.copyFixture("Sites/clean", to: "Site")
        try runner.copyFixture("Themes/minimal", to: "Templates")
        let run = try runner.run(["build"])
        #expect(run.status == 0, "stdout: \(run.stdout) stderr: \(run.stderr)")
        #expect(run.stdout.contains("0 errors, 0 warnings"))
        #expect(run.stderr.isEmpty, "no progress line when standard error is not a terminal")
        let manifest = try runner.read("dist/manifest.json")
        #expect(manifest.contains("\"origin\" : \"help://book\"") || manifest.contains("\"origin\": \"help://book\""))
        #expect(manifest.contains("help://book/guide/install.html"))
        #expect(manifest.contains("help://book/guide/setup.html"))
        let install = try runner.read("dist/guide/install.html")
        #expect(install.contains("id=\"install-the-app\""))
        #expect(install.contains("id=\"install-the-app-1\""))
        #expect(install.contains("class=\"language-swift\""))
        let index = try runner.read("dist/index.html")
        #expect(index.contains("href=\"guide/install.html#install-the-app\""))
        #expect(index.contains("<title>Welcome · Clean Docs</title>"))
    }

    @Test func twoBuildsAreByteIdentical() throws {
        let runner = try SitegenRunner()
        defer { runner.cleanUp() }
        try runner.copyFixture("Sites/clean", to: "Site")
        try runner.copyFixture("Themes/minimal", to: "Templates")
        #expect(try runner.run(["build", "--out", "one"]).status == 0)
        #expect(try runner.run(["build", "--out", "two"]).status == 0)
        let one = try runner.snapshot("one"), two = try runner.snapshot("two")
        #expect(one.keys.sorted() == two.keys.sorted())
        #expect(one == two)
        #expect(one.count >= 7)
    }

    @Test func failedBuildLeavesPreviousBundleIntact() throws {
        let runner = try SitegenRunner()
        defer { runner.cleanUp() }
        try runner.copyFixture("Sites/clean", to: "Site")
        try runner.copyFixture("Themes/minimal", to: "Templates")
        #expect(try runner.run(["build"]).status == 0)
        let before = try runner.snapshot("dist")
        try runner.write("<html>{{#unclosed}}\n<body>{{{content}}}</body>", to: "Templates/page.html")
        let run = try runner.run(["build"])
        #expect(run.status == 2)
        #expect(run.stderr.hasPrefix("Templates/page.html:1:7: error:"), "\(run.stderr)")
        #expect(run.stderr.split(separator: "\n").count == 1, "\(run.stderr)")
        #expect(try runner.snapshot("dist") == before)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: runner.directory.path)
            .filter {
                $0.hasPrefix(".") && $0 != ".dist.sitegen-cache" && $0 != ".dist.sitegen-crawl" && $0 != ".dist.sitegen-details"
            }
        #expect(leftovers.isEmpty, "staging folders left behind: \(leftovers)")
    }

    @Test(arguments: [
        ("missing-site", "Site/: error: site folder not found (pass --site DIR)"),
        ("site-is-file", "Site: error: the site path exists and is not a folder"),
        ("missing-templates", "Templates/: error: templates folder not found (pass --templates DIR)"),
        ("templates-is-file", "Templates: error: the templates path exists and is not a folder"),
        ("not-utf8", "Site/bad.md:2:5: error: file is not valid UTF-8"),
        ("out-is-file", "dist: error: the output path exists and is not a folder"),
        ("reserved-scheme", "Site/sitegen.yml:1:9: error: the scheme 'https' is reserved"),
    ])
    func badInputIsOneLineAndExitTwo(scenario: String, expected: String) throws {
        let runner = try SitegenRunner()
        defer { runner.cleanUp() }
        try runner.copyFixture("Sites/clean", to: "Site")
        try runner.copyFixture("Themes/minimal", to: "Templates")
        switch scenario {
        case "missing-site": try FileManager.default.removeItem(at: runner.url("Site"))
        case "site-is-file":
            try FileManager.default.removeItem(at: runner.url("Site"))
            try runner.write("# Home\n", to: "Site")
        case "missing-templates": try FileManager.default.removeItem(at: runner.url("Templates"))
        case "templates-is-file":
            try FileManager.default.removeItem(at: runner.url("Templates"))
            try runner.write("<p>{{{content}}}</p>", to: "Templates")
        case "not-utf8": try Data("# Title\nbad \u{FF}".utf8.map { $0 == 0xC3 ? 0xFF : $0 }).write(to: runner.url("Site/bad.md"))
        case "out-is-file": try runner.write("not a folder", to: "dist")
        case "reserved-scheme": try runner.write("scheme: https\n", to: "Site/sitegen.yml")
        default: Issue.record("unknown scenario")
        }
        let run = try runner.run(["build"])
        #expect(run.status == 2)
        #expect(run.stderr.hasPrefix(expected), "\(run.stderr)")
        #expect(run.stderr.split(separator: "\n").count == 1, "\(run.stderr)")
        #expect(run.stdout.isEmpty)
    }

    /// A theme's page template given for the theme folder: named as the file it is, not `page.html/`.
    @Test func templatesGivenAFileSayItIsNotAFolder() throws {
        let runner = try SitegenRunner()
        defer { runner.cleanUp() }
        try runner.copyFixture("Sites/clean", to: "Site")
        try runner.copyFixture("Themes/minimal", to: "T8")
        for argument in ["T8/page.html", "T8/page.html/"] {
            let run = try runner.run(["build", "--templates", argument])
            #expect(run.status == 2)
            #expect(run.stderr == "T8/page.html: error: the templates path exists and is not a folder\n")
        }
    }

    @Test func usageErrorsExitTwo() throws {
        let runner = try SitegenRunner()
        defer { runner.cleanUp() }
        let unknown = try runner.run(["build", "--nope"])
        #expect(unknown.status == 2)
        #expect(unknown.stderr.contains("unknown option '--nope'"))
        let help = try runner.run(["build", "--help"])
        #expect(help.status == 0)
        #expect(help.stdout.contains("usage: sitegen build"))
        #expect(try runner.run(["help", "build"]).stdout == help.stdout)
    }

    /// A mistyped option or command names the one meant; a mistyped option after one that takes a
    /// value is no value (no folder named `--qiet`).
    @Test func typosAreNamedAndNeverBecomeValues() throws {
        let runner = try SitegenRunner()
        defer { runner.cleanUp() }
        let option = try runner.run(["build", "--ouput", "x"])
        #expect(option.status == 2)
        #expect(
            option.stderr.hasPrefix("error: unknown option '--ouput' for 'sitegen build' (did you mean '--output'?)"),
            "\(option.stderr)")
        let command = try runner.run(["buld"])
        #expect(command.stderr == "error: unknown command 'buld' (did you mean 'build'?) (see 'sitegen --help')\n")
        let swapped = try runner.run(["biuld"])
        #expect(swapped.status == 2)
        #expect(swapped.stderr == "error: unknown command 'biuld' (did you mean 'build'?) (see 'sitegen --help')\n")
        let swappedOption = try runner.run(["build", "--uot", "x"])
        #expect(
            swappedOption.stderr.hasPrefix("error: unknown option '--uot' for 'sitegen build' (did you mean '--out'?)"),
            "\(swappedOption.stderr)")
        let version = try runner.run(["--versio"])
        #expect(version.status == 2)
        #expect(version.stderr == "error: unknown option '--versio' (did you mean '--version'?) (see 'sitegen --help')\n")
        #expect(try runner.run(["--hlep"]).stderr.hasPrefix("error: unknown option '--hlep' (did you mean '--help'?)"))
        #expect(
            try runner.run(["build", "--versio"]).stderr.hasPrefix(
                "error: unknown option '--versio' for 'sitegen build' (did you mean 'sitegen --version'?)"))
        let help = try runner.run(["check", "--hlep"])
        #expect(help.stderr.hasPrefix("error: unknown option '--hlep' for 'sitegen check' (did you mean '--help'?)"))
        let value = try runner.run(["build", "--out", "--qiet"])
        #expect(value.status == 2)
        #expect(value.stderr.contains("option '--out' needs a value (DIR), not the option '--qiet'"), "\(value.stderr)")
        #expect(!FileManager.default.fileExists(atPath: runner.url("--qiet").path))
        // `--out=~/x` is not expanded by the shell: no folder named `~`.
        let tilde = try runner.run(["build", "--out=~/docs-out"])
        #expect(tilde.status == 2)
        #expect(tilde.stderr.contains("the shell does not expand '~' after '='"), "\(tilde.stderr)")
        #expect(!FileManager.default.fileExists(atPath: runner.url("~").path))
    }

    /// The default theme links its title to the entry page, wherever `entry:` puts it.
    @Test func theDefaultThemeWorksWithAnotherEntry() throws {
        let runner = try SitegenRunner()
        defer { runner.cleanUp() }
        try FileManager.default.copyItem(
            at: SitegenRunner.packageRoot.appendingPathComponent("Templates"), to: runner.url("Templates"))
        try runner.write("title: T\nentry: a/one.md\n", to: "Site/sitegen.yml")
        try runner.write("# One\n\n[two](two.md)\n", to: "Site/a/one.md")
        try runner.write("# Two\n", to: "Site/a/two.md")
        let run = try runner.run(["build"])
        #expect(run.status == 0, "\(run.stdout)")
        #expect(try runner.read("dist/a/two.html").contains("<a class=\"brand\" href=\"one.html\">T</a>"))
    }

    /// A report written into the bundle, the site or the theme would replace a file the build needs
    /// (the manifest, a page): refused before anything is built, with nothing changed.
    @Test(arguments: [
        ("dist/manifest.json", "is inside dist/"), ("Site/index.md", "is inside Site/"),
        ("./Templates/../Site/new.txt", "is inside Site/"), ("Templates", "is inside Templates/"),
        (".dist.sitegen-cache", "is a file the build keeps beside dist/"),
        (".dist.sitegen-details", "is a file the build keeps beside dist/"),
        (".dist.sitegen-crawl", "is a file the build keeps beside dist/"),
    ])
    func aReportIsNeverWrittenIntoTheFoldersOfTheBuild(output: String, place: String) throws {
        let runner = try SitegenRunner()
        defer { runner.cleanUp() }
        try runner.copyFixture("Sites/clean", to: "Site")
        try runner.copyFixture("Themes/minimal", to: "Templates")
        #expect(try runner.run(["build"]).status == 0)
        let before = try runner.snapshot(".")
        let run = try runner.run(["build", "--format", "json", "--output", output])
        #expect(run.status == 2)
        #expect(run.stderr.hasPrefix("error: --output '\(output)' \(place)"), "\(run.stderr)")
        #expect(run.stderr.hasSuffix(": write the report elsewhere (see 'sitegen build --help')\n"))
        #expect(try runner.snapshot(".") == before)
        #expect(try runner.run(["build", "--format", "json", "--output", "report.json"]).status == 0)
    }

    /// As MkDocs does, a build names the pages an explicit nav leaves out; not without a nav, not
    /// under --quiet.
    @Test func pagesLeftOutOfTheNavAreNamed() throws {
        let runner = try SitegenRunner()
        defer { runner.cleanUp() }
        try runner.copyFixture("Themes/minimal", to: "Templates")
        try runner.write("# Home\n\n[a](a.md) [b](g/b.md)\n", to: "Site/index.md")
        try runner.write("# A\n", to: "Site/a.md")
        try runner.write("# B\n", to: "Site/g/b.md")
        let folders = try runner.run(["build"])
        #expect(folders.status == 0 && !folders.stderr.contains("note:"), "\(folders.stderr)")
        try runner.write("nav:\n  - index.md\n", to: "Site/sitegen.yml")
        let listed = try runner.run(["build"])
        #expect(listed.status == 0)
        #expect(
            listed.stderr
                == "note: 2 pages are not in the nav of sitegen.yml, so the sidebar does not show them: Site/a.md, Site/g/b.md\n")
        #expect(try runner.run(["build", "--quiet"]).stderr.isEmpty)
        try runner.write("nav:\n  - index.md\n  - a.md\n", to: "Site/sitegen.yml")
        #expect(
            try runner.run(["build"]).stderr
                == "note: 1 page is not in the nav of sitegen.yml, so the sidebar does not show it: Site/g/b.md\n")
    }
}
