import Foundation
import Testing

@testable import SitegenBundle
@testable import SitegenBundleCore

/// `café` spelled NFC (`caf` + U+00E9) and NFD (`cafe` + U+0301) is two files and two URLs, as for
/// every other resolver: `String` would compare them equal.
@Suite struct CanonicalSpellingTests {
    static let nfc = "caf\u{E9}.html", nfd = "cafe\u{301}.html"

    private func fixture() throws -> Fixture {
        let fixture = try Fixture(files: ["index.html": "home"], withSecret: false)
        try fixture.write(Self.nfc, Data("nfc".utf8))
        try fixture.write(Self.nfd, Data("nfd".utf8))
        return fixture
    }

    @Test func nfcAndNFDNameTwoFiles() async throws {
        let fixture = try fixture()
        defer { fixture.remove() }
        let manifest = try await fixture.scan()
        #expect(manifest.resources.count == 3)
        let read = try Manifest.decode(manifest.encoded())
        #expect(read.resources.map(\.file).filter { $0 != "index.html" }.count == 2)
        for resolver in [try SchemeResolver(bundle: fixture.bundle), try SchemeResolver(bundle: fixture.bundle, manifest: read)] {
            #expect(resolver.paths.count == 3)
            let nfc = try resolver.resolve("docs://app/caf%C3%A9.html").get()
            let nfd = try resolver.resolve("docs://app/cafe%CC%81.html").get()
            #expect(try resolver.contents(of: nfc) == Data("nfc".utf8))
            #expect(try resolver.contents(of: nfd) == Data("nfd".utf8))
            #expect(Array(nfc.path.utf8) == Array(Self.nfc.utf8))
            #expect(Array(nfd.path.utf8) == Array(Self.nfd.utf8))
        }
    }

    @Test func aLinkInOneSpellingIsNotServedTheOther() async throws {
        let fixture = try Fixture(files: ["index.html": "home"], withSecret: false)
        defer { fixture.remove() }
        try fixture.write(Self.nfc, Data("nfc".utf8))
        let bare = try SchemeResolver(bundle: fixture.bundle)
        _ = try await fixture.writeManifest()
        for resolver in [bare, try SchemeResolver(bundle: fixture.bundle)] {
            #expect(try resolver.resolve("docs://app/caf%C3%A9.html").get().size == 3)
            #expect(throws: ResolutionFailure.notFound(path: Self.nfd)) {
                try resolver.resolve("docs://app/cafe%CC%81.html").get()
            }
        }
    }

    @Test func keysCompareBytes() {
        #expect(ByteKey(Self.nfc) != ByteKey(Self.nfd))
        #expect(Set([ByteKey(Self.nfc), ByteKey(Self.nfd), ByteKey("caf\u{E9}.html")]).count == 2)
        #expect(URLPath.bytesPrecede(Self.nfd, Self.nfc) && !URLPath.bytesPrecede(Self.nfc, Self.nfd))
    }
}
