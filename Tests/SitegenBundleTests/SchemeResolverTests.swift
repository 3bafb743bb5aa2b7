import Foundation
import Testing

@testable import SitegenBundle
@testable import SitegenBundleCore

@Suite struct SchemeResolverTests {
    /// Both flavours: scanned tree without manifest, and manifest with an alias.
    static func resolvers(_ fixture: Fixture) async throws -> [SchemeResolver] {
        let tree = try SchemeResolver(bundle: fixture.bundle)
        let manifest = try await fixture.scan(aliases: [(from: "old/install.html", to: "guide/install.html")])
        let withManifest = try SchemeResolver(bundle: fixture.bundle, manifest: manifest)
        return [tree, withManifest]
    }

    @Test(arguments: [
        ("docs://app/", "index.html"), ("docs://app", "index.html"), ("DOCS://APP/index.html", "index.html"),
        ("docs://app/guide/", "guide/index.html"), ("docs://app/guide/install.html?x=1#top", "guide/install.html"),
        ("docs://app/guide/a%20b.html", "guide/a b.html"), ("docs://app/guide/./x/../install.html", "guide/install.html"),
        ("docs://app//guide//install.html", "guide/install.html"), ("docs://app/Guide.html", "Guide.html"),
        ("docs://app/guide/%2e%2e/index.html", "index.html"), ("docs://app/guide/..", "index.html"),
        ("docs://app/%67uide/install.html", "guide/install.html"),
        // Empty credentials are none (the URL standard), as WebKit reads them.
        ("docs://@app/guide/install.html", "guide/install.html"), ("docs://:@app/index.html", "index.html"),
        ("docs://@app:/index.html", "index.html"),
    ])
    func resolves(url: String, path: String) async throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        for resolver in try await Self.resolvers(fixture) {
            let resource = try resolver.resolve(#require(URL(string: url))).get()
            #expect(resource.path == path)
            #expect(resource.size == (try fixture.bytes(path)).count)
            #expect(try resolver.contents(of: resource) == fixture.bytes(path))
        }
    }

    @Test(arguments: [
        ("docs://app/guide", ResolutionFailure.notFound(path: "guide")),
        ("docs://app/guide.html", .notFound(path: "guide.html")),
        ("docs://app/guide/INSTALL.html", .notFound(path: "guide/INSTALL.html")),
        ("docs://app/..", .outsideBundle(path: "/..")),
        ("docs://app/%2e%2e/secret.txt", .outsideBundle(path: "/%2e%2e/secret.txt")),
        ("docs://app/a%00b", .outsideBundle(path: "/a%00b")),
        ("docs://app/a%5cb", .outsideBundle(path: "/a%5cb")),
        ("docs://app/%ff%fe", .notFound(path: "/%ff%fe")),
        ("docs://other/index.html", .wrongHost("other")),
        ("docs://app:80/index.html", .wrongHost("app:80")),
        ("docs://user@app/index.html", .wrongHost("user@app")), ("docs://:p@app/index.html", .wrongHost(":p@app")),
        ("docs://u:@app/index.html", .wrongHost("u:@app")),
        ("https://app/index.html", .wrongScheme("https")),
        ("docs:index.html", .wrongHost("")),
        ("docs://app/leak.txt", .notFound(path: "leak.txt")),
        ("docs://app/up/secret.txt", .notFound(path: "up/secret.txt")),
        ("docs://app/manifest.json", .notFound(path: "manifest.json")),
    ])
    func refuses(url: String, failure: ResolutionFailure) async throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        for resolver in try await Self.resolvers(fixture) {
            #expect(resolver.resolve(try #require(URL(string: url))) == .failure(failure))
        }
    }

    @Test(arguments: ["/%zz", "/a%2", "/%", "/%f"])
    func malformedEscapesAreNotFound(path: String) {
        #expect(URLPath.normalise(Substring(path)) == .failure(.notFound(path: path)))
    }

    /// manifest.md: the manifest is never served, not even through a symbolic link listed under
    /// another name; the checks say what the link leads to.
    @Test func theManifestIsNotServedThroughALink() async throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        let manifest = try await fixture.writeManifest()
        try FileManager.default.createSymbolicLink(
            atPath: fixture.bundle.appendingPathComponent("m.json").path, withDestinationPath: "manifest.json")
        var listed = manifest
        let entry = try #require(manifest.resources.first)
        listed.resources.append(
            Manifest.Resource(
                url: "docs://app/m.json", file: "m.json", mimeType: "application/json", textEncoding: "utf-8", size: 1,
                sha256: entry.sha256))
        listed.resources.sort { $0.url.utf8.lexicographicallyPrecedes($1.url.utf8) }
        let resolver = try SchemeResolver(bundle: fixture.bundle, manifest: listed)
        #expect(resolver.resolve(try #require(URL(string: "docs://app/m.json"))) == .failure(.notFound(path: "m.json")))
        #expect(try BundleTree(fixture.bundle).whyUnserved("m.json") == "a symbolic link to the bundle's manifest")
    }

    @Test func aliasServesTargetBytes() async throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        let resolver = try await Self.resolvers(fixture)[1]
        let resource = try resolver.resolve(#require(URL(string: "docs://app/old/install.html"))).get()
        #expect(resource.path == "guide/install.html")
        #expect(resource.url.absoluteString == "docs://app/guide/install.html")
        #expect(resource.sha256 == SHA256.hex(try fixture.bytes("guide/install.html")))
        // Without manifest there are no aliases.
        #expect(
            try await Self.resolvers(fixture)[0].resolve(#require(URL(string: "docs://app/old/install.html")))
                == .failure(.notFound(path: "old/install.html")))
    }

    /// A folder whose `index.html` is an alias serves the alias's target at the folder's URL, as
    /// the manifest takes such a folder URL for an entry and the embedding samples serve it.
    @Test func aFolderWhoseIndexIsAnAliasServesItsTarget() async throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        let manifest = try await fixture.scan(aliases: [(from: "old/index.html", to: "guide/install.html")])
        let resolver = try SchemeResolver(bundle: fixture.bundle, manifest: manifest)
        for url in ["docs://app/old/", "docs://app/old/index.html"] {
            let resource = try resolver.resolve(#require(URL(string: url))).get()
            #expect(resource.path == "guide/install.html", "\(url)")
        }
        #expect(try resolver.resolve(#require(URL(string: "docs://app/old"))) == .failure(.notFound(path: "old")))
    }

    /// A file whose size is not the manifest's (being replaced, or edited) is served without the
    /// manifest's hash: that hash is of other bytes.
    @Test func theManifestHashIsGivenOnlyForAFileOfTheManifestSize() async throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        _ = try await fixture.writeManifest()
        let url = try #require(URL(string: "docs://app/guide/install.html"))
        let before = try SchemeResolver(bundle: fixture.bundle).resolve(url).get()
        #expect(before.sha256 == SHA256.hex(try fixture.bytes("guide/install.html")))
        try fixture.write("guide/install.html", try fixture.bytes("guide/install.html") + Data("changed".utf8))
        let after = try SchemeResolver(bundle: fixture.bundle).resolve(url).get()
        #expect(after.sha256 == nil)
        #expect(after.size == before.size + 7)
    }

    @Test func manifestOriginWinsAndPathsAreSorted() async throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        let manifest = try await Manifest.scan(
            bundle: fixture.bundle, origin: BundleOrigin(scheme: "Help", host: "Book"), entryPath: "index.html", generator: "t")
        try manifest.encoded().write(to: fixture.bundle.appendingPathComponent(Manifest.fileName))
        let resolver = try SchemeResolver(bundle: fixture.bundle)
        #expect(resolver.origin == BundleOrigin(scheme: "help", host: "book"))
        #expect(resolver.entryURL.absoluteString == "help://book/index.html")
        #expect(resolver.paths == resolver.paths.sorted() && resolver.paths.contains("guide/a b.html"))
        #expect(!resolver.paths.contains("leak.txt") && !resolver.paths.contains(Manifest.fileName))
        #expect(resolver.resolve(try #require(URL(string: "docs://app/index.html"))) == .failure(.wrongScheme("docs")))
        #expect(try resolver.resolve(#require(URL(string: "help://book/"))).get().path == "index.html")
    }

    @Test func manifestListingAnOutsideSymlinkIsRefusedAtResolution() async throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        var manifest = try await fixture.scan()
        manifest.resources.append(
            .init(
                url: "docs://app/leak.txt", file: "leak.txt", mimeType: "text/plain", textEncoding: "utf-8", size: 1,
                sha256: ManifestTests.sha))
        manifest.resources.append(
            .init(
                url: "docs://app/x/passwd", file: "up/secret.txt", mimeType: "text/plain", textEncoding: "utf-8", size: 1,
                sha256: ManifestTests.sha))
        manifest.resources.sort { $0.url < $1.url }  // readers refuse resources out of order
        let resolver = try SchemeResolver(bundle: fixture.bundle, manifest: manifest)
        #expect(resolver.resolve(try #require(URL(string: "docs://app/leak.txt"))) == .failure(.outsideBundle(path: "leak.txt")))
        #expect(
            resolver.resolve(try #require(URL(string: "docs://app/x/passwd"))) == .failure(.outsideBundle(path: "up/secret.txt")))
    }

    @Test func symlinkInsideTheBundleIsServed() async throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        try FileManager.default.createSymbolicLink(
            atPath: fixture.bundle.appendingPathComponent("guide/style.css").path, withDestinationPath: "../assets/site.css")
        let manifest = try await fixture.scan()
        #expect(manifest.resources.contains { $0.file == "guide/style.css" && $0.mimeType == "text/css" })
        for resolver in [
            try SchemeResolver(bundle: fixture.bundle), try SchemeResolver(bundle: fixture.bundle, manifest: manifest),
        ] {
            let resource = try resolver.resolve(#require(URL(string: "docs://app/guide/style.css"))).get()
            #expect(try resolver.contents(of: resource) == fixture.bytes("assets/site.css"))
        }
    }

    @Test func realFilesBelowTheRootWithAndWithoutSymlinks() throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        try FileManager.default.createSymbolicLink(
            atPath: fixture.bundle.appendingPathComponent("docs").path, withDestinationPath: "guide")
        let tree = try BundleTree(fixture.bundle)
        let real = tree.root.appendingPathComponent("guide/install.html").path
        // Plain parts, a symlinked folder inside the bundle, and dot parts all end at the same file.
        for path in ["guide/install.html", "docs/install.html", "guide/./install.html", "assets/../guide/install.html"] {
            let file = try tree.realFile(path).get()
            #expect(file.path == real, "\(path)")
            #expect(file.size == 16)
        }
        #expect(failure(tree.realFile("guide")) == .notFound(path: "guide"))
        #expect(failure(tree.realFile("guide/install.html/x")) == .notFound(path: "guide/install.html/x"))
        #expect(failure(tree.realFile("guide/missing.html")) == .notFound(path: "guide/missing.html"))
        #expect(failure(tree.realFile("up/secret.txt")) == .outsideBundle(path: "up/secret.txt"))
        #expect(failure(tree.realFile("guide/../../secret.txt")) == .outsideBundle(path: "guide/../../secret.txt"))
        #expect(failure(tree.realFile("leak.txt")) == .outsideBundle(path: "leak.txt"))
    }

    private func failure(_ result: Result<(path: String, size: Int), ResolutionFailure>) -> ResolutionFailure? {
        if case .failure(let failure) = result { failure } else { nil }
    }

    @Test func relativeResolution() async throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        let resolver = try SchemeResolver(bundle: fixture.bundle)
        let base = try #require(URL(string: "docs://app/guide/install.html"))
        #expect(try resolver.resolve("../assets/site.css", relativeTo: base).get().path == "assets/site.css")
        #expect(try resolver.resolve("./", relativeTo: base).get().path == "guide/index.html")
    }

    @Test func originValidation() {
        #expect(throws: ManifestError("URL scheme 'https' is reserved and cannot be registered by an app")) {
            try BundleOrigin(validatingScheme: "HTTPS", host: "app")
        }
        #expect(throws: ManifestError("invalid URL scheme '1docs'")) { try BundleOrigin(validatingScheme: "1docs", host: "app") }
        #expect(BundleOrigin(scheme: "Docs", host: "App").description == "docs://app")
        #expect(BundleOrigin().url(forPath: "guide/a b#?.html").absoluteString == "docs://app/guide/a%20b%23%3F.html")
        #expect(BundleOrigin().url(forPath: "é").absoluteString == "docs://app/%C3%A9")
        #expect(BundleOrigin.reservedSchemes.contains("javascript"))
    }
}

extension SchemeResolverTests {
    @Test func pathsAreSortedAndUniqueWhateverTheURLOrder() throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        let sha = String(repeating: "ab", count: 32)
        func resource(_ url: String, _ file: String) -> Manifest.Resource {
            .init(url: url, file: file, mimeType: "text/html", textEncoding: "utf-8", size: 1, sha256: sha)
        }
        // By URL `a!b` comes before `a%20b`; by file `a b` comes before `a!b`, and is listed twice.
        let manifest = Manifest(
            generator: "t", origin: "docs://app", entry: "docs://app/a!b.html",
            resources: [
                resource("docs://app/copy.html", "a b.html"), resource("docs://app/a%20b.html", "a b.html"),
                resource("docs://app/a!b.html", "a!b.html"),
            ], aliases: [])
        #expect(try SchemeResolver(bundle: fixture.bundle, manifest: manifest).paths == ["a b.html", "a!b.html"])
        let assembled = try Manifest.assemble(
            files: [("b.html", 1, sha), ("a b.html", 1, sha), ("a!b.html", 1, sha)], origin: BundleOrigin(),
            entryPath: "b.html", generator: "t")
        try Data("x".utf8).write(to: fixture.bundle.appendingPathComponent("a b.html"))
        let resolver = try SchemeResolver(bundle: fixture.bundle, assembled: assembled)
        #expect(resolver.paths == ["a b.html", "a!b.html", "b.html"])
        #expect(try resolver.resolve(#require(URL(string: "docs://app/a%20b.html"))).get().path == "a b.html")
    }
}
