import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `sitegen verify` on bundles whose entries are not plain files with UTF-8 names: the manifest
/// itself, listed paths and unlisted entries.
@Suite(.serialized) struct VerifyOddEntriesTests {
    private func built() throws -> SitegenRunner {
        let runner = try SitegenRunner()
        try runner.copyFixture("Sites/clean", to: "Site")
        try runner.copyFixture("Themes/minimal", to: "Templates")
        #expect(try runner.run(["build"]).status == 0)
        return runner
    }

    /// A manifest whose text stops being JSON is reported at that line and column of it, by every
    /// command that reads it, and in the machine formats' fields (ci.md: at its line and column
    /// where known).
    @Test func aManifestThatIsNotJSONIsReportedAtItsLineAndColumn() throws {
        let runner = try built()
        defer { runner.cleanUp() }
        let text = try runner.read("dist/manifest.json")
        let last = try #require(text.range(of: "}\n  ]", options: .backwards))
        try runner.write(
            text.replacingCharacters(in: last.lowerBound..<text.index(after: last.lowerBound), with: "},"),
            to: "dist/manifest.json")
        let lines = text[..<last.lowerBound].split(separator: "\n", omittingEmptySubsequences: false)
        let place =
            "dist/manifest.json:\(lines.count):\(lines.last!.count + 2): error: manifest: not valid JSON: a trailing comma"
        for command in [["verify", "dist"], ["check", "dist"], ["resolve", "dist", "index.html"]] {
            let run = try runner.run(command)
            #expect(run.status == 2 && run.stderr.hasPrefix(place), "\(command): \(run.stderr)")
        }
        let json = try runner.run(["check", "dist", "--format", "json"])
        #expect(json.stdout.contains("\"line\" : \(lines.count)"), "\(json.stdout)")
    }

    /// A manifest that is a named pipe or a link to a device is named as no regular file, at once.
    @Test(.timeLimit(.minutes(2))) func aManifestThatIsNoRegularFileIsRefusedAsSuch() throws {
        let runner = try built()
        defer { runner.cleanUp() }
        let manifest = runner.url("dist/manifest.json").path
        try FileManager.default.removeItem(atPath: manifest)
        #expect(mkfifo(manifest, 0o644) == 0)
        let pipe = try runner.run(["verify", "dist"])
        #expect(pipe.status == 2)
        // Named once, where the finding is: the message does not repeat the path.
        #expect(
            pipe.stderr == "dist/manifest.json: error: manifest.json is not a regular file (a named pipe)\n", "\(pipe.stderr)")
        try FileManager.default.removeItem(atPath: manifest)
        try FileManager.default.createSymbolicLink(atPath: manifest, withDestinationPath: "/dev/zero")
        let device = try runner.run(["verify", "dist"])
        #expect(device.status == 2)
        #expect(
            device.stderr == "dist/manifest.json: error: manifest.json is not a regular file (a device)\n", "\(device.stderr)")
        for command in [["check", "dist"], ["resolve", "dist", "index.html"]] {
            let run = try runner.run(command)
            #expect(
                run.status == 2
                    && run.stderr.contains("dist/manifest.json: error: manifest.json is not a regular file (a device)\n"),
                "\(run.stderr)")
        }
    }

    /// Unlisted entries are extra whatever their names or kinds, names that are not UTF-8 shown
    /// with `\xFF` and a name's own backslash doubled; a listed file replaced by a folder says so.
    @Test func unlistedEntriesAndFilesReplacedAreReported() throws {
        let runner = try built()
        defer { runner.cleanUp() }
        let path = Array(runner.url("dist").path.utf8) + [UInt8(ascii: "/"), 0xFF] + Array(".html".utf8) + [0]
        let descriptor = path.withUnsafeBufferPointer {
            $0.withMemoryRebound(to: CChar.self) { open($0.baseAddress!, O_CREAT | O_WRONLY, 0o644) }
        }
        #expect(descriptor >= 0)
        close(descriptor)
        try runner.write("x", to: "dist/back\\slash/in.txt")
        #expect(mkfifo(runner.url("dist/pipe").path, 0o644) == 0)
        try FileManager.default.removeItem(at: runner.url("dist/index.html"))
        try FileManager.default.createDirectory(at: runner.url("dist/index.html"), withIntermediateDirectories: false)
        let run = try runner.run(["verify", "dist"])
        #expect(run.status == 1)
        #expect(
            run.stdout == """
                dist/index.html: error: listed in the manifest but not a regular file: it is a folder
                dist/back\\\\slash/in.txt: error: in the bundle but not in the manifest
                dist/pipe: error: in the bundle but not in the manifest
                dist/\\xFF.html: error: in the bundle but not in the manifest
                dist/: 4 problems

                """, "\(run.stdout)")
    }
}
