import Foundation
import Testing

/// What a site moving over from MkDocs meets first: its configuration beside `docs/` rather than in
/// it, and MkDocs' keys, are named with what sitegen has instead.
@Suite struct ComingFromMkDocsTests {
    private func setUp() throws -> SitegenRunner {
        let runner = try SitegenRunner()
        try runner.copyFixture("Sites/clean", to: "docs")
        try FileManager.default.removeItem(at: runner.url("docs/sitegen.yml"))
        try runner.copyFixture("Themes/minimal", to: "Templates")
        return runner
    }

    @Test(arguments: [
        (
            "sitegen.yml",
            "note: ./sitegen.yml is not read: a site's configuration is the sitegen.yml in the site folder, docs/sitegen.yml\n"
        ),
        (
            "mkdocs.yml",
            "note: ./mkdocs.yml is MkDocs' configuration, which sitegen does not read: its own is docs/sitegen.yml (title for site_name, nav of pages and sections as it is; see 'Coming from MkDocs')\n"
        ),
        (
            "mkdocs.yaml",
            "note: ./mkdocs.yaml is MkDocs' configuration, which sitegen does not read: its own is docs/sitegen.yml (title for site_name, nav of pages and sections as it is; see 'Coming from MkDocs')\n"
        ),
    ])
    func aConfigurationBesideTheSiteFolderIsNamed(name: String, note: String) throws {
        let runner = try setUp()
        defer { runner.cleanUp() }
        try runner.write("site_name: Help\n", to: name)
        let run = try runner.run(["build", "--site", "docs"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.hasSuffix(note), "\(run.stderr)")
        // Read where it belongs, it is no note, and MkDocs' key says what sitegen has instead.
        try FileManager.default.moveItem(at: runner.url(name), to: runner.url("docs/sitegen.yml"))
        let moved = try runner.run(["build", "--site", "docs"])
        #expect(!moved.stderr.contains("note:"), "\(moved.stderr)")
        #expect(
            moved.stdout.contains(
                "docs/sitegen.yml:1:1: warning: unknown key 'site_name' in the configuration: MkDocs' site_name is sitegen's title [unknown-key]"
            ), "\(moved.stdout)")
    }
}
