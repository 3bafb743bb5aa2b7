import Foundation
import Testing

/// A build replaces its output folder whole: every output that would take the user's files with it
/// is refused with exit 2 before anything is written, and the files stay.
@Suite(.serialized) struct OutputFolderGuardTests {
    private func project() throws -> SitegenRunner {
        let runner = try SitegenRunner()
        try runner.copyFixture("Sites/clean", to: "Site")
        try runner.copyFixture("Themes/minimal", to: "Templates")
        try runner.write("keep me\n", to: "README")
        return runner
    }

    @Test(arguments: [
        (".", "holds the site folder 'Site/'"), ("Site", "is the site folder"), ("Templates", "is the templates folder"),
        ("Templates/dist", "is inside the templates folder 'Templates/'"), ("Site/../Site", "is the site folder"),
    ])
    func outputThatWouldReplaceTheProjectIsRefused(output: String, reason: String) throws {
        let runner = try project()
        defer { runner.cleanUp() }
        let before = try runner.snapshot(".")
        let run = try runner.run(["build", "--out", output])
        #expect(run.status == 2, "stdout: \(run.stdout) stderr: \(run.stderr)")
        #expect(run.stderr.contains("error: the output folder \(reason)"), "\(run.stderr)")
        #expect(try runner.snapshot(".") == before)
    }

    /// A file as the output is said to be one, even a page of the site (which the scan would
    /// otherwise leave out, as it leaves out the output), and named without a slash, as a file.
    @Test(arguments: [("README", "README"), ("Site/index.md", "Site/index.md"), ("README/", "README")])
    func anOutputThatIsAFileIsSaidToBe(output: String, shown: String) throws {
        let runner = try project()
        defer { runner.cleanUp() }
        let before = try runner.snapshot(".")
        let run = try runner.run(["build", "--out", output])
        #expect(run.status == 2)
        #expect(run.stderr == "\(shown): error: the output path exists and is not a folder\n", "\(run.stderr)")
        #expect(try runner.snapshot(".") == before)
    }

    /// An output below a file (`README/dist`, `README/a/dist`) names the file, and a loop of
    /// symbolic links is called one, not a link to nothing.
    @Test func anOutputBelowAFileOrInALoopSaysSo() throws {
        let runner = try project()
        defer { runner.cleanUp() }
        try FileManager.default.createSymbolicLink(atPath: runner.url("loopa").path, withDestinationPath: "loopb")
        try FileManager.default.createSymbolicLink(atPath: runner.url("loopb").path, withDestinationPath: "loopa")
        let before = try runner.snapshot(".")
        for output in ["README/dist", "README/a/dist"] {
            let run = try runner.run(["build", "--out", output])
            #expect(run.status == 2)
            #expect(
                run.stderr == "\(output)/: error: cannot create the output folder: 'README' above it is a file, not a folder\n",
                "\(run.stderr)")
        }
        let loop = try runner.run(["build", "--out", "loopa"])
        #expect(
            loop.status == 2 && loop.stderr == "loopa/: error: the output path is a loop of symbolic links\n", "\(loop.stderr)")
        #expect(try runner.snapshot(".") == before)
        try FileManager.default.createSymbolicLink(atPath: runner.url("gone").path, withDestinationPath: "nowhere")
        for (output, what) in [("loopa/sub", "a loop of symbolic links"), ("gone/sub", "a symbolic link to nothing")] {
            let run = try runner.run(["build", "--out", output])
            let name = output.prefix { $0 != "/" }
            #expect(
                run.status == 2
                    && run.stderr == "\(output)/: error: cannot create the output folder: '\(name)' above it is \(what)\n",
                "\(run.stderr)")
        }
    }

    @Test func aMirrorOutputThatIsAFileIsNamedWithoutASlash() throws {
        let runner = try project()
        defer { runner.cleanUp() }
        try runner.write("<p>i</p>\n", to: "source/index.html")
        let run = try runner.run(["mirror", "source", "--out", "README"])
        #expect(run.status == 2)
        #expect(run.stderr.hasPrefix("README: error: the output path exists and is not a folder\n"), "\(run.stderr)")
        #expect(try runner.read("README") == "keep me\n")
    }

    @Test func emptyOutputIsAUsageError() throws {
        let runner = try project()
        defer { runner.cleanUp() }
        let before = try runner.snapshot(".")
        let run = try runner.run(["build", "--out", ""])
        #expect(run.status == 2)
        #expect(run.stderr.contains("option '--out' needs a value (DIR), not an empty one"), "\(run.stderr)")
        #expect(try runner.snapshot(".") == before)
    }

    /// `--out --quiet` forgot the folder: the next option is no value, and nothing is built.
    @Test func anOptionIsNoValueOfTheOptionBefore() throws {
        let runner = try project()
        defer { runner.cleanUp() }
        let before = try runner.snapshot(".")
        let run = try runner.run(["build", "--out", "--quiet"])
        #expect(run.status == 2)
        #expect(run.stderr.contains("option '--out' needs a value (DIR), not the option '--quiet'"), "\(run.stderr)")
        #expect(try runner.run(["build", "--site", "--format=json"]).stderr.contains("not the option '--format=json'"))
        #expect(try runner.snapshot(".") == before)
        // Spelled with `=`, a folder may have such a name.
        #expect(try runner.run(["build", "--out=--odd"]).status == 0)
        #expect(FileManager.default.fileExists(atPath: runner.url("--odd/manifest.json").path))
    }

    @Test func folderThatIsNoBundleIsNotReplaced() throws {
        let runner = try project()
        defer { runner.cleanUp() }
        try runner.write("notes\n", to: "public/notes.txt")
        // A web app's manifest is no sitegen bundle's.
        try runner.write("{\"name\": \"app\"}\n", to: "public/manifest.json")
        let run = try runner.run(["build", "--out", "public"])
        #expect(run.status == 2)
        #expect(
            run.stderr.contains("public/: error: the output folder is not empty and holds no sitegen bundle"), "\(run.stderr)")
        #expect(try runner.read("public/notes.txt") == "notes\n")
    }

    @Test func previousBundleAndEmptyFolderAreReplaced() throws {
        let runner = try project()
        defer { runner.cleanUp() }
        try FileManager.default.createDirectory(at: runner.url("empty"), withIntermediateDirectories: true)
        #expect(try runner.run(["build", "--out", "empty"]).status == 0)
        #expect(FileManager.default.fileExists(atPath: runner.url("empty/manifest.json").path))
        try runner.write("# Changed\n", to: "Site/index.md")
        #expect(try runner.run(["build", "--out", "empty"]).status == 0)
        #expect(try runner.read("empty/index.html").contains("Changed"))
    }

    @Test func leftoversOfAnInterruptedRunAreRemovedByTheNext() throws {
        let runner = try project()
        defer { runner.cleanUp() }
        let exited = Process()
        exited.executableURL = URL(fileURLWithPath: "/bin/true")
        try exited.run()
        exited.waitUntilExit()
        let leftover = ".dist.sitegen-\(exited.processIdentifier)-\(UUID().uuidString)"
        try runner.write("half a bundle\n", to: leftover + "/index.html")
        #expect(try runner.run(["build"]).status == 0)
        #expect(!FileManager.default.fileExists(atPath: runner.url(leftover).path))
        let staging = try FileManager.default.contentsOfDirectory(atPath: runner.url(".").path).filter { $0.hasPrefix(".dist.") }
        #expect(staging.allSatisfy { !$0.contains("-\(exited.processIdentifier)-") }, "\(staging)")
    }

    @Test func aSymbolicLinkAsTheOutputIsKeptAndItsFolderReplaced() throws {
        let runner = try project()
        defer { runner.cleanUp() }
        try FileManager.default.createDirectory(at: runner.url("bundles/docs"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: runner.url("dist").path, withDestinationPath: "bundles/docs")
        for _ in 0..<2 {
            #expect(try runner.run(["build"]).status == 0)
            #expect(try FileManager.default.destinationOfSymbolicLink(atPath: runner.url("dist").path) == "bundles/docs")
            #expect(FileManager.default.fileExists(atPath: runner.url("bundles/docs/manifest.json").path))
        }
        try FileManager.default.createSymbolicLink(atPath: runner.url("gone").path, withDestinationPath: "nowhere")
        let dangling = try runner.run(["build", "--out", "gone"])
        #expect(dangling.status == 2)
        #expect(dangling.stderr.contains("gone/: error: the output path is a symbolic link to nothing"), "\(dangling.stderr)")
    }
}
