import Foundation
import Testing

/// `search: true`: the bundle carries the search index (`_sitegen/search.js` and its parts: every
/// page's title, description, text and headings) and the default theme's box and script; without
/// it, none of them.
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

    /// The index's parts, as `_sitegen/search.js` names them.
    private func parts(_ runner: SitegenRunner, _ folder: String = "dist") throws -> [String] {
        let script = try runner.read("\(folder)/_sitegen/search.js")
        let prefix = "window.sitegenSearchParts = ", suffix = ";\n"
        #expect(script.hasPrefix(prefix) && script.hasSuffix(suffix))
        let json = script.dropFirst(prefix.count).dropLast(suffix.count)
        return try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String])
    }

    /// The entries of one part: the arguments of its `push`.
    private func entries(ofPart part: String, _ runner: SitegenRunner, _ folder: String = "dist") throws -> [[Any]] {
        let script = try runner.read("\(folder)/\(part)")
        let prefix = "(window.sitegenSearch = window.sitegenSearch || []).push(", suffix = ");\n"
        #expect(script.hasPrefix(prefix) && script.hasSuffix(suffix))
        let json = "[" + script.dropFirst(prefix.count).dropLast(suffix.count) + "]"
        return try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[Any]])
    }

    /// The entries of every part, part after part.
    private func entries(_ runner: SitegenRunner, _ folder: String = "dist") throws -> [[Any]] {
        try parts(runner, folder).flatMap { try entries(ofPart: $0, runner, folder) }
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
        #expect(try parts(runner) == ["_sitegen/search/0.js"])
        #expect(manifest.contains("\"file\": \"_sitegen/search/0.js\""), "\(manifest.prefix(400))")
    }

    @Test func withoutSearchThereIsNoIndexNorBox() throws {
        let runner = try setUp(search: false)
        defer { runner.cleanUp() }
        #expect(try runner.run(["build"]).status == 0)
        #expect(!FileManager.default.fileExists(atPath: runner.url("dist/_sitegen/search.js").path))
        #expect(!FileManager.default.fileExists(atPath: runner.url("dist/_sitegen/search").path))
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
        let before = try FileManager.default.attributesOfItem(atPath: runner.url("dist/_sitegen/search/0.js").path)
        try runner.write(try runner.read("Site/guide/usage.md"), to: "Site/guide/usage.md")
        #expect(try runner.run(["build"]).status == 0)
        let kept = try FileManager.default.attributesOfItem(atPath: runner.url("dist/_sitegen/search/0.js").path)
        #expect(kept[.systemFileNumber] as? NSNumber == before[.systemFileNumber] as? NSNumber)
        try runner.write(try runner.read("Site/guide/usage.md") + "\nQuasar widgets.\n", to: "Site/guide/usage.md")
        #expect(try runner.run(["build"]).status == 0)
        #expect(try runner.run(["build", "--out", "clean"]).status == 0)
        #expect(try runner.read("dist/_sitegen/search/0.js").contains("Quasar widgets."))
        #expect(try runner.snapshot("dist") == (try runner.snapshot("clean")))
    }

    /// A larger site's index is cut into parts (a power of two, about 128 pages each): every page is
    /// in one part, and an edit makes only its own part again, the others kept with their files.
    @Test func aLargeSitesIndexComesInPartsAndAnEditRemakesOne() throws {
        let runner = try setUp(search: true)
        defer { runner.cleanUp() }
        for number in 1...300 {
            try runner.write("# Topic \(number)\n\nAbout topic \(number).\n", to: "Site/topics/topic-\(number).md")
        }
        #expect(try runner.run(["build"]).status == 0)
        let names = try parts(runner)
        #expect(names == (0..<4).map { "_sitegen/search/\($0).js" })
        var partOf: [String: String] = [:]
        for name in names {
            let pages = try entries(ofPart: name, runner).compactMap { $0[0] as? String }
            // Cut by a hash of the path: every part holds some, none holds most.
            #expect(pages.count > 30 && pages.count < 150, "\(name): \(pages.count)")
            for page in pages {
                #expect(partOf[page] == nil, "\(page) is in two parts")
                partOf[page] = name
            }
        }
        #expect(partOf.count == 304)
        let edited = try #require(partOf["topics/topic-7.html"])
        func inode(_ name: String) throws -> NSNumber? {
            try FileManager.default.attributesOfItem(atPath: runner.url("dist/" + name).path)[.systemFileNumber] as? NSNumber
        }
        let before = try Dictionary(uniqueKeysWithValues: names.map { ($0, try inode($0)) })
        try runner.write("# Topic 7\n\nAbout nebulous gizmos.\n", to: "Site/topics/topic-7.md")
        #expect(try runner.run(["build"]).status == 0)
        for name in names {
            #expect((try inode(name) == before[name]) == (name != edited), "\(name)")
        }
        #expect(try runner.read("dist/" + edited).contains("nebulous gizmos"))
        #expect(try runner.run(["build", "--out", "clean"]).status == 0)
        #expect(try runner.snapshot("dist") == (try runner.snapshot("clean")))
        // Fewer pages, fewer parts: the others go from the bundle.
        for number in 1...250 { try FileManager.default.removeItem(at: runner.url("Site/topics/topic-\(number).md")) }
        #expect(try runner.run(["build"]).status == 0)
        #expect(try parts(runner) == ["_sitegen/search/0.js"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: runner.url("dist/_sitegen/search").path) == ["0.js"])
        #expect(try entries(runner).count == 54)
        try FileManager.default.removeItem(at: runner.url("clean"))
        #expect(try runner.run(["build", "--out", "clean"]).status == 0)
        #expect(try runner.snapshot("dist") == (try runner.snapshot("clean")))
    }

    @Test func anAssetAtAPartsPathIsAnError() throws {
        let runner = try setUp(search: true)
        defer { runner.cleanUp() }
        try runner.write("x", to: "Site/_sitegen/search/0.js")
        let run = try runner.run(["build"])
        #expect(run.status == 2)
        #expect(
            run.stderr.contains(
                "Site/_sitegen/search/0.js: error: '_sitegen/search/0.js' is produced twice: by sitegen's search index and by an asset of the same path"
            ), "\(run.stderr)")
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
