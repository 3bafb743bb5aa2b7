import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A full rebuild replaces the whole bundle and deletes the previous one; one that cannot be deleted
/// (a read-only folder in it) stays beside the output under a hidden name, a copy more on the disk
/// with every build: the build says where, instead of nothing.
@Suite(
    .enabled(
        if: UnprivilegedSitegen.isPossible,
        "runs as root without /usr/bin/setpriv: no user for whom a folder can be read-only"))
struct LeftoverBundleTests {
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
}
