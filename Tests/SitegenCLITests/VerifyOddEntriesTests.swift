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

    /// A manifest that is a named pipe or a link to a device is named as no regular file, at once.
    @Test(.timeLimit(.minutes(2))) func aManifestThatIsNoRegularFileIsRefusedAsSuch() throws {
        let runner = try built()
        defer { runner.cleanUp() }
        let manifest = runner.url("dist/manifest.json").path
        try FileManager.default.removeItem(atPath: manifest)
        #expect(mkfifo(manifest, 0o644) == 0)
        let pipe = try runner.run(["verify", "dist"])
        #expect(pipe.status == 2)
        #expect(pipe.stderr.hasSuffix("/dist/manifest.json: not a regular file (a named pipe)\n"), "\(pipe.stderr)")
        try FileManager.default.removeItem(atPath: manifest)
        try FileManager.default.createSymbolicLink(atPath: manifest, withDestinationPath: "/dev/zero")
        let device = try runner.run(["verify", "dist"])
        #expect(device.status == 2)
        #expect(device.stderr.hasSuffix("/dist/manifest.json: not a regular file (a device)\n"), "\(device.stderr)")
    }
}
