import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A folder or file the build may not read stops it (exit 2, the path named) instead of leaving its
/// pages out, unless `ignore` leaves it out first; a previous bundle it may not delete is named. Root reads everything, so as root sitegen is run
/// as `nobody` (uid 65534) through `setpriv`.
@Suite(
    .enabled(
        if: UnprivilegedSitegen.isPossible,
        "runs as root without /usr/bin/setpriv: no user for whom a folder can be unreadable"))
struct UnreadableInputTests {
    @Test func anUnreadableFolderStopsTheBuildAndLeavesThePreviousBundle() throws {
        let sitegen = try UnprivilegedSitegen()
        defer { sitegen.runner.cleanUp() }
        let first = try sitegen.build()
        #expect(first.status == 0, "stdout: \(first.stdout) stderr: \(first.stderr)")
        let previous = try sitegen.runner.snapshot("dist")
        #expect(previous["guide/install.html"] != nil)

        let guide = sitegen.runner.url("Site/guide").path
        #expect(chmod(guide, 0o000) == 0)
        defer { chmod(guide, 0o755) }
        let run = try sitegen.build()
        #expect(run.status == 2, "stdout: \(run.stdout) stderr: \(run.stderr)")
        #expect(
            run.stderr.contains(
                "Site/guide/: error: cannot read folder (permission denied): make it readable, or leave it out with 'ignore' in sitegen.yml"
            ), "\(run.stderr)")
        #expect(try sitegen.runner.snapshot("dist") == previous, "an input error writes nothing")
    }

    /// A full rebuild replaces the whole bundle and deletes the previous one; one that cannot be
    /// deleted (a read-only folder in it) stays beside the output under a hidden name, a copy more
    /// on the disk with every build: the build says where, instead of nothing.
    @Test func aPreviousBundleThatCannotBeDeletedIsNamed() throws {
        let sitegen = try UnprivilegedSitegen()
        defer { sitegen.runner.cleanUp() }
        let first = try sitegen.build()
        #expect(first.status == 0, "stderr: \(first.stderr)")
        // Another configuration: nothing of the previous build is kept, the bundle is replaced whole.
        let config = try String(contentsOf: sitegen.runner.url("Site/sitegen.yml"), encoding: .utf8)
        try sitegen.runner.write(config + "# changed\n", to: "Site/sitegen.yml")
        try sitegen.makeReachable()
        let guide = sitegen.runner.url("dist/guide").path
        #expect(chmod(guide, 0o555) == 0)
        let run = try sitegen.build()
        #expect(run.status == 0, "stderr: \(run.stderr)")
        let names = try FileManager.default.contentsOfDirectory(atPath: sitegen.runner.directory.path)
        let caches = [".dist.sitegen-cache", ".dist.sitegen-crawl", ".dist.sitegen-details"]
        let left = try #require(names.first { $0.hasPrefix(".dist.") && !caches.contains($0) }, "\(names) \(run.stderr)")
        defer { chmod(sitegen.runner.url(left + "/guide").path, 0o755) }
        #expect(
            run.stderr.contains(
                "note: the previous bundle could not be deleted (Permission denied) and is left at \(left)/: make it "
                    + "writable (chmod -R u+w) and delete it\n"), "\(run.stderr)")
        #expect(FileManager.default.fileExists(atPath: sitegen.runner.url("dist/guide/install.html").path))
    }

    @Test func anIgnoredUnreadableFolderIsNotOpened() throws {
        let sitegen = try UnprivilegedSitegen()
        defer { sitegen.runner.cleanUp() }
        try sitegen.runner.write("# Secret\n", to: "Site/secret/page.md")
        try sitegen.makeReachable()
        let secret = sitegen.runner.url("Site/secret").path
        #expect(chmod(secret, 0o000) == 0)
        defer { chmod(secret, 0o755) }
        let refused = try sitegen.build()
        #expect(refused.status == 2, "stdout: \(refused.stdout) stderr: \(refused.stderr)")
        #expect(refused.stderr.contains("Site/secret/: error: cannot read folder (permission denied)"), "\(refused.stderr)")

        let config = try sitegen.runner.read("Site/sitegen.yml")
        // Ignoring only some of its files leaves the others to read.
        try sitegen.runner.write(config + "ignore:\n  - secret/*.md\n", to: "Site/sitegen.yml")
        let partly = try sitegen.build()
        #expect(partly.status == 2, "stdout: \(partly.stdout) stderr: \(partly.stderr)")
        // The folder, or everything in it.
        for pattern in ["secret", "secret/**"] {
            try sitegen.runner.write(config + "ignore:\n  - \(pattern)\n", to: "Site/sitegen.yml")
            let run = try sitegen.build()
            #expect(run.status == 0, "\(pattern): stdout: \(run.stdout) stderr: \(run.stderr)")
            #expect(FileManager.default.fileExists(atPath: sitegen.runner.url("dist/index.html").path))
        }
    }

    /// Read but no search permission: the folder lists its names, but none can be looked at.
    @Test func aFolderThatCanBeListedButNotSearchedStopsTheBuild() throws {
        let sitegen = try UnprivilegedSitegen()
        defer { sitegen.runner.cleanUp() }
        let guide = sitegen.runner.url("Site/guide").path
        #expect(chmod(guide, 0o644) == 0)
        defer { chmod(guide, 0o755) }
        let run = try sitegen.build()
        #expect(run.status == 2, "stdout: \(run.stdout) stderr: \(run.stderr)")
        #expect(
            run.stderr.contains(
                "Site/guide/index.md: error: cannot read file (permission denied): make it readable, or leave it out with 'ignore' in sitegen.yml (2 other paths are unreadable too)"
            ), "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: sitegen.runner.url("dist").path))
    }

    @Test func anUnreadableSiteFolderOrThemeAssetsFolderStopsTheBuild() throws {
        let sitegen = try UnprivilegedSitegen()
        defer { sitegen.runner.cleanUp() }
        let assets = sitegen.runner.url("Templates/assets").path
        #expect(chmod(assets, 0o000) == 0)
        let theme = try sitegen.build()
        chmod(assets, 0o755)
        #expect(theme.status == 2, "stdout: \(theme.stdout) stderr: \(theme.stderr)")
        #expect(
            theme.stderr == "Templates/assets/: error: cannot read folder (permission denied): make it readable\n",
            "\(theme.stderr)")

        let partials = sitegen.runner.url("Templates/partials").path
        #expect(chmod(partials, 0o000) == 0)
        let partialsRun = try sitegen.build()
        chmod(partials, 0o755)
        #expect(partialsRun.status == 2, "stdout: \(partialsRun.stdout) stderr: \(partialsRun.stderr)")
        #expect(
            partialsRun.stderr == "Templates/partials/: error: cannot read folder (permission denied): make it readable\n",
            "\(partialsRun.stderr)")

        let site = sitegen.runner.url("Site").path
        #expect(chmod(site, 0o000) == 0)
        defer { chmod(site, 0o755) }
        let run = try sitegen.build()
        #expect(run.status == 2, "stdout: \(run.stdout) stderr: \(run.stderr)")
        #expect(run.stderr == "Site/: error: cannot read the site folder (permission denied)\n", "\(run.stderr)")
    }
}

/// `sitegen` run where permissions hold, in a `SitegenRunner` scratch folder holding the clean site
/// as `Site/` and the minimal theme as `Templates/`: as the test's user, or, when that is root, as
/// `nobody` through `setpriv`, with the scratch folder open to all and a copy of the executable
/// there if `nobody` cannot reach the built one.
struct UnprivilegedSitegen {
    static let setpriv = URL(fileURLWithPath: "/usr/bin/setpriv")
    static let asNobody = ["--reuid=65534", "--regid=65534", "--clear-groups"]
    static let isRoot = geteuid() == 0
    static let isPossible = !isRoot || FileManager.default.isExecutableFile(atPath: setpriv.path)

    let runner: SitegenRunner
    private var executable = SitegenRunner.executable

    init() throws {
        runner = try SitegenRunner()
        try runner.copyFixture("Sites/clean", to: "Site")
        try runner.copyFixture("Themes/minimal", to: "Templates")
        guard Self.isRoot else { return }
        try makeReachable()
        let check = try runner.run(
            Self.setpriv, Self.asNobody + ["/usr/bin/test", "-r", executable.path, "-a", "-x", executable.path])
        if check.status != 0 {
            let copy = runner.url("sitegen")
            try FileManager.default.copyItem(at: executable, to: copy)
            chmod(copy.path, 0o755)
            executable = copy
        }
    }

    /// Opens the scratch folder and everything in it to all, so that `nobody` can read the site and
    /// write the bundle (a no-op unless running as root).
    func makeReachable() throws {
        guard Self.isRoot else { return }
        let run = try runner.run(URL(fileURLWithPath: "/bin/chmod"), ["-R", "a+rwX", runner.directory.path])
        #expect(run.status == 0, "chmod: \(run.stderr)")
    }

    /// `sitegen build`.
    func build() throws -> SitegenRunner.Run {
        Self.isRoot
            ? try runner.run(Self.setpriv, Self.asNobody + [executable.path, "build"]) : try runner.run(executable, ["build"])
    }
}
