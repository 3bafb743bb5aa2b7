import Foundation
import Testing

/// Input errors about a value of the front matter or of sitegen.yml point at that value.
@Suite(.serialized) struct InputErrorPlaceTests {
    /// A site file in the manifest's place is named, not the output's manifest it would replace; one in
    /// a folder is an ordinary asset.
    @Test func aSiteFileNamedLikeTheManifestIsNamed() throws {
        let runner = try SitegenRunner()
        defer { runner.cleanUp() }
        try runner.copyFixture("Themes/minimal", to: "Templates")
        try runner.write("# Home\n", to: "Site/index.md")
        try runner.write("{}\n", to: "Site/data/manifest.json")
        try runner.write("{}\n", to: "Site/Manifest.JSON")
        let refused = try runner.run(["build"])
        #expect(refused.status == 2)
        #expect(
            refused.stderr.trimmingCharacters(in: .newlines)
                == "Site/Manifest.JSON: error: a file named manifest.json at the top of the site would take the place of "
                + "the bundle's manifest: rename it or move it into a folder", "\(refused.stderr)")
        #expect(!FileManager.default.fileExists(atPath: runner.url("dist").path))
        try FileManager.default.removeItem(at: runner.url("Site/Manifest.JSON"))
        let built = try runner.run(["build"])
        #expect(built.status == 0, "\(built.stderr)")
        #expect(FileManager.default.fileExists(atPath: runner.url("dist/data/manifest.json").path))
    }

    @Test(arguments: [
        ("---\ntitle: P\ntemplate: wide\n---\nx\n", "Site/p.md:3:11: error: unknown template 'wide' (the theme has: page)"),
        (
            "---\ntitle: P\naliases:\n  - ok.html\n  - ../outside.html\n---\nx\n",
            "Site/p.md:5:5: error: alias '../outside.html' is not a path inside the bundle"
        ),
        (
            "---\naliases: [\"docs://other/x.html\"]\n---\nx\n",
            "Site/p.md:2:12: error: alias 'docs://other/x.html' is not a path inside the bundle"
        ),
        (
            "---\naliases:\n  - g/\n---\nx\n",
            "Site/p.md:3:5: error: alias 'g/' is the folder of 'g/index.html', which that folder's URL serves"
        ),
        (
            "---\naliases: [index.html]\n---\nx\n",
            "Site/p.md:2:11: error: alias 'index.html' is the path of a real file of the bundle"
        ),
        ("---\naliases:\n  - a.html\n  - a.html\n---\nx\n", "Site/p.md:3:5: error: alias 'a.html' is listed twice"),
        ("---\naliases: [[a.html]]\n---\nx\n", "Site/p.md:2:11: error: each item of 'aliases' must be a text value, not a list"),
        (
            "---\naliases: [q.html?v=1]\n---\nx\n",
            "Site/p.md:2:11: error: alias 'q.html?v=1' has a query or a fragment, which the app's resolver ignores, so no "
                + "URL would reach it: give the path alone"
        ),
        (
            "---\naliases:\n  - old.html#part\n---\nx\n",
            "Site/p.md:3:5: error: alias 'old.html#part' has a query or a fragment, which the app's resolver ignores, so "
                + "no URL would reach it: give the path alone"
        ),
        (
            "---\naliases: [MANIFEST.json]\n---\nx\n",
            "Site/p.md:2:11: error: alias 'MANIFEST.json' is the path of the bundle's manifest, which is never served"
        ),
        (
            "---\naliases: [bad%zz.html]\n---\nx\n",
            "Site/p.md:2:11: error: alias 'bad%zz.html' has a '%' that is no escape of UTF-8: write the name as it is"
        ),
        // Decoded, the escape names a real file.
        (
            "---\naliases: [\"p%2Ehtml\"]\n---\nx\n",
            "Site/p.md:2:12: error: alias 'p%2Ehtml' is the path of a real file of the bundle"
        ),
        // Indented too far, the second item is folded into the first: one alias over two lines.
        (
            "---\naliases:\n  - ../a.html\n   - b.html\n---\nx\n",
            "Site/p.md:2:1: error: alias '../a.html - b.html' is not a path inside the bundle"
        ),
    ])
    func frontMatterValues(page: String, error: String) throws {
        let runner = try SitegenRunner()
        defer { runner.cleanUp() }
        try runner.copyFixture("Themes/minimal", to: "Templates")
        try runner.write("# Home\n", to: "Site/index.md")
        try runner.write("# G\n", to: "Site/g/index.md")
        try runner.write(page, to: "Site/p.md")
        let run = try runner.run(["build"])
        #expect(run.status == 2)
        #expect(run.stderr == error + "\n")
    }

    @Test func aMissingEntryPointsAtSitegenYml() throws {
        let runner = try SitegenRunner()
        defer { runner.cleanUp() }
        try runner.copyFixture("Themes/minimal", to: "Templates")
        try runner.write("# Home\n", to: "Site/index.md")
        try runner.write("title: T\nentry: start.md\n", to: "Site/sitegen.yml")
        let run = try runner.run(["build"])
        #expect(run.status == 2)
        #expect(
            run.stderr
                == "Site/sitegen.yml:2:8: error: the entry page 'start.md' is not a page of the site (there is no such file, or 'ignore' leaves it out)\n"
        )
        try runner.write("---\ndraft: true\n---\n# Start\n", to: "Site/start.md")
        #expect(try runner.run(["build"]).stderr.hasPrefix("Site/sitegen.yml:2:8: error: the entry page 'start.md' is a draft"))
    }

    @Test(arguments: [
        (
            "Site/sitegen.yml", "title: T\nhost: a\u{0}b\n",
            "Site/sitegen.yml:2:8: error: invalid YAML: control characters are not allowed"
        ),
        (
            "Site/index.md", "---\ntitle: a\u{1}b\n---\n# H\n",
            "Site/index.md:2:9: error: invalid YAML: control characters are not allowed"
        ),
    ])
    func controlCharactersInYAMLAreFound(file: String, text: String, error: String) throws {
        let run = try Self.runs(writing: text, to: file, ["build"])[0]
        #expect(run.status == 2)
        #expect(run.stderr == error + "\n")
    }

    @Test(arguments: [
        (
            "Site/sitegen.yml", "title: T\nnav:\n\t- index.md\n",
            "Site/sitegen.yml:3:1: error: invalid YAML: YAML does not allow tabs for indentation (use spaces)"
        ),
        (
            "Site/index.md", "---\ntitle: a\naliases:\n  \t- old.html\n---\n# H\n",
            "Site/index.md:4:3: error: invalid YAML: YAML does not allow tabs for indentation (use spaces)"
        ),
    ])
    func tabsIndentingYAMLAreNamed(file: String, text: String, error: String) throws {
        let run = try Self.runs(writing: text, to: file, ["build"])[0]
        #expect(run.status == 2)
        #expect(run.stderr == error + "\n")
    }

    @Test func bytesThatAreNotUTF8AreFoundByLineAndColumn() throws {
        let runner = try SitegenRunner()
        defer { runner.cleanUp() }
        try runner.copyFixture("Themes/minimal", to: "Templates")
        try FileManager.default.createDirectory(at: runner.url("Site"), withIntermediateDirectories: true)
        try Data("---\ntitle: ok\n---\nab".utf8 + [0xFF] + Data("c\n".utf8)).write(to: runner.url("Site/index.md"))
        let run = try runner.run(["build"])
        #expect(run.status == 2)
        #expect(run.stderr == "Site/index.md:4:3: error: file is not valid UTF-8 (byte offset 20)\n")
    }

    /// Columns count characters on stderr and in reports alike, whether the error comes from libyaml,
    /// which counts characters, or the template parser.
    @Test(arguments: [
        ("Site/sitegen.yml", "title: \"日本\" : x\n", "Site/sitegen.yml:1:13", "line=1,col=13"),
        ("Templates/page.html", "<p>日本 {{#x}}\n", "Templates/page.html:1:7", "line=1,col=7"),
    ])
    func inputErrorColumnsCountCharacters(file: String, text: String, place: String, github: String) throws {
        let runs = try Self.runs(writing: text, to: file, ["build"], ["build", "--format", "github"])
        #expect(runs[0].status == 2)
        #expect(runs[0].stderr.hasPrefix(place + ": error: "))
        #expect(runs[1].status == 2)
        #expect(runs[1].stdout.hasPrefix("::error file=\(file),\(github),title=input-error::"))
    }

    /// What `sitegen` printed for each of `commands`, run on a site of the minimal theme and a home
    /// page, with `text` written to `file`.
    private static func runs(writing text: String, to file: String, _ commands: [String]...) throws -> [SitegenRunner.Run] {
        let runner = try SitegenRunner()
        defer { runner.cleanUp() }
        try runner.copyFixture("Themes/minimal", to: "Templates")
        try runner.write("# Home\n", to: "Site/index.md")
        try runner.write(text, to: file)
        return try commands.map(runner.run)
    }

    @Test func aSiteFileClashingWithAThemeAssetNamesBoth() throws {
        let runner = try SitegenRunner()
        defer { runner.cleanUp() }
        try runner.copyFixture("Themes/minimal", to: "Templates")
        try runner.write("# Home\n", to: "Site/index.md")
        try runner.write("p {}\n", to: "Site/assets/style.css")
        let run = try runner.run(["build"])
        #expect(run.status == 2)
        #expect(
            run.stderr
                == "Site/assets/style.css: error: 'assets/style.css' is produced twice: by Site/assets/style.css and by the theme's Templates/assets/style.css\n"
        )
    }
}

extension InputErrorPlaceTests {
    /// An alias pasted from an old URL keeps its escapes: the manifest lists the name, and the
    /// resolver serves the page at the URL the alias was copied from.
    @Test func anEscapedAliasIsTheNameItsURLAsksFor() throws {
        let runner = try SitegenRunner()
        defer { runner.cleanUp() }
        try runner.copyFixture("Themes/minimal", to: "Templates")
        try runner.write("# Home\n\n[p](p.md)\n", to: "Site/index.md")
        try runner.write("---\naliases: [old%20page.html]\n---\n# P\n", to: "Site/p.md")
        #expect(try runner.run(["build"]).status == 0)
        let resolved = try runner.run(["resolve", "dist", "docs://app/old%20page.html"])
        #expect(resolved.status == 0, "\(resolved.stdout)\(resolved.stderr)")
        #expect(resolved.stdout.hasPrefix("200"), "\(resolved.stdout)")
    }
}
