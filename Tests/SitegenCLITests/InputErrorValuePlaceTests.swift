import Foundation
import Testing

/// An input error about an empty front-matter value, or about `draft: true` on the entry page,
/// points at that value, not at the start of its line or at the file.
@Suite(.serialized) struct InputErrorValuePlaceTests {
    @Test(arguments: [
        ("---\ntitle: P\ntemplate: \"\"\n---\nx\n", "Site/p.md:3:11: error: unknown template '' (the theme has: page)"),
        ("---\ntitle: P\ntemplate: ''\n---\nx\n", "Site/p.md:3:11: error: unknown template '' (the theme has: page)"),
        ("---\naliases: [\"\", old.html]\n---\nx\n", "Site/p.md:2:11: error: alias '' is not a path inside the bundle"),
        ("---\naliases:\n  - ok.html\n  - ''\n---\nx\n", "Site/p.md:4:5: error: alias '' is not a path inside the bundle"),
        // A value that also appears in its key is found after the key.
        ("---\ntemplate: templat\n---\nx\n", "Site/p.md:2:11: error: unknown template 'templat' (the theme has: page)"),
        (
            "---\ntemplate: page.html\n---\nx\n",
            "Site/p.md:2:11: error: unknown template 'page.html': write 'page' (the theme has: page)"
        ),
        (
            "---\ntemplate: pgae\n---\nx\n",
            "Site/p.md:2:11: error: unknown template 'pgae' (did you mean 'page'?) (the theme has: page)"
        ),
    ])
    func emptyValues(page: String, error: String) throws {
        let runner = try SitegenRunner()
        defer { runner.cleanUp() }
        try runner.copyFixture("Themes/minimal", to: "Templates")
        try runner.write("# Home\n", to: "Site/index.md")
        try runner.write(page, to: "Site/p.md")
        let run = try runner.run(["build"])
        #expect(run.status == 2)
        #expect(run.stderr == error + "\n")
    }

    @Test func aDraftEntryPointsAtDraft() throws {
        let runner = try SitegenRunner()
        defer { runner.cleanUp() }
        try runner.copyFixture("Themes/minimal", to: "Templates")
        try runner.write("---\ntitle: Home\ndraft:   true\n---\n# Home\n", to: "Site/index.md")
        let run = try runner.run(["build"])
        #expect(run.status == 2)
        #expect(run.stderr.hasPrefix("Site/index.md:3:10: error: the entry page 'index.md' is a draft"), "\(run.stderr)")
    }
}
