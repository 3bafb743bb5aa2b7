import Foundation
import Testing

@testable import SitegenBundle

@Suite struct BundleVerifierTests {
    @Test func cleanBundle() async throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        _ = try await fixture.writeManifest()
        #expect(try BundleVerifier.verify(bundle: fixture.bundle) == VerificationReport())
        #expect(try BundleVerifier.verify(bundle: fixture.bundle).isClean)
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
        #expect(report.extra == ["new/page.html"])
        #expect(report.changed == ["assets/site.css", "index.html"])
        #expect(!report.isClean)
    }

    @Test func refusesBundleWithoutManifest() throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        #expect(throws: ManifestError.self) { try BundleVerifier.verify(bundle: fixture.bundle) }
        #expect(throws: ManifestError.self) { try BundleVerifier.verify(bundle: fixture.root.appendingPathComponent("nope")) }
    }
}
