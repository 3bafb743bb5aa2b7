import Foundation
import Testing

/// Input errors about a value of the front matter or of sitegen.yml point at that value.
@Suite(.serialized) struct InputErrorPlaceTests {
    @Test(arguments: [
        ("---\ntitle: P\ntemplate: wide\n---\nx\n", "Site/p.md:3:11: error: unknown template 'wide' (the theme has: page)"),
        (
            "---\ntitle: P\naliases:\n  - ok.html\n  - ../outside.html\n---\nx\n",
            "Site/p.md:5:5: error: alias '../outside.html' is not a path inside the bundle"
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
}
