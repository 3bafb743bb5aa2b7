import Foundation
import Testing

/// `search: true`: the bundle carries `_sitegen/search.js` (every page's title, description, text
/// and headings) and the default theme's box and script; without it, none of them.
@Suite struct SearchIndexTests {
    private func setUp(search: Bool) throws -> SitegenRunner {
        let runner = try SitegenRunner()
        try runner.copyFixture("Sites/clean", to: "Site")
        let theme = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Templates")
        try FileManager.default.copyItem(at: theme, to: runner.url("Templates"))
        if search { try runner.write(try runner.read("Site/sitegen.yml") + "search: true\n", to: "Site/sitegen.yml") }
        return runner
    }

    /// The entries of the index: the script is one JSON array after its assignment.
    private func entries(_ runner: SitegenRunner, _ folder: String = "dist") throws -> [[Any]] {
        let script = try runner.read("\(folder)/_sitegen/search.js")
        let prefix = "window.sitegenSearch = ", suffix = ";\n"
        #expect(script.hasPrefix(prefix) && script.hasSuffix(suffix))
        let json = script.dropFirst(prefix.count).dropLast(suffix.count)
        return try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[Any]])
    }

    @Test func theIndexHoldsEveryPage() throws {
        let runner = try setUp(search: true)
        defer { runner.cleanUp() }
        try runner.write(
            "---\ndescription: How to install.\n---\n# Install\n\nRun <em>make</em> &amp; wait.\n\n## Requirements\n\nA Mac.\n\n"
                + "## Install the app\n",
            to: "Site/guide/install.md")
        let run = try runner.run(["build"])
        #expect(run.status == 0, "\(run.stderr)")
        let index = try entries(runner)
        #expect(index.map { $0[0] as? String } == ["guide/index.html", "guide/install.html", "guide/usage.html", "index.html"])
        let install = try #require(index.first { $0[0] as? String == "guide/install.html" })
        #expect(install[1] as? String == "Install")
        #expect(install[2] as? String == "How to install.")
        #expect(install[3] as? String == "Install Run make & wait. Requirements A Mac. Install the app")
        #expect((install[4] as? [[String]]) == [["requirements", "Requirements"], ["install-the-app", "Install the app"]])
        let page = try runner.read("dist/guide/install.html")
        #expect(page.contains("<form class=\"search\" role=\"search\" hidden"))
        #expect(page.contains("<script src=\"../assets/search.js\"></script>"))
        let manifest = try runner.read("dist/manifest.json")
        #expect(manifest.contains("\"file\": \"_sitegen/search.js\""), "\(manifest.prefix(400))")
    }

    @Test func withoutSearchThereIsNoIndexNorBox() throws {
        let runner = try setUp(search: false)
        defer { runner.cleanUp() }
        #expect(try runner.run(["build"]).status == 0)
        #expect(!FileManager.default.fileExists(atPath: runner.url("dist/_sitegen/search.js").path))
        let page = try runner.read("dist/index.html")
        #expect(!page.contains("class=\"search\""))
        #expect(!page.contains("search.js"))
    }

    /// A rebuild after an edit carries the page's new text, as a clean build does; one that changes
    /// no page's text keeps the index's file.
    @Test func anEditedPageIsInTheRebuiltIndex() throws {
        let runner = try setUp(search: true)
        defer { runner.cleanUp() }
        #expect(try runner.run(["build"]).status == 0)
        let before = try FileManager.default.attributesOfItem(atPath: runner.url("dist/_sitegen/search.js").path)
        try runner.write(try runner.read("Site/guide/usage.md"), to: "Site/guide/usage.md")
        #expect(try runner.run(["build"]).status == 0)
        let kept = try FileManager.default.attributesOfItem(atPath: runner.url("dist/_sitegen/search.js").path)
        #expect(kept[.systemFileNumber] as? NSNumber == before[.systemFileNumber] as? NSNumber)
        try runner.write(try runner.read("Site/guide/usage.md") + "\nQuasar widgets.\n", to: "Site/guide/usage.md")
        #expect(try runner.run(["build"]).status == 0)
        #expect(try runner.run(["build", "--out", "clean"]).status == 0)
        #expect(try runner.read("dist/_sitegen/search.js").contains("Quasar widgets."))
        #expect(try runner.snapshot("dist") == (try runner.snapshot("clean")))
    }

    @Test func anAssetAtTheIndexsPathIsAnError() throws {
        let runner = try setUp(search: true)
        defer { runner.cleanUp() }
        try runner.write("x", to: "Site/_sitegen/search.js")
        let run = try runner.run(["build"])
        #expect(run.status == 2)
        #expect(
            run.stderr.contains(
                "Site/_sitegen/search.js: error: '_sitegen/search.js' is produced twice: by sitegen's search index and by an asset of the same path"
            ), "\(run.stderr)")
    }
}
