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

extension Fixture {
    /// A resolver over the scanned manifest, written into the bundle.
    func resolverWithManifest() async throws -> SchemeResolver {
        _ = try await writeManifest()
        return try SchemeResolver(bundle: bundle)
    }
}
