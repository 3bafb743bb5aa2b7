import Foundation
import Testing

/// Incremental builds: what changed is rebuilt, nothing else is touched, and the result is
/// byte-identical to a clean build of the same input.
@Suite(.serialized) struct IncrementalBuildTests {
    /// Inode and modification time of every file of a tree: a file that was rewritten gets a new
    /// inode (the build writes into a fresh folder and links only what it keeps).
    private func identities(_ runner: SitegenRunner, _ path: String) throws -> [String: String] {
        var out: [String: String] = [:]
        for file in try runner.snapshot(path).keys {
            let attributes = try FileManager.default.attributesOfItem(atPath: runner.url("\(path)/\(file)").path)
            let inode = (attributes[.systemFileNumber] as? NSNumber)?.intValue ?? -1
            let modified = (attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? -1
            out[file] = "\(inode)@\(modified)"
        }
        return out
    }

    private func changed(_ before: [String: String], _ after: [String: String]) -> Set<String> {
        Set(after.keys.filter { before[$0] != after[$0] }).union(before.keys.filter { after[$0] == nil })
    }

    private func setUp() throws -> SitegenRunner {
        let runner = try SitegenRunner()
        try runner.copyFixture("Sites/clean", to: "Site")
        try runner.copyFixture("Themes/minimal", to: "Templates")
        return runner
    }

    @Test func editingOnePageRewritesOnlyThatPageAndTheManifest() throws {
        let runner = try setUp()
        defer { runner.cleanUp() }
        #expect(try runner.run(["build"]).status == 0)
        let before = try identities(runner, "dist")
        try runner.write(try runner.read("Site/guide/usage.md") + "\nOne more paragraph.\n", to: "Site/guide/usage.md")
        #expect(try runner.run(["build"]).status == 0)
        #expect(changed(before, try identities(runner, "dist")) == ["guide/usage.html", "manifest.json"])
        #expect(try runner.read("dist/guide/usage.html").contains("One more paragraph."))
    }

    /// Two version folders swapped, and a `latest` link pointed at the other one: each page's file
    /// keeps its size and times, but another file sits at each path, and the rebuild shows it.
    @Test func swappedFoldersAndARepointedLinkAreRebuilt() throws {
        let runner = try SitegenRunner()
        defer { runner.cleanUp() }
        try runner.copyFixture("Themes/minimal", to: "Templates")
        try runner.write("# Home\n\n[1](v1/index.md) [2](v2/index.md) [l](latest/index.md)\n", to: "Site/index.md")
        try runner.write("# One\n", to: "Site/v1/index.md")
        try runner.write("# Two\n", to: "Site/v2/index.md")
        let when = Date(timeIntervalSince1970: 1_700_000_000)
        for page in ["v1", "v2"] {
            try FileManager.default.setAttributes(
                [.modificationDate: when], ofItemAtPath: runner.url("Site/\(page)/index.md").path)
        }
        try FileManager.default.createSymbolicLink(atPath: runner.url("Site/latest").path, withDestinationPath: "v1")
        #expect(try runner.run(["build"]).status == 0)
        #expect(try runner.read("dist/latest/index.html").contains("One"))
        let manager = FileManager.default
        try manager.moveItem(at: runner.url("Site/v1"), to: runner.url("Site/tmp"))
        try manager.moveItem(at: runner.url("Site/v2"), to: runner.url("Site/v1"))
        try manager.moveItem(at: runner.url("Site/tmp"), to: runner.url("Site/v2"))
        try manager.removeItem(at: runner.url("Site/latest"))
        try manager.createSymbolicLink(atPath: runner.url("Site/latest").path, withDestinationPath: "v2")
        #expect(try runner.run(["build"]).status == 0)
        #expect(try runner.read("dist/v1/index.html").contains("Two"))
        #expect(try runner.read("dist/v2/index.html").contains("One"))
        #expect(try runner.read("dist/latest/index.html").contains("One"))
        #expect(try runner.run(["verify", "dist"]).status == 0)
    }

    @Test func anOutputGivenAsASymbolicLinkKeepsOneCacheAndRebuildsIncrementally() throws {
        let runner = try setUp()
        defer { runner.cleanUp() }
        try FileManager.default.createDirectory(at: runner.url("dist"), withIntermediateDirectories: false)
        try FileManager.default.createSymbolicLink(atPath: runner.url("out").path, withDestinationPath: "dist")
        #expect(try runner.run(["build", "--out", "out"]).status == 0)
        let before = try identities(runner, "dist")
        try runner.write(try runner.read("Site/guide/usage.md") + "\nOne more paragraph.\n", to: "Site/guide/usage.md")
        #expect(try runner.run(["build", "--out", "out"]).status == 0)
        #expect(changed(before, try identities(runner, "dist")) == ["guide/usage.html", "manifest.json"])
        let beside = try FileManager.default.contentsOfDirectory(atPath: runner.url("").path).filter { $0.contains("sitegen") }
        #expect(Set(beside) == [".out.sitegen-cache", ".out.sitegen-details", ".out.sitegen-crawl"], "\(beside)")
    }

    /// Built under two names (a folder and a link to it), the folder has two caches: the one that did
    /// not make its last build cannot vouch for its files (same sizes, other titles), and makes a full build.
    @Test func aCacheThatDidNotMakeTheLastBuildOfTheFolderIsNotTrusted() throws {
        let runner = try setUp()
        defer { runner.cleanUp() }
        #expect(try runner.run(["build"]).status == 0)
        try FileManager.default.createSymbolicLink(atPath: runner.url("link").path, withDestinationPath: "dist")
        #expect(try runner.run(["build", "--out", "link"]).status == 0)
        let original = try runner.read("Site/guide/install.md")
        // The sidebars of the other pages show the new name, which has the old one's size.
        try runner.write(
            original.replacingOccurrences(of: "order: 1\n", with: "order: 1\nnav_title: Install the apq\n"),
            to: "Site/guide/install.md")
        #expect(try runner.run(["build", "--out", "link"]).status == 0)
        try runner.write(original, to: "Site/guide/install.md")
        #expect(try runner.run(["build"]).status == 0)
        #expect(try runner.run(["build", "--out", "clean"]).status == 0)
        #expect(try runner.snapshot("dist") == (try runner.snapshot("clean")))
        // The cache that did make it is trusted: a rebuild with nothing changed rewrites nothing.
        let before = try identities(runner, "dist")
        #expect(try runner.run(["build"]).status == 0)
        #expect(changed(before, try identities(runner, "dist")).isEmpty)
    }

    /// With its cache files deleted, a rebuild keeps each file that still holds what the manifest
    /// lists (its time with it) and rewrites one changed by hand, even at the same size.
    @Test func withoutItsCacheABuildKeepsTheFilesTheManifestVouchesFor() throws {
        let runner = try setUp()
        defer { runner.cleanUp() }
        #expect(try runner.run(["build"]).status == 0)
        let original = try runner.read("dist/guide/usage.html")
        try runner.write(original.replacingOccurrences(of: "<html", with: "<HTML"), to: "dist/guide/usage.html")
        for name in [".dist.sitegen-cache", ".dist.sitegen-details", ".dist.sitegen-crawl"] {
            try FileManager.default.removeItem(at: runner.url(name))
        }
        let before = try identities(runner, "dist")
        #expect(try runner.run(["build"]).status == 0)
        #expect(changed(before, try identities(runner, "dist")) == ["guide/usage.html"])
        #expect(try runner.read("dist/guide/usage.html") == original)
        #expect(try runner.run(["verify", "dist"]).status == 0)
    }

    @Test func namingTheFoldersAnotherWayReusesEverythingAndShowsTheNewNames() throws {
        let runner = try setUp()
        defer { runner.cleanUp() }
        try runner.write(try runner.read("Site/index.md") + "\n[gone](missing.md)\n", to: "Site/index.md")
        let first = try runner.run(["build"])
        #expect(first.stdout.contains("Site/index.md:"))
        let before = try identities(runner, "dist")
        let root = runner.url("").path
        let absolute = try runner.run([
            "build", "--site", root + "/Site", "--templates", root + "/Templates", "--out", root + "/dist",
        ])
        #expect(absolute.status == first.status)
        #expect(changed(before, try identities(runner, "dist")) == [])
        // The finding, kept from the first build, names the site folder as this build was told.
        #expect(absolute.stdout.contains(root + "/Site/index.md:"))
        #expect(!absolute.stdout.contains("\nSite/index.md:") && !absolute.stdout.hasPrefix("Site/index.md:"))
        let again = try runner.run(["build"])
        #expect(again.stdout.hasPrefix("Site/index.md:"))
        #expect(changed(before, try identities(runner, "dist")) == [])
        // An edit under the other naming: the crawl's report is updated, and its kept findings
        // carry the names of this build.
        try runner.write(try runner.read("Site/guide/usage.md") + "\nEdited.\n", to: "Site/guide/usage.md")
        let edited = try runner.run([
            "build", "--site", root + "/Site", "--templates", root + "/Templates", "--out", root + "/dist",
        ])
        #expect(edited.status == first.status)
        #expect(edited.stdout.contains(root + "/Site/index.md:"))
        #expect(!edited.stdout.contains("\nSite/index.md:") && !edited.stdout.hasPrefix("Site/index.md:"))
        #expect(try runner.read("dist/guide/usage.html").contains("Edited."))
    }

    /// A change of sitegen.yml rebuilds everything, but a file that comes out byte for byte the same
    /// is kept with its time: a comment changes no file, a new site title only the pages.
    @Test func aConfigurationChangeKeepsTheFilesItDoesNotChange() throws {
        let runner = try setUp()
        defer { runner.cleanUp() }
        #expect(try runner.run(["build"]).status == 0)
        let before = try identities(runner, "dist")
        let config = try runner.read("Site/sitegen.yml")
        try runner.write(config + "# a comment\n", to: "Site/sitegen.yml")
        #expect(try runner.run(["build"]).status == 0)
        #expect(changed(before, try identities(runner, "dist")).isEmpty)
        try runner.write(config.replacingOccurrences(of: "Clean Docs", with: "Tidy Docs"), to: "Site/sitegen.yml")
        #expect(try runner.run(["build"]).status == 0)
        let after = try identities(runner, "dist")
        let rewritten = changed(before, after)
        #expect(rewritten.contains("index.html") && rewritten.contains("manifest.json"), "\(rewritten)")
        #expect(before.keys.filter { !$0.hasSuffix(".html") && $0 != "manifest.json" }.allSatisfy { !rewritten.contains($0) })
        #expect(try runner.run(["build", "--out", "clean"]).status == 0)
        #expect(try runner.snapshot("dist") == (try runner.snapshot("clean")))
    }

    @Test func touchingWithoutChangingRewritesNothing() throws {
        let runner = try setUp()
        defer { runner.cleanUp() }
        #expect(try runner.run(["build"]).status == 0)
        let before = try identities(runner, "dist")
        try FileManager.default.setAttributes([.modificationDate: Date()], ofItemAtPath: runner.url("Site/index.md").path)
        try FileManager.default.setAttributes([.modificationDate: Date()], ofItemAtPath: runner.url("Templates/page.html").path)
        #expect(try runner.run(["build"]).status == 0)
        // Not even the manifest: its bytes are the same.
        #expect(changed(before, try identities(runner, "dist")) == [])
    }

    @Test func addingAPageRewritesOnlyThePagesThatShowIt() throws {
        let runner = try setUp()
        defer { runner.cleanUp() }
        #expect(try runner.run(["build"]).status == 0)
        let before = try identities(runner, "dist")
        // Every page is rendered again (the site's shape changed), but a page whose bytes come out the
        // same keeps its file.
        try runner.write("# Extra\n\n[home](../index.md)\n", to: "Site/guide/extra.md")
        #expect(try runner.run(["build"]).status == 0)
        let rewritten = changed(before, try identities(runner, "dist"))
        let showingIt = Set(
            try runner.snapshot("dist").keys.filter { $0.hasSuffix(".html") }.filter {
                try runner.read("dist/" + $0).contains("extra.html")
            })
        #expect(rewritten == showingIt.union(["manifest.json", "_sitegen/nav.js"]), "\(rewritten)")
        #expect(try runner.run(["build", "--out", "clean"]).status == 0)
        #expect(try runner.snapshot("dist") == (try runner.snapshot("clean")))
    }

    @Test func changingATitleRewritesThePagesThatShowIt() throws {
        let runner = try setUp()
        defer { runner.cleanUp() }
        #expect(try runner.run(["build"]).status == 0)
        let before = try identities(runner, "dist")
        let usage = try runner.read("Site/guide/usage.md").replacingOccurrences(
            of: "nav_title: Usage", with: "nav_title: Daily use")
        try runner.write(usage, to: "Site/guide/usage.md")
        #expect(try runner.run(["build"]).status == 0)
        let rewritten = changed(before, try identities(runner, "dist"))
        // The page itself, its neighbours in the sidebar's open section, and the shared nav script.
        #expect(rewritten.isSuperset(of: ["guide/usage.html", "guide/install.html", "guide/index.html", "_sitegen/nav.js"]))
        #expect(!rewritten.contains("images/logo.svg"))
        #expect(try runner.read("dist/guide/install.html").contains(">Daily use</a>"))
    }

    @Test func editingATemplateRewritesOnlyThePagesUsingIt() throws {
        let runner = try setUp()
        defer { runner.cleanUp() }
        try runner.write("<!doctype html><title>{{page.title}}</title>{{{content}}}\n", to: "Templates/plain.html")
        try runner.write("---\ntemplate: plain\norder: 3\n---\n# Plain page\n\n[home](../index.md)\n", to: "Site/guide/plain.md")
        #expect(try runner.run(["build"]).status == 0)
        let before = try identities(runner, "dist")
        try runner.write("<!doctype html><title>{{page.title}}!</title>{{{content}}}\n", to: "Templates/plain.html")
        #expect(try runner.run(["build"]).status == 0)
        #expect(changed(before, try identities(runner, "dist")) == ["guide/plain.html", "manifest.json"])
    }

    @Test func incrementalResultIsByteIdenticalToACleanBuild() throws {
        let runner = try setUp()
        defer { runner.cleanUp() }
        #expect(try runner.run(["build"]).status == 0)
        try runner.write(try runner.read("Site/guide/install.md") + "\n## Appendix\n\nMore.\n", to: "Site/guide/install.md")
        try runner.write("---\ntitle: Renamed\n---\nBody.\n", to: "Site/guide/usage.md")
        try FileManager.default.removeItem(at: runner.url("Site/images/logo.svg"))
        try runner.write("<svg xmlns=\"http://www.w3.org/2000/svg\"/>\n", to: "Site/images/logo.svg")
        let incremental = try runner.run(["build"])
        let clean = try runner.run(["build", "--out", "clean"])
        #expect(incremental.status == clean.status)
        #expect(try runner.snapshot("dist") == (try runner.snapshot("clean")))
        #expect(incremental.stdout.split(separator: "\n").dropLast() == clean.stdout.split(separator: "\n").dropLast())
    }

    @Test func renamingAPageOfALongListRewritesOnlyThePagesWhoseSidebarShowsIt() throws {
        let runner = try SitegenRunner()
        defer { runner.cleanUp() }
        try runner.copyFixture("Themes/minimal", to: "Templates")
        try runner.write("# Home\n", to: "Site/index.md")
        for index in 0..<60 {
            try runner.write("---\ntitle: Page \(100 + index)\n---\n\nText.\n", to: "Site/list/p\(100 + index).md")
        }
        #expect(try runner.run(["build"]).status == 0)
        let before = try identities(runner, "dist")
        try runner.write("---\ntitle: Page 130 renamed\n---\n\nText.\n", to: "Site/list/p130.md")
        #expect(try runner.run(["build"]).status == 0)
        let rewritten = changed(before, try identities(runner, "dist"))
        // The sidebar of a list of 60 shows 21 entries around the current one.
        #expect(rewritten.contains("list/p130.html") && rewritten.contains("list/p125.html"))
        #expect(!rewritten.contains("list/p100.html") && !rewritten.contains("list/p159.html"), "\(rewritten.sorted())")
        #expect(rewritten.count < 30, "\(rewritten.sorted())")
        #expect(try runner.run(["build", "--out", "clean"]).status == 0)
        #expect(try runner.snapshot("dist") == (try runner.snapshot("clean")))
    }

    @Test func removingTheLastFileOfAOneLetterFolderRebuildsInPlace() throws {
        let runner = try setUp()
        defer { runner.cleanUp() }
        try runner.write("x", to: "Site/v/logo.png")
        #expect(try runner.run(["build"]).status == 0)
        try FileManager.default.removeItem(at: runner.url("Site/v"))
        // An in-place rebuild prunes the folder the removed file leaves empty.
        let rebuilt = try runner.run(["build"])
        #expect(rebuilt.status == 0, "\(rebuilt.stderr)")
        #expect(!FileManager.default.fileExists(atPath: runner.url("dist/v").path))
        #expect(try runner.run(["verify", "dist"]).status == 0)
        #expect(try runner.run(["build", "--out", "clean"]).status == 0)
        #expect(try runner.snapshot("dist") == (try runner.snapshot("clean")))
    }

    @Test func anAliasAddedElsewhereFixesALinkInAnUnchangedPage() throws {
        let runner = try setUp()
        defer { runner.cleanUp() }
        try runner.write(try runner.read("Site/index.md") + "\nSee the [old page](guide/legacy.html).\n", to: "Site/index.md")
        let broken = try runner.run(["build"])
        #expect(broken.status == 1)
        #expect(broken.stdout.contains("no file 'guide/legacy.html'"))
        // In the page's own folder, where its relative links still resolve.
        let usage = try runner.read("Site/guide/usage.md").replacingOccurrences(
            of: "order: 2", with: "order: 2\naliases: [guide/legacy.html]")
        try runner.write(usage, to: "Site/guide/usage.md")
        let fixed = try runner.run(["build"])
        #expect(fixed.status == 0, "\(fixed.stdout)")
    }

    @Test func findingsSurviveAnUnchangedRebuild() throws {
        let runner = try SitegenRunner()
        defer { runner.cleanUp() }
        try runner.copyFixture("Sites/broken", to: "Site")
        try runner.copyFixture("Themes/minimal", to: "Templates")
        let first = try runner.run(["build"])
        let second = try runner.run(["build"])
        #expect(first.status == 1 && second.status == 1)
        #expect(first.stdout.split(separator: "\n").dropLast() == second.stdout.split(separator: "\n").dropLast())
    }

    @Test func editingAPageWithFindingsReportsWhatACleanBuildReports() throws {
        let runner = try SitegenRunner()
        defer { runner.cleanUp() }
        try runner.copyFixture("Sites/broken", to: "Site")
        try runner.copyFixture("Themes/minimal", to: "Templates")
        #expect(try runner.run(["build"]).status == 1)
        // Only text and a same-page fragment change: the crawl updates its last report instead of
        // crawling again, and must still agree with a clean build line for line.
        try runner.write(try runner.read("Site/index.md") + "\nMore text, and a [jump](#nowhere).\n", to: "Site/index.md")
        let incremental = try runner.run(["build"])
        let clean = try runner.run(["build", "--out", "clean"])
        #expect(incremental.stdout.contains("no heading 'nowhere'"))
        #expect(incremental.status == clean.status)
        #expect(incremental.stdout.split(separator: "\n").dropLast() == clean.stdout.split(separator: "\n").dropLast())
    }

    private func inode(_ runner: SitegenRunner, _ path: String) throws -> Int {
        let attributes = try FileManager.default.attributesOfItem(atPath: runner.url(path).path)
        return (attributes[.systemFileNumber] as? NSNumber)?.intValue ?? -1
    }

    private func hiddenLeftovers(_ runner: SitegenRunner) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: runner.url("").path).filter {
            $0.hasPrefix(".dist.") && $0 != ".dist.sitegen-cache" && $0 != ".dist.sitegen-crawl" && $0 != ".dist.sitegen-details"
        }
    }

    @Test func aSmallChangeUpdatesTheBundleInPlace() throws {
        let runner = try setUp()
        defer { runner.cleanUp() }
        #expect(try runner.run(["build"]).status == 0)
        let folder = try inode(runner, "dist")
        try runner.write(try runner.read("Site/guide/usage.md") + "\nOne more paragraph.\n", to: "Site/guide/usage.md")
        #expect(try runner.run(["build"]).status == 0)
        #expect(try inode(runner, "dist") == folder)
        #expect(try hiddenLeftovers(runner).isEmpty)
        #expect(try runner.run(["build", "--out", "clean"]).status == 0)
        #expect(try runner.snapshot("dist") == (try runner.snapshot("clean")))
    }

    @Test func outputsDamagedByHandAreRepairedByAnInPlaceRebuild() throws {
        let runner = try setUp()
        defer { runner.cleanUp() }
        #expect(try runner.run(["build"]).status == 0)
        let folder = try inode(runner, "dist")
        try FileManager.default.removeItem(at: runner.url("dist/guide/install.html"))
        try runner.write("cut short", to: "dist/guide/index.html")
        try runner.write("<svg/>", to: "dist/images/logo.svg")
        try runner.write(try runner.read("Site/guide/usage.md") + "\nOne more paragraph.\n", to: "Site/guide/usage.md")
        #expect(try runner.run(["build"]).status == 0)
        #expect(try inode(runner, "dist") == folder)
        #expect(try runner.run(["build", "--out", "clean"]).status == 0)
        #expect(try runner.snapshot("dist") == (try runner.snapshot("clean")))
    }

    /// An output cut short by hand, with every output still there, is rewritten: the walk that lists
    /// the previous bundle looks at each file it lists.
    @Test func anOutputCutShortWithNothingMissingIsRewritten() throws {
        let runner = try setUp()
        defer { runner.cleanUp() }
        #expect(try runner.run(["build"]).status == 0)
        try runner.write("cut short", to: "dist/guide/install.html")
        try FileManager.default.createSymbolicLink(
            atPath: runner.url("dist/images/logo-link.svg").path, withDestinationPath: "logo.svg")
        try runner.write(try runner.read("Site/guide/usage.md") + "\nOne more paragraph.\n", to: "Site/guide/usage.md")
        #expect(try runner.run(["build"]).status == 0)
        #expect(try runner.run(["build", "--out", "clean"]).status == 0)
        #expect(try runner.snapshot("dist") == (try runner.snapshot("clean")))
    }

    /// Outputs replaced by hand with other kinds of entry (a link to a copy of the same size, a folder,
    /// a folder turned into a link to a copy of it) are made files and folders again by a rebuild in
    /// place, as a clean build makes them.
    @Test func outputsReplacedByOtherKindsOfEntryAreRepairedInPlace() throws {
        let runner = try setUp()
        defer { runner.cleanUp() }
        #expect(try runner.run(["build"]).status == 0)
        let folder = try inode(runner, "dist")
        let manager = FileManager.default
        let dist = runner.url("dist").path
        try manager.copyItem(atPath: dist + "/guide/install.html", toPath: runner.url("install-copy.html").path)
        try manager.removeItem(atPath: dist + "/guide/install.html")
        try manager.createSymbolicLink(
            atPath: dist + "/guide/install.html", withDestinationPath: runner.url("install-copy.html").path)
        try manager.removeItem(atPath: dist + "/guide/index.html")
        try runner.write("x", to: "dist/guide/index.html/inner.txt")
        try manager.copyItem(atPath: dist + "/images", toPath: runner.url("images-copy").path)
        try manager.removeItem(atPath: dist + "/images")
        try manager.createSymbolicLink(atPath: dist + "/images", withDestinationPath: runner.url("images-copy").path)
        try runner.write(try runner.read("Site/guide/usage.md") + "\nOne more paragraph.\n", to: "Site/guide/usage.md")
        #expect(try runner.run(["build"]).status == 0)
        #expect(try inode(runner, "dist") == folder, "updated in place")
        for (path, type) in [
            ("guide/install.html", FileAttributeType.typeRegular), ("guide/index.html", .typeRegular), ("images", .typeDirectory),
        ] {
            let attributes = try manager.attributesOfItem(atPath: dist + "/" + path)
            #expect(attributes[.type] as? FileAttributeType == type, "\(path)")
        }
        #expect(try runner.run(["build", "--out", "clean"]).status == 0)
        #expect(try runner.snapshot("dist") == (try runner.snapshot("clean")))
        #expect(try runner.run(["verify", "dist"]).status == 0)
    }

    /// A file put in by hand under another spelling of an output's name (the same letters, decomposed)
    /// is another file: it goes, and the output stays.
    @Test func aStrayNamedAsAnOutputInAnotherNormalizationGoes() throws {
        let runner = try setUp()
        defer { runner.cleanUp() }
        try runner.write("# Caf\u{E9}\n\nText.\n", to: "Site/guide/caf\u{E9}.md")
        #expect(try runner.run(["build"]).status == 0)
        try runner.write("x", to: "dist/guide/cafe\u{301}.html")
        let names = { try FileManager.default.contentsOfDirectory(atPath: runner.url("dist/guide").path) }
        #expect(try names().filter { $0.utf8.starts(with: "caf".utf8) }.count == 2)
        try runner.write(try runner.read("Site/guide/usage.md") + "\nOne more paragraph.\n", to: "Site/guide/usage.md")
        #expect(try runner.run(["build"]).status == 0)
        let left = try names().filter { $0.utf8.starts(with: "caf".utf8) }
        #expect(left.map { Array($0.utf8) } == [Array("caf\u{E9}.html".utf8)])
        #expect(try runner.read("dist/guide/caf\u{E9}.html").contains("Text."))
    }

    /// Files and folders put into the output by hand go in a rebuild in place, as in a clean build,
    /// and `sitegen verify` finds nothing extra; what the build wrote is not touched.
    @Test func filesPutIntoTheOutputByHandGoInAnInPlaceRebuild() throws {
        let runner = try setUp()
        defer { runner.cleanUp() }
        #expect(try runner.run(["build"]).status == 0)
        let folder = try inode(runner, "dist")
        try runner.write("x", to: "dist/stray.txt")
        try runner.write("x", to: "dist/.DS_Store")
        try runner.write("x", to: "dist/junk/deep/er.html")
        try runner.write("x", to: "dist/guide/notes.md")
        try FileManager.default.createDirectory(at: runner.url("dist/empty/inner"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: runner.url("dist/link").path, withDestinationPath: "guide")
        let before = try identities(runner, "dist")
        try runner.write(try runner.read("Site/guide/usage.md") + "\nOne more paragraph.\n", to: "Site/guide/usage.md")
        #expect(try runner.run(["build"]).status == 0)
        #expect(try inode(runner, "dist") == folder, "updated in place")
        let after = try identities(runner, "dist")
        #expect(Set(before.keys).subtracting(after.keys) == ["stray.txt", ".DS_Store", "junk/deep/er.html", "guide/notes.md"])
        #expect(
            changed(before, after).subtracting(before.keys.filter { after[$0] == nil }) == ["guide/usage.html", "manifest.json"])
        for gone in ["junk", "empty", "link"] {
            #expect((try? FileManager.default.attributesOfItem(atPath: runner.url("dist/\(gone)").path)) == nil, "\(gone)")
        }
        #expect(try runner.run(["build", "--out", "clean"]).status == 0)
        #expect(try runner.snapshot("dist") == (try runner.snapshot("clean")))
        let verified = try runner.run(["verify", "dist"])
        #expect(verified.status == 0, "\(verified.stdout)")
    }

    @Test func aManifestDeletedByHandIsWrittenAgain() throws {
        let runner = try setUp()
        defer { runner.cleanUp() }
        #expect(try runner.run(["build"]).status == 0)
        try FileManager.default.removeItem(at: runner.url("dist/manifest.json"))
        // The cache beside dist/ says the folder is sitegen's own, without its manifest.
        let rebuilt = try runner.run(["build"])
        #expect(rebuilt.status == 0, "\(rebuilt.stderr)")
        #expect(try runner.run(["build", "--out", "clean"]).status == 0)
        #expect(try runner.snapshot("dist") == (try runner.snapshot("clean")))
        // A folder with no manifest and no cache of ours is still refused.
        try FileManager.default.removeItem(at: runner.url("clean/manifest.json"))
        for name in [".clean.sitegen-cache", ".clean.sitegen-details", ".clean.sitegen-crawl"] {
            try? FileManager.default.removeItem(at: runner.url(name))
        }
        #expect(try runner.run(["build", "--out", "clean"]).status == 2)
    }

    /// An entry of the crawl memo damaged on disk (here an id of a page, `part` made `qart`) is
    /// parsed again, not trusted: the findings are a clean build's, not a phantom broken fragment.
    @Test func aDamagedCrawlMemoEntryIsParsedAgain() throws {
        let runner = try SitegenRunner()
        defer { runner.cleanUp() }
        try runner.copyFixture("Themes/minimal", to: "Templates")
        try runner.write("# Home\n\n[a](a.md) [b](b.md#part)\n", to: "Site/index.md")
        try runner.write("# A\n", to: "Site/a.md")
        try runner.write("# B\n\n## Part\n", to: "Site/b.md")
        #expect(try runner.run(["build"]).status == 0)
        let memo = runner.url(".dist.sitegen-crawl")
        var bytes = [UInt8](try Data(contentsOf: memo))
        let part = Array("part".utf8)
        let at = try #require(
            bytes.indices.reversed().first { $0 + part.count <= bytes.count && Array(bytes[$0..<$0 + part.count]) == part })
        bytes[at] = UInt8(ascii: "q")
        try Data(bytes).write(to: memo)
        // A new id makes every link be judged again, from the memo's entries.
        try runner.write("# A\n\n## New heading\n", to: "Site/a.md")
        let rebuilt = try runner.run(["build"])
        #expect(rebuilt.status == 0, "\(rebuilt.stdout)")
        #expect(!rebuilt.stdout.contains("qart"), "\(rebuilt.stdout)")
    }

    @Test func aCacheWhoseFileRecordsAreDamagedMakesAFullBuild() throws {
        let runner = try setUp()
        defer { runner.cleanUp() }
        #expect(try runner.run(["build"]).status == 0)
        // Every SHA-256 of the cache's file records made invalid, the file still parsing.
        let cache = runner.url(".dist.sitegen-cache")
        var bytes = [UInt8](try Data(contentsOf: cache))
        let isHex = { (byte: UInt8) in (48...57).contains(byte) || (97...102).contains(byte) }
        var run = 0
        var damaged = 0
        for index in bytes.indices {
            run = isHex(bytes[index]) ? run + 1 : 0
            if run == 64 {
                bytes[index] = UInt8(ascii: "G")
                damaged += 1
            }
        }
        #expect(damaged > 3)
        try Data(bytes).write(to: cache)
        try runner.write(try runner.read("Site/guide/usage.md") + "\nOne more paragraph.\n", to: "Site/guide/usage.md")
        let rebuilt = try runner.run(["build"])
        #expect(rebuilt.status == 0, "\(rebuilt.stderr)")
        #expect(try runner.run(["build", "--out", "clean"]).status == 0)
        #expect(try runner.snapshot("dist") == (try runner.snapshot("clean")))
    }

    /// One byte changed anywhere in the cache (here a title the sidebars show) is caught by its
    /// SHA-256: the next build is a full one, not one that shows the damaged title everywhere.
    @Test func aCacheDamagedByOneByteMakesAFullBuild() throws {
        let runner = try setUp()
        defer { runner.cleanUp() }
        #expect(try runner.run(["build"]).status == 0)
        let cache = runner.url(".dist.sitegen-cache")
        var bytes = [UInt8](try Data(contentsOf: cache))
        let title = try #require(bytes.firstRange(of: Array("Install the app".utf8)))
        bytes[title.lowerBound] = UInt8(ascii: "X")
        try Data(bytes).write(to: cache)
        let rebuilt = try runner.run(["build"])
        #expect(rebuilt.status == 0, "\(rebuilt.stderr)")
        #expect(try !runner.read("dist/index.html").contains("Xnstall the app"))
        #expect(try runner.run(["build", "--out", "clean"]).status == 0)
        #expect(try runner.snapshot("dist") == (try runner.snapshot("clean")))
    }

    /// A page's details changed on disk (here a heading id other pages link to) are caught by their
    /// fingerprint when read: the build is made again without the cache, not reported as a broken link.
    @Test func detailsDamagedOnDiskMakeAFullBuild() throws {
        let runner = try setUp()
        defer { runner.cleanUp() }
        #expect(try runner.run(["build"]).status == 0)
        let file = runner.url(".dist.sitegen-details")
        var bytes = [UInt8](try Data(contentsOf: file))
        // Wherever the details hold it: in the heading's record, and in the fragment of a link to it.
        var found = 0
        while let id = bytes.firstRange(of: Array("install-the-app".utf8)) {
            bytes[id.lowerBound] = UInt8(ascii: "X")
            found += 1
        }
        #expect(found >= 2)
        try Data(bytes).write(to: file)
        // A new page changes the site's shape: every page's links are checked again, from their details.
        try runner.write("# New\n", to: "Site/new.md")
        let rebuilt = try runner.run(["build"])
        #expect(rebuilt.status == 0, "\(rebuilt.stdout)")
        #expect(!rebuilt.stdout.contains("Xnstall"))
        #expect(try runner.run(["build", "--out", "clean"]).status == 0)
        #expect(try runner.snapshot("dist") == (try runner.snapshot("clean")))
        #expect(try runner.run(["build"]).status == 0, "and the next build is clean too")
    }

    /// The details of a page with findings, damaged on disk when nothing else changed, are read only
    /// to map its findings to their Markdown lines: that build is made again without the cache too,
    /// rather than reporting each finding a second time at the template, build after build.
    @Test func detailsDamagedOnDiskWhereFindingsAreMappedMakeAFullBuild() throws {
        let runner = try SitegenRunner()
        defer { runner.cleanUp() }
        try runner.copyFixture("Sites/broken", to: "Site")
        try runner.copyFixture("Themes/minimal", to: "Templates")
        func findings(_ run: SitegenRunner.Run) -> [Substring] { run.stdout.split(separator: "\n").dropLast() }
        let first = try runner.run(["build"])
        #expect(first.status == 1 && findings(first).count == 3)
        let file = runner.url(".dist.sitegen-details")
        var bytes = [UInt8](try Data(contentsOf: file))
        bytes[bytes.count - 1] ^= 1
        try Data(bytes).write(to: file)
        for _ in 0..<2 {
            let rebuilt = try runner.run(["build"])
            #expect(rebuilt.status == 1)
            #expect(findings(rebuilt) == findings(first), "\(rebuilt.stdout)")
        }
    }

    @Test func removedOutputsGoAndAFileMayBecomeAFolder() throws {
        let runner = try setUp()
        defer { runner.cleanUp() }
        try runner.write("<svg xmlns=\"http://www.w3.org/2000/svg\"/>\n", to: "Site/extra/only.svg")
        #expect(try runner.run(["build"]).status == 0)
        #expect(FileManager.default.fileExists(atPath: runner.url("dist/extra/only.svg").path))
        try FileManager.default.removeItem(at: runner.url("Site/extra"))
        try FileManager.default.removeItem(at: runner.url("Site/images/logo.svg"))
        try runner.write("<svg xmlns=\"http://www.w3.org/2000/svg\"/>\n", to: "Site/images/logo.svg/inner.svg")
        let rebuilt = try runner.run(["build"])
        let clean = try runner.run(["build", "--out", "clean"])
        #expect(rebuilt.status == clean.status)
        #expect(!FileManager.default.fileExists(atPath: runner.url("dist/extra").path))
        #expect(try runner.snapshot("dist") == (try runner.snapshot("clean")))
        #expect(try hiddenLeftovers(runner).isEmpty)
    }

    @Test func anInputErrorInARebuildLeavesTheBundleAsItWas() throws {
        let runner = try setUp()
        defer { runner.cleanUp() }
        #expect(try runner.run(["build"]).status == 0)
        let before = try runner.snapshot("dist")
        try runner.write("---\ntitle: [unclosed\n---\n# Usage\n", to: "Site/guide/usage.md")
        let failed = try runner.run(["build"])
        #expect(failed.status == 2)
        #expect(try runner.snapshot("dist") == before)
        #expect(try hiddenLeftovers(runner).isEmpty)
    }

    /// A rebuild in place whose file cannot be moved into place (a folder of the user's took its
    /// name: its file named in no UTF-8 keeps the folder) puts back what it had moved: the previous
    /// bundle, whole, with its manifest. The error gives the system's reason.
    @Test func aMoveThatFailsInAnInPlaceRebuildLeavesTheBundleAsItWas() throws {
        let runner = try setUp()
        defer { runner.cleanUp() }
        #expect(try runner.run(["build"]).status == 0)
        try FileManager.default.removeItem(at: runner.url("dist/index.html"))
        var name = Array(runner.url("dist/index.html").path.utf8) + Array("/x".utf8) + [0xFF, 0]
        try FileManager.default.createDirectory(at: runner.url("dist/index.html"), withIntermediateDirectories: false)
        let descriptor = name.withUnsafeMutableBufferPointer { bytes in
            bytes.baseAddress!.withMemoryRebound(to: CChar.self, capacity: bytes.count) { open($0, O_CREAT | O_WRONLY, 0o644) }
        }
        #expect(descriptor >= 0)
        close(descriptor)
        let before = try runner.snapshot("dist")
        for page in ["Site/guide/install.md", "Site/guide/usage.md", "Site/index.md"] {
            try runner.write(try runner.read(page) + "\nOne more paragraph.\n", to: page)
        }
        let failed = try runner.run(["build"])
        #expect(failed.status == 2)
        #expect(
            failed.stderr.contains("dist/index.html: error: cannot move a file into place: Is a directory"), "\(failed.stderr)")
        #expect(try runner.snapshot("dist") == before)
        #expect(try hiddenLeftovers(runner).isEmpty)
    }

    /// A folder or a file of the bundle replaced by hand with a symbolic link to a copy (of the same
    /// size) is not the bundle's: a rebuild in place, and a full one that keeps what it can, write
    /// real files there, as a clean build would, and leave the copy alone.
    @Test(arguments: [false, true])
    func outputsReplacedBySymbolicLinksToCopiesAreWrittenAgain(fullBuild: Bool) throws {
        let runner = try setUp()
        defer { runner.cleanUp() }
        #expect(try runner.run(["build"]).status == 0)
        let manager = FileManager.default
        try manager.copyItem(at: runner.url("dist/guide"), to: runner.url("guide-copy"))
        try manager.removeItem(at: runner.url("dist/guide"))
        try manager.createSymbolicLink(atPath: runner.url("dist/guide").path, withDestinationPath: "../guide-copy")
        try manager.copyItem(at: runner.url("dist/index.html"), to: runner.url("index-copy.html"))
        try manager.removeItem(at: runner.url("dist/index.html"))
        try manager.createSymbolicLink(atPath: runner.url("dist/index.html").path, withDestinationPath: "../index-copy.html")
        let copies = try runner.snapshot("guide-copy")
        if fullBuild {
            try runner.write(try runner.read("Site/sitegen.yml") + "\n# a comment\n", to: "Site/sitegen.yml")
        } else {
            try runner.write(try runner.read("Site/guide/usage.md") + "\nOne more paragraph.\n", to: "Site/guide/usage.md")
        }
        let rebuilt = try runner.run(["build"])
        #expect(rebuilt.status == 0, "\(rebuilt.stderr)")
        for path in ["dist/guide", "dist/index.html"] {
            let type = try manager.attributesOfItem(atPath: runner.url(path).path)[.type] as? FileAttributeType
            #expect(type != .typeSymbolicLink, "\(path)")
        }
        #expect(try runner.run(["build", "--out", "clean"]).status == 0)
        #expect(try runner.snapshot("dist") == (try runner.snapshot("clean")))
        #expect(try runner.run(["verify", "dist"]).status == 0)
        #expect(try runner.snapshot("guide-copy") == copies, "the copy is not written to")
    }

    /// A named pipe put in place of a cache file is no cache: the build neither waits on it for a
    /// writer nor reads it, and makes a full build.
    @Test func aNamedPipeInPlaceOfACacheFileIsNoCache() throws {
        let runner = try setUp()
        defer { runner.cleanUp() }
        #expect(try runner.run(["build"]).status == 0)
        for name in [".dist.sitegen-cache", ".dist.sitegen-details", ".dist.sitegen-crawl"] {
            try FileManager.default.removeItem(at: runner.url(name))
            #expect(mkfifo(runner.url(name).path, 0o644) == 0)
        }
        try runner.write(try runner.read("Site/guide/usage.md") + "\nOne more paragraph.\n", to: "Site/guide/usage.md")
        let rebuilt = try runner.run(["build"], killedAfter: 60)
        #expect(rebuilt.status == 0, "\(rebuilt.stderr)")
        #expect(try runner.run(["build", "--out", "clean"]).status == 0)
        #expect(try runner.snapshot("dist") == (try runner.snapshot("clean")))
    }

    @Test func aChangeToManyPagesSwapsInANewBundle() throws {
        let runner = try setUp()
        defer { runner.cleanUp() }
        for index in 1...12 { try runner.write("# Extra \(index)\n\n[home](../index.md)\n", to: "Site/extra/page-\(index).md") }
        #expect(try runner.run(["build"]).status == 0)
        let folder = try inode(runner, "dist")
        try runner.write(try runner.read("Templates/page.html") + "<!-- touched -->\n", to: "Templates/page.html")
        let rebuilt = try runner.run(["build"])
        #expect(try inode(runner, "dist") != folder)
        #expect(try runner.run(["build", "--out", "clean"]).status == rebuilt.status)
        #expect(try runner.snapshot("dist") == (try runner.snapshot("clean")))
        #expect(try hiddenLeftovers(runner).isEmpty)
    }

    @Test func aStaleOrDamagedCrawlMemoIsNotTrusted() throws {
        let runner = try SitegenRunner()
        defer { runner.cleanUp() }
        try runner.copyFixture("Sites/broken", to: "Site")
        try runner.copyFixture("Themes/minimal", to: "Templates")
        #expect(try runner.run(["build"]).status == 1)
        let memo = runner.url(".dist.sitegen-crawl")
        let stale = try Data(contentsOf: memo)
        try runner.write(try runner.read("Site/index.md") + "\nMore text.\n", to: "Site/index.md")
        #expect(try runner.run(["build"]).status == 1)
        for replacement in [stale, stale.prefix(stale.count / 2), Data()] {
            try replacement.write(to: memo)
            try runner.write(try runner.read("Site/index.md") + "\nAnd more, see [x](#nowhere).\n", to: "Site/index.md")
            let incremental = try runner.run(["build"])
            let clean = try runner.run(["build", "--out", "clean"])
            #expect(incremental.status == clean.status)
            #expect(incremental.stdout.split(separator: "\n").dropLast() == clean.stdout.split(separator: "\n").dropLast())
            #expect(try runner.snapshot("dist") == (try runner.snapshot("clean")))
            try FileManager.default.removeItem(at: runner.url("clean"))
            try FileManager.default.removeItem(at: runner.url(".clean.sitegen-cache"))
        }
    }
}
