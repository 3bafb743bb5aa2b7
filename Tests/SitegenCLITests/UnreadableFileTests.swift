import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// A file or folder the checking user cannot read (one another user wrote) is named as such, at
/// itself: not as a file the manifest lists that is gone, nor at a `manifest.json`.
/// Run as root, which reads everything, the check runs as `nobody` through `setpriv`.
@Suite struct UnreadableFileTests {
    /// Runs `sitegen check folder` as a user the modes apply to; nil (with the reason printed) where
    /// there is none.
    private func checkAsUnprivileged(_ runner: SitegenRunner, _ folder: String) throws -> SitegenRunner.Run? {
        try runAsUnprivileged(runner, ["check", runner.url(folder).path])
    }

    /// Runs sitegen with `arguments` as a user the modes apply to; nil (with the reason printed)
    /// where there is none. Files the test makes are readable by all but those it locks.
    private func runAsUnprivileged(_ runner: SitegenRunner, _ arguments: [String]) throws -> SitegenRunner.Run? {
        guard getuid() == 0 else { return try runner.run(arguments) }
        let setpriv = URL(fileURLWithPath: "/usr/bin/setpriv")
        guard FileManager.default.isExecutableFile(atPath: setpriv.path) else {
            print("skipped: run as root, and without /usr/bin/setpriv no other user can run the check")
            return nil
        }
        // The scratch folder and the executable must be reached by every user: a copy of the
        // executable goes there, as a clone in a folder of mode 700 (`mktemp -d`) is not.
        chmod(runner.directory.path, 0o755)
        let executable = runner.url("bin/sitegen")
        if !FileManager.default.fileExists(atPath: executable.path) {
            try FileManager.default.createDirectory(at: runner.url("bin"), withIntermediateDirectories: true)
            try FileManager.default.copyItem(at: SitegenRunner.executable, to: executable)
        }
        chmod(runner.url("bin").path, 0o755)
        chmod(executable.path, 0o755)
        guard Self.othersReach(executable.path) else {
            print("skipped: run as root, and other users cannot reach \(runner.directory.path)")
            return nil
        }
        let asNobody = ["--reuid=65534", "--regid=65534", "--clear-groups", executable.path]
        // A machine may still not let that user run it (a `noexec` scratch folder, no such user).
        let probe = try runner.run(setpriv, asNobody + ["--version"])
        guard probe.status == 0 else {
            print("skipped: run as root, and setpriv cannot run sitegen as another user here: \(probe.stderr)")
            return nil
        }
        return try runner.run(setpriv, asNobody + arguments)
    }

    /// Whether users other than the owner may search every folder down to `path` and run it.
    private static func othersReach(_ path: String) -> Bool {
        var url = URL(fileURLWithPath: path)
        while url.path != "/" {
            var info = stat()
            guard stat(url.path, &info) == 0, info.st_mode & 0o001 != 0 else { return false }
            url.deleteLastPathComponent()
        }
        return true
    }

    @Test func anUnreadablePageIsNamedAsUnreadable() throws {
        let runner = try SitegenRunner()
        defer { runner.cleanUp() }
        try runner.write(#"<a href="u.html">u</a>"#, to: "site/index.html")
        try runner.write("<p>u</p>", to: "site/u.html")
        chmod(runner.url("site/u.html").path, 0)
        guard let run = try checkAsUnprivileged(runner, "site") else { return }
        #expect(run.status == 1, "\(run.stdout)\(run.stderr)")
        #expect(
            run.stdout.contains(
                "/site/index.html:1:4: error: no file 'u.html' in the bundle: it is a file it cannot read "
                    + "(permission denied), which no resolver serves [broken-link]"), "\(run.stdout)\(run.stderr)")
    }

    @Test func anUnlistableFolderIsNamedAtItself() throws {
        let runner = try SitegenRunner()
        defer { runner.cleanUp() }
        try runner.write("<p>home</p>", to: "site/index.html")
        try runner.write("<p>x</p>", to: "site/locked/x.html")
        chmod(runner.url("site/locked").path, 0)
        defer { chmod(runner.url("site/locked").path, 0o755) }
        guard let run = try checkAsUnprivileged(runner, "site") else { return }
        #expect(run.status == 2)
        #expect(run.stderr.hasSuffix("/site/locked/: error: cannot list 'locked': permission denied\n"), "\(run.stderr)")
        #expect(!run.stderr.contains("manifest.json"))
    }

    /// A bundle with its manifest: an unreadable asset is found by `check` (a 404 in the app) and
    /// by `verify`, each saying why; a folder that cannot be opened is named at itself.
    @Test func aBundlesUnreadableFilesAndFoldersAreNamed() throws {
        let runner = try SitegenRunner()
        defer { runner.cleanUp() }
        try runner.copyFixture("Themes/minimal", to: "Templates")
        try runner.write("# Home\n\n![i](i.png) [d](d/a.txt)\n", to: "Site/index.md")
        try runner.write("png", to: "Site/i.png")
        try runner.write("a", to: "Site/d/a.txt")
        #expect(try runner.run(["build"]).status == 0)
        chmod(runner.url("dist/i.png").path, 0o600)
        chmod(runner.url("dist/d").path, 0o700)
        defer { chmod(runner.url("dist/d").path, 0o755) }
        for path in ["dist", "dist/index.html", "dist/manifest.json"] { chmod(runner.url(path).path, 0o755) }

        guard let check = try runAsUnprivileged(runner, ["check", runner.url("dist").path]) else { return }
        #expect(check.status == 1)
        let findings = check.stdout.split(separator: "\n").filter { $0.hasSuffix("[broken-link]") }.map {
            $0.drop { $0 != " " }.dropFirst()
        }
        #expect(
            findings == [
                "error: no file 'i.png' in the bundle: it is a file it cannot read (permission denied), which no resolver serves [broken-link]",
                "error: no file 'd/a.txt' in the bundle: it is under 'd/', a folder it cannot open (permission denied), which no resolver serves [broken-link]",
            ], "\(check.stdout)")

        guard let folder = try runAsUnprivileged(runner, ["verify", runner.url("dist").path]) else { return }
        #expect(folder.status == 2)
        #expect(folder.stderr.hasSuffix("/dist/d/: error: cannot list 'd': permission denied\n"), "\(folder.stderr)")
        chmod(runner.url("dist/d").path, 0o755)
        guard let file = try runAsUnprivileged(runner, ["verify", runner.url("dist").path]) else { return }
        #expect(file.status == 1)
        #expect(
            file.stdout.contains("/dist/i.png: error: listed in the manifest but cannot be read: permission denied\n"),
            "\(file.stdout)")
    }
}
