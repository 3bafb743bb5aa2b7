import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// A rebuild notices an edit that keeps the file's size and sets its modification time back: the
/// status-change time, which no tool sets back, changed.
@Suite(.serialized) struct ChangeDetectionTests {
    private func setUp() throws -> SitegenRunner {
        let runner = try SitegenRunner()
        try runner.copyFixture("Themes/minimal", to: "Templates")
        try runner.write("# Home\n\n[a](a.md)\n", to: "Site/index.md")
        return runner
    }

    /// Writes `text` to `path` and gives the file back the modification time it had, to the
    /// nanosecond, as `touch -d` would.
    private func rewriteKeepingTime(_ runner: SitegenRunner, _ text: String, to path: String) throws {
        let file = runner.url(path).path
        var before = stat()
        #expect(stat(file, &before) == 0)
        try runner.write(text, to: path)
        var times = [before.st_atim, before.st_mtim]
        #expect(utimensat(AT_FDCWD, file, &times, 0) == 0)
        var after = stat()
        #expect(stat(file, &after) == 0)
        #expect(after.st_mtim.tv_sec == before.st_mtim.tv_sec && after.st_mtim.tv_nsec == before.st_mtim.tv_nsec)
        #expect(after.st_size == before.st_size)
    }

    @Test func aPageEditedWithItsOldSizeAndTimeIsRebuilt() throws {
        let runner = try setUp()
        defer { runner.cleanUp() }
        try runner.write("# Aaaa\n\nfirst\n", to: "Site/a.md")
        #expect(try runner.run(["build"]).status == 0)
        try rewriteKeepingTime(runner, "# Bbbb\n\nsecnd\n", to: "Site/a.md")
        #expect(try runner.run(["build"]).status == 0)
        let html = try runner.read("dist/a.html")
        #expect(html.contains("secnd") && !html.contains("first"))
    }

    /// A file whose modification time lies in the future (clock skew, `cp -p`, `tar x`): an edit in
    /// place that keeps its size and puts that time back moves only the status-change time, which
    /// is still earlier. Both times count, not the later of the two.
    @Test(arguments: ["Site/a.md", "Site/notes.txt"])
    func anEditUnderAFutureModificationTimeIsSeen(path: String) throws {
        let runner = try setUp()
        defer { runner.cleanUp() }
        try runner.write("# Aaaa\n\nfirst\n", to: "Site/a.md")
        try runner.write("one\n", to: "Site/notes.txt")
        let future = timespec(tv_sec: 1_893_456_000, tv_nsec: 0)  // 2030-01-01
        var times = [future, future]
        #expect(utimensat(AT_FDCWD, runner.url(path).path, &times, 0) == 0)
        #expect(try runner.run(["build"]).status == 0)
        try rewriteKeepingTime(runner, path.hasSuffix(".md") ? "# Bbbb\n\nsecnd\n" : "two\n", to: path)
        #expect(try runner.run(["build"]).status == 0)
        #expect(try runner.run(["build", "--out", "clean"]).status == 0)
        #expect(try runner.snapshot("dist") == (try runner.snapshot("clean")))
    }

    @Test func anAssetEditedWithItsOldSizeAndTimeIsCopiedAgain() throws {
        let runner = try setUp()
        defer { runner.cleanUp() }
        try runner.write("# A\n", to: "Site/a.md")
        try runner.write("one\n", to: "Site/notes.txt")
        #expect(try runner.run(["build"]).status == 0)
        try rewriteKeepingTime(runner, "two\n", to: "Site/notes.txt")
        #expect(try runner.run(["build"]).status == 0)
        #expect(try runner.read("dist/notes.txt") == "two\n")
        #expect(try runner.run(["verify", "dist"]).status == 0)
    }
}
