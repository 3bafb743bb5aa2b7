import Foundation
import SitegenCorpus
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Ctrl-C during `sitegen build`, `mirror` or `check`: the run stops at its next step, removes the
/// bundle it was staging, leaves the previous one as it was (a check writes no report), says so, and
/// ends as stopped by SIGINT (so that a shell or `make` running it sees status 130 and stops too). The runs are awaited, not
/// waited for on a thread of the test process's pool: the other tests' tasks go on meanwhile.
@Suite struct InterruptedRunTests {
    @Test func ctrlCDuringABuildRemovesWhatItStagedAndKeepsTheBundle() async throws {
        let runner = try SitegenRunner()
        defer { runner.cleanUp() }
        try await makeSite(runner)
        let before = try runner.snapshot("dist")
        // A changed template: every page is rendered again, into a new bundle staged beside dist/.
        let template = runner.url("Templates/page.html")
        try (try String(contentsOf: template, encoding: .utf8) + "<!-- changed -->\n").write(
            to: template, atomically: true, encoding: .utf8)

        let stderr = try await interrupt(runner, ["build", "--quiet"], staging: ".dist.sitegen-")

        #expect(stderr.contains("stopped: dist/ is as it was"), "\(stderr)")
        #expect(try staged(in: runner, prefix: ".dist.sitegen-").isEmpty)
        #expect(try runner.snapshot("dist") == before)
    }

    @Test func ctrlCDuringAMirrorRemovesWhatItStagedAndKeepsTheMirror() async throws {
        let runner = try SitegenRunner()
        defer { runner.cleanUp() }
        try await makeSite(runner)
        #expect(try await Self.run(runner, ["mirror", "dist", "--out", "mirror", "--quiet"]).status <= 1)
        let before = try runner.snapshot("mirror")

        let stderr = try await interrupt(runner, ["mirror", "dist", "--out", "mirror", "--quiet"], staging: ".mirror.sitegen-")

        #expect(stderr.contains("stopped: mirror/ is as it was"), "\(stderr)")
        #expect(try staged(in: runner, prefix: ".mirror.sitegen-").isEmpty)
        #expect(try runner.snapshot("mirror") == before)
    }

    @Test func ctrlCDuringACheckEndsItAsStoppedWithNoReport() async throws {
        let runner = try SitegenRunner()
        defer { runner.cleanUp() }
        try await makeSite(runner)
        try FileManager.default.createDirectory(at: runner.url("reports"), withIntermediateDirectories: true)
        let (process, ended) = try Self.start(runner, ["check", "dist", "--format", "json", "--output", "reports/r.json"])
        // Stopped once it catches SIGINT (its handler is set just before the crawl): checking pages.
        let id = process.processIdentifier
        let sent = await Self.interrupt(id, once: { Self.catchesInterrupt(id) })
        try #require(sent, "the check ended before it could be stopped")
        let (reason, status) = await ended.value
        #expect(reason == .uncaughtSignal)
        #expect(status == SIGINT)
        let stderr = (process.standardError as? Pipe)?.fileHandleForReading.readDataToEndOfFile() ?? Data()
        #expect(String(decoding: stderr, as: UTF8.self).hasSuffix("stopped\n"))
        // No report, and no temporary file of one.
        #expect(try FileManager.default.contentsOfDirectory(atPath: runner.url("reports").path).isEmpty)
    }

    /// Sends SIGINT to process `id` once `ready` holds, and says whether it did before the process
    /// ended. The polling runs on a thread of its own, every millisecond: on the test pool's threads,
    /// busy with other tests on a loaded machine, a short run could end between two polls.
    private static func interrupt(_ id: Int32, once ready: @escaping @Sendable () -> Bool) async -> Bool {
        await withCheckedContinuation { continuation in
            Thread.detachNewThread {
                let deadline = Date().addingTimeInterval(120)
                while isLive(id), Date() < deadline {
                    if ready() {
                        continuation.resume(returning: kill(id, SIGINT) == 0)
                        return
                    }
                    usleep(1000)
                }
                continuation.resume(returning: false)
            }
        }
    }

    /// Whether process `id` is there and not a zombie (its state in `/proc/<id>/stat`).
    private static func isLive(_ id: Int32) -> Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(id)/stat", encoding: .utf8),
            let end = stat.lastIndex(of: ")")
        else { return false }
        let state = stat[end...].dropFirst(2).first
        return state != nil && state != "Z" && state != "X"
    }

    /// Whether process `id` catches SIGINT (`SigCgt` in its `/proc` status).
    private static func catchesInterrupt(_ id: Int32) -> Bool {
        guard let status = try? String(contentsOfFile: "/proc/\(id)/status", encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix("SigCgt:") }),
            let mask = UInt64(line.dropFirst("SigCgt:".count).trimmingCharacters(in: .whitespaces), radix: 16)
        else { return false }
        return mask & (1 << (UInt64(SIGINT) - 1)) != 0
    }

    /// A built site of 800 pages in `dist/`, from `Site/` and a copy of the default theme.
    private func makeSite(_ runner: SitegenRunner) async throws {
        _ = try MarkdownCorpus.write(pages: 800, seed: 5, to: runner.url("Site"))
        try FileManager.default.copyItem(
            at: SitegenRunner.packageRoot.appendingPathComponent("Templates"), to: runner.url("Templates"))
        #expect(try await Self.run(runner, ["build", "--quiet"]).status <= 1)
    }

    /// Runs sitegen with `arguments`, sends it SIGINT once a folder named `staging…<pid>-…` is
    /// there (past the input checks, writing), and returns its standard error; the process must end
    /// as stopped by the signal.
    private func interrupt(_ runner: SitegenRunner, _ arguments: [String], staging: String) async throws -> String {
        let (process, ended) = try Self.start(runner, arguments)
        let sent = await Self.interrupt(process.processIdentifier) { [self] in
            (try? staged(in: runner, prefix: staging).isEmpty) == false
        }
        try #require(sent, "the run ended before it could be stopped")
        let (reason, status) = await ended.value
        #expect(reason == .uncaughtSignal)
        #expect(status == SIGINT)
        let stderr = (process.standardError as? Pipe)?.fileHandleForReading.readDataToEndOfFile() ?? Data()
        return String(decoding: stderr, as: UTF8.self)
    }

    /// Runs sitegen with `arguments` to its end.
    private static func run(_ runner: SitegenRunner, _ arguments: [String]) async throws -> (
        reason: Process.TerminationReason, status: Int32
    ) {
        try await start(runner, arguments).ended.value
    }

    /// Starts sitegen with `arguments` in the runner's folder (standard output dropped, standard
    /// error to a pipe: a few lines), and the task that returns how it ended.
    private static func start(_ runner: SitegenRunner, _ arguments: [String]) throws -> (
        process: Process, ended: Task<(reason: Process.TerminationReason, status: Int32), Never>
    ) {
        let process = Process()
        process.executableURL = SitegenRunner.executable
        process.arguments = arguments
        process.currentDirectoryURL = runner.directory
        process.standardOutput = FileHandle.nullDevice
        process.standardError = Pipe()
        let ending = AsyncStream<(reason: Process.TerminationReason, status: Int32)>.makeStream()
        process.terminationHandler = { ended in
            ending.continuation.yield((ended.terminationReason, ended.terminationStatus))
            ending.continuation.finish()
        }
        try process.run()
        let ended = Task {
            var iterator = ending.stream.makeAsyncIterator()
            return await iterator.next() ?? (.exit, -1)
        }
        return (process, ended)
    }

    /// The bundles being staged beside the output (`<prefix><pid>-<UUID>`), not the caches.
    private func staged(in runner: SitegenRunner, prefix: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: runner.directory.path).filter { name in
            name.hasPrefix(prefix) && name.dropFirst(prefix.count).first?.isNumber == true
        }
    }
}
