import Foundation
import Testing

@testable import SitegenBundle
@testable import SitegenBundleCore

/// Manifest rule 3: an invalid percent escape is not found, even when `URL(string:)` would re-encode
/// it as `%25` and so name a file literally called `%ZZ` or `100%.txt`.
@Suite struct InvalidEscapeTests {
    static let files = ["index.html": "home", "%ZZ": "literal percent", "100%.txt": "hundred", "a%2.txt": "short"]

    @Test(arguments: ["docs://app/%ZZ", "docs://app/100%.txt", "docs://app/a%2.txt", "docs://app/%", "docs://app/x%4"])
    func textWithAnInvalidEscapeIsNotFound(text: String) async throws {
        let fixture = try Fixture(files: Self.files, withSecret: false)
        defer { fixture.remove() }
        for resolver in [try SchemeResolver(bundle: fixture.bundle), try await fixture.resolverWithManifest()] {
            #expect(throws: ResolutionFailure.self) { try resolver.resolve(text).get() }
            let plan = try resolver.plan(for: SchemeRequest(string: text))
            #expect(plan.status == 404, "\(text)")
            let relative = String(text.dropFirst("docs://app/".count))
            #expect(throws: ResolutionFailure.self) { try resolver.resolve(relative, relativeTo: resolver.entryURL).get() }
        }
    }

    @Test func validEscapesAndInvalidOnesOutsideThePathStillResolve() async throws {
        let fixture = try Fixture(files: Self.files, withSecret: false)
        defer { fixture.remove() }
        let resolver = try SchemeResolver(bundle: fixture.bundle)
        #expect(try resolver.resolve("docs://app/%25ZZ").get().path == "%ZZ")
        #expect(try resolver.resolve("docs://app/100%25.txt?q=100%#50%").get().path == "100%.txt")
        #expect(try resolver.plan(for: SchemeRequest(string: "docs://app/100%25.txt")).status == 200)
        #expect(URLPath.hasInvalidEscape("docs://app/a%zz") && !URLPath.hasInvalidEscape("docs://app/a%2f%C3%a9"))
    }
}

/// Text that mixes characters beyond ASCII with escapes (`n%61ïve.html`), as a user types it or a
/// page writes it, is read as a browser sends it: the raw characters encoded, the escapes kept.
@Suite struct MixedEscapeTests {
    @Test(arguments: [
        "docs://app/naïve page.html", "docs://app/n%61ïve%20page.html", "docs://app/na%C3%AFve page.html",
        "n%61ïve%20page.html", "docs://app/na%C3%AFve%20page.html#ï%20x",
    ])
    func rawCharactersBesideEscapesNameTheFile(text: String) async throws {
        let fixture = try Fixture(files: ["index.html": "home", "naïve page.html": "naive", "n%61ïve page.html": "no"])
        defer { fixture.remove() }
        let resolver = try SchemeResolver(bundle: fixture.bundle)
        #expect(try resolver.resolve(text, relativeTo: resolver.entryURL).get().path == "naïve page.html")
        #expect(try resolver.plan(for: SchemeRequest(string: text, relativeTo: resolver.entryURL)).status == 200)
    }

    @Test func onlyWhatABrowserEncodesIsEncoded() {
        #expect(URLPath.encodedAsBrowsersSend("Guía%20rápida.html?q=é#ï") == "Gu%C3%ADa%20r%C3%A1pida.html?q=%C3%A9#%C3%AF")
        #expect(URLPath.encodedAsBrowsersSend("a b\"<>^`{|}\u{7F}.html") == "a%20b%22%3C%3E%5E%60%7B%7C%7D%7F.html")
        #expect(URLPath.encodedAsBrowsersSend("../a-b_c~d!$&'()*+,;=:@/%41?x=[1]#f") == "../a-b_c~d!$&'()*+,;=:@/%41?x=[1]#f")
        // Hosts are no paths: a space there leaves no host to find, as browsers see it.
        #expect(URLPath.encodedAsBrowsersSend("http://exa mple.com/a b") == "http://exa mple.com/a%20b")
        #expect(URLPath.encodedAsBrowsersSend("//exa mple.com?q=é") == "//exa mple.com?q=%C3%A9")
        #expect(URLPath.encodedAsBrowsersSend("docs://app/ï") == "docs://app/%C3%AF")
        #expect(URLPath.encodedAsBrowsersSend("a b:c/é") == "a%20b:c/%C3%A9")
    }
}

extension Fixture {
    /// A resolver over the scanned manifest, written into the bundle.
    func resolverWithManifest() async throws -> SchemeResolver {
        _ = try await writeManifest()
        return try SchemeResolver(bundle: bundle)
    }
}
