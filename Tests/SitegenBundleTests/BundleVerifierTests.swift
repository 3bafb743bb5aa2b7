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

    @Test func linksTheResolverWouldNotServeAreReportedWithWhy() async throws {
        // Out of the bundle (`../secret.txt`, `/etc/passwd`) or to a folder (`..`): on disk, never served.
        let fixture = try Fixture()
        defer { fixture.remove() }
        _ = try await fixture.writeManifest()
        let report = try BundleVerifier.verify(bundle: fixture.bundle)
        #expect(report.unserved.map(\.path) == ["leak.txt", "passwd", "up"])
        #expect(
            report.unserved[0].reason.hasPrefix("out of the bundle (to /") && report.unserved[0].reason.hasSuffix("secret.txt)"))
        #expect(report.unserved[1].reason == "out of the bundle (to /etc/passwd)")
        #expect(report.unserved[2].reason.hasPrefix("out of the bundle"), "the folder above the bundle")
        #expect(report.missing.isEmpty && report.changed.isEmpty && report.extra.isEmpty)
        #expect(!report.isClean)
    }

    /// A file of the manifest replaced by a link out of the bundle is reported once, as that link.
    @Test func aListedFileThatBecameAnUnservedLinkIsReportedOnce() async throws {
        let fixture = try Fixture(withSecret: false)
        defer { fixture.remove() }
        _ = try await fixture.writeManifest()
        let page = fixture.bundle.appendingPathComponent("index.html")
        try FileManager.default.removeItem(at: page)
        try FileManager.default.createSymbolicLink(atPath: page.path, withDestinationPath: "/etc/hostname")
        let report = try BundleVerifier.verify(bundle: fixture.bundle)
        #expect(report.unserved == [.init(path: "index.html", reason: "out of the bundle (to /etc/hostname)")])
        #expect(report.missing.isEmpty && report.extra.isEmpty && report.changed.isEmpty)
    }

    /// A link to a folder inside the bundle is walked as the resolver serves it: the files below it
    /// are the listed ones, and the folder's own path is another, unlisted, spelling of them.
    @Test func aLinkToAFolderInsideTheBundleIsFollowed() async throws {
        let fixture = try Fixture(withSecret: false)
        defer { fixture.remove() }
        _ = try await fixture.writeManifest()
        let manager = FileManager.default
        try manager.moveItem(
            at: fixture.bundle.appendingPathComponent("guide"), to: fixture.bundle.appendingPathComponent("guide_real"))
        try manager.createSymbolicLink(
            atPath: fixture.bundle.appendingPathComponent("guide").path, withDestinationPath: "guide_real")
        let report = try BundleVerifier.verify(bundle: fixture.bundle)
        #expect(report.missing.isEmpty && report.changed.isEmpty && report.unserved.isEmpty, "\(report)")
        #expect(report.extra == ["guide_real/a b.html", "guide_real/index.html", "guide_real/install.html"])
        let resolver = try SchemeResolver(bundle: fixture.bundle)
        let (response, body, _) = try await collect(resolver.reply(for: request("docs://app/guide/install.html")))
        #expect(response?.statusCode == 200 && body == Data("<h1>Install</h1>".utf8))
    }

    /// A link to a folder that holds it would list files without end: reported, not followed, also
    /// when two links lead to each other's folders.
    @Test func aLinkThatLoopsIsReportedAndNotFollowed() async throws {
        let fixture = try Fixture(files: ["index.html": "home", "a/x.html": "a", "b/y.html": "b"], withSecret: false)
        defer { fixture.remove() }
        _ = try await fixture.writeManifest()
        for (link, target) in [("a/up", ".."), ("a/self", "."), ("a/b", "../b"), ("b/a", "../a"), ("top", ".")] {
            try FileManager.default.createSymbolicLink(
                atPath: fixture.bundle.appendingPathComponent(link).path, withDestinationPath: target)
        }
        let report = try BundleVerifier.verify(bundle: fixture.bundle)
        #expect(
            report.unserved.map(\.path) == [
                "a/b/a", "a/self", "a/up", "b/a/b", "b/a/self", "b/a/up", "top",
            ])
        #expect(report.unserved.allSatisfy { $0.isLoop && $0.reason == "to a folder that contains it" })
        #expect(report.extra == ["a/b/y.html", "b/a/x.html"])
        #expect(report.missing.isEmpty && report.changed.isEmpty)
    }

    @Test func detectsMissingExtraAndChanged() async throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        _ = try await fixture.writeManifest()
        try FileManager.default.removeItem(at: fixture.bundle.appendingPathComponent("guide/install.html"))
        try fixture.write("new/page.html", Data("new".utf8))
        let css = fixture.bundle.appendingPathComponent("assets/site.css")
        var sameSize = try Data(contentsOf: css)
        sameSize[0] ^= 0x20
        try fixture.write("assets/site.css", sameSize)
        try fixture.write("index.html", Data("shorter".utf8))
        let report = try BundleVerifier.verify(bundle: fixture.bundle)
        #expect(report.missing == ["guide/install.html"])
        #expect(report.extra == ["new/page.html"])
        #expect(report.changed == ["assets/site.css", "index.html"])
        #expect(report.differences["index.html"].map { if case .size(_, 7) = $0 { true } else { false } } == true)
        #expect(report.differences["assets/site.css"].map { if case .sha256 = $0 { true } else { false } } == true)
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

    /// Two digests can share any prefix: each is printed whole, so the two always differ.
    @Test func aChangedDigestIsPrintedWhole() {
        let listed = String(repeating: "0", count: 63) + "1", found = String(repeating: "0", count: 63) + "2"
        #expect(
            VerificationReport.Difference.sha256(listed: listed, found: found).description
                == "same size, other bytes: sha256 \(found), the manifest says \(listed)")
    }

    @Test func refusesBundleWithoutManifest() throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        #expect(throws: ManifestError.self) { try BundleVerifier.verify(bundle: fixture.bundle) }
        #expect(throws: ManifestError.self) { try BundleVerifier.verify(bundle: fixture.root.appendingPathComponent("nope")) }
    }
}
