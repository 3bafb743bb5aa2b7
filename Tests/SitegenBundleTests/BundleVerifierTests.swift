import Foundation
import Testing

@testable import SitegenBundle
@testable import SitegenBundleCore

@Suite struct BundleVerifierTests {
    @Test func cleanBundle() async throws {
        let fixture = try Fixture(withSecret: false)
        defer { fixture.remove() }
        _ = try await fixture.writeManifest()
        #expect(try BundleVerifier.verify(bundle: fixture.bundle) == VerificationReport())
        #expect(try BundleVerifier.verify(bundle: fixture.bundle).isClean)
    }

    @Test func linksTheResolverWouldNotServeAreExtra() async throws {
        // Out of the bundle (`../secret.txt`, `/etc/passwd`) or to a folder (`..`): on disk, never served.
        let fixture = try Fixture()
        defer { fixture.remove() }
        _ = try await fixture.writeManifest()
        let report = try BundleVerifier.verify(bundle: fixture.bundle)
        #expect(report.extra == ["leak.txt", "passwd", "up"])
        #expect(report.missing.isEmpty && report.changed.isEmpty)
    }

    @Test func detectsMissingExtraAndChanged() async throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        _ = try await fixture.writeManifest()
        try FileManager.default.removeItem(at: fixture.bundle.appendingPathComponent("guide/install.html"))
        try fixture.write("new/page.html", Data("new".utf8))
        try fixture.write("assets/site.css", Data("body { color: blue }".utf8))  // same size as before
        try fixture.write("index.html", Data("shorter".utf8))
        let report = try BundleVerifier.verify(bundle: fixture.bundle)
        #expect(report.missing == ["guide/install.html"])
        #expect(report.extra == ["leak.txt", "new/page.html", "passwd", "up"])
        #expect(report.changed == ["assets/site.css", "index.html"])
        #expect(!report.isClean)
    }

    @Test func manyFilesAreHashedInPartsAndEachVerdictKeepsItsFile() async throws {
        // Enough files to be split among the cores; damage spread over the parts.
        var files: [String: String] = ["index.html": "<p>home</p>"]
        for index in 0..<300 { files["pages/p\(index).html"] = "<p>page \(index)</p>" }
        let fixture = try Fixture(files: files, withSecret: false)
        defer { fixture.remove() }
        _ = try await fixture.writeManifest()
        let changed = [7, 150, 299].map { "pages/p\($0).html" }
        let missing = [0, 151, 298].map { "pages/p\($0).html" }
        for path in changed { try fixture.write(path, Data("<p>PAGE</p>".utf8)) }
        for path in missing { try FileManager.default.removeItem(at: fixture.bundle.appendingPathComponent(path)) }
        let report = try BundleVerifier.verify(bundle: fixture.bundle)
        #expect(report.changed == changed.sorted())
        #expect(report.missing == missing.sorted())
        #expect(report.extra.isEmpty)
    }

    @Test func refusesBundleWithoutManifest() throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        #expect(throws: ManifestError.self) { try BundleVerifier.verify(bundle: fixture.bundle) }
        #expect(throws: ManifestError.self) { try BundleVerifier.verify(bundle: fixture.root.appendingPathComponent("nope")) }
    }
}
