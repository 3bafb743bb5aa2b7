import Foundation
import SitegenCorpus
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Ctrl-C during `sitegen build`: the build stops at its next stage, removes the bundle it was
/// staging, leaves the previous one as it was, says so, and ends as stopped by SIGINT (so that a
/// shell or `make` running it sees status 130 and stops too).
@Suite struct InterruptedBuildTests {
    @Test func ctrlCDuringABuildRemovesWhatItStagedAndKeepsTheBundle() throws {
        let runner = try SitegenRunner()
        defer { runner.cleanUp() }
        _ = try MarkdownCorpus.write(pages: 1500, seed: 5, to: runner.url("Site"))
        try FileManager.default.copyItem(
            at: SitegenRunner.packageRoot.appendingPathComponent("Templates"), to: runner.url("Templates"))
        #expect(try runner.run(["build", "--quiet"]).status <= 1)
        let before = try runner.snapshot("dist")
        // A changed template: every page is rendered again, into a new bundle staged beside dist/.
        let template = runner.url("Templates/page.html")
        try (try String(contentsOf: template, encoding: .utf8) + "<!-- changed -->\n").write(
            to: template, atomically: true, encoding: .utf8)

        let process = Process()
        process.executableURL = SitegenRunner.executable
        process.arguments = ["build", "--quiet"]
        process.currentDirectoryURL = runner.directory
        let err = Pipe()
        process.standardOutput = FileHandle.nullDevice
        process.standardError = err
        try process.run()
        // Stopped once the staged bundle is there: past the input checks, writing pages.
        let deadline = Date().addingTimeInterval(120)
        while try staged(in: runner).isEmpty, process.isRunning, Date() < deadline { usleep(500) }
        try #require(process.isRunning, "the build ended before it could be stopped")
        kill(process.processIdentifier, SIGINT)
        let stderr = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()

        #expect(process.terminationReason == .uncaughtSignal)
        #expect(process.terminationStatus == SIGINT)
        #expect(stderr.contains("stopped: dist/ is as it was"), "\(stderr)")
        #expect(try staged(in: runner).isEmpty)
        #expect(try runner.snapshot("dist") == before)
    }

    /// The bundles being staged beside dist/ (`.dist.sitegen-<pid>-<UUID>`), not the caches.
    private func staged(in runner: SitegenRunner) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: runner.directory.path).filter { name in
            name.hasPrefix(".dist.sitegen-") && name.dropFirst(".dist.sitegen-".count).first?.isNumber == true
        }
    }
}
