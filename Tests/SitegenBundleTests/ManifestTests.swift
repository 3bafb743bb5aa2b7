import Foundation
import Testing

@testable import SitegenBundle
@testable import SitegenBundleCore

@Suite struct ManifestTests {
    static let sha = String(repeating: "ab", count: 32)

    static func json(
        format: String = "\"sitegen-bundle\"", version: String = "1", origin: String = "docs://app",
        entry: String = "docs://app/index.html", resources: String? = nil, aliases: String = "[]"
    ) -> Data {
        let resources =
            resources ?? """
                [{"url": "docs://app/index.html", "file": "index.html", "mimeType": "text/html",
                  "textEncoding": "utf-8", "size": 3, "sha256": "\(sha)"}]
                """
        return Data(
            """
            {"format": \(format), "version": \(version), "generator": "t", "origin": "\(origin)",
             "entry": "\(entry)", "resources": \(resources), "aliases": \(aliases)}
            """.utf8)
    }

    static func resource(
        url: String = "docs://app/a.html", file: String = "a.html", sha: String = "\"\(sha)\"", size: String = "1",
        textEncoding: String? = "utf-8"
    ) -> String {
        let encoding = textEncoding.map { "\"textEncoding\": \"\($0)\", " } ?? ""
        return "{\"url\": \"\(url)\", \"file\": \"\(file)\", \"mimeType\": \"text/html\", \(encoding)\"size\": \(size), "
            + "\"sha256\": \(sha)}"
    }

    /// `a.txt` with the given (JSON-escaped) `mimeType` and `textEncoding`.
    static func typed(mimeType: String, textEncoding: String = "utf-8") -> String {
        "{\"url\": \"docs://app/a.txt\", \"file\": \"a.txt\", \"mimeType\": \"\(mimeType)\", "
            + "\"textEncoding\": \"\(textEncoding)\", \"size\": 1, \"sha256\": \"\(sha)\"}"
    }

    @Test func scanEncodeDecodeRoundTrip() async throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        let manifest = try await fixture.scan(aliases: [(from: "old/install.html", to: "guide/install.html")])
        let decoded = try Manifest.decode(manifest.encoded())
        #expect(decoded == manifest)
        #expect(decoded.encoded() == manifest.encoded())
        // Symlinks that leave the bundle and the `up` directory link are not resources.
        #expect(!manifest.resources.contains { $0.file == "leak.txt" || $0.file == "passwd" || $0.file.hasPrefix("up/") })
        #expect(manifest.resources.map(\.url) == manifest.resources.map(\.url).sorted())
        #expect(
            manifest.aliases.map(\.url) == [
                "docs://app/", "docs://app/guide/", "docs://app/old/install.html",
            ])
        #expect(manifest.aliases[1].target == "docs://app/guide/index.html")
        let spaced = try #require(manifest.resources.first { $0.file == "guide/a b.html" })
        #expect(spaced.url == "docs://app/guide/a%20b.html")
        #expect(spaced.textEncoding == "utf-8")
        let png = try #require(manifest.resources.first { $0.file == "assets/logo.png" })
        #expect(png.mimeType == "image/png" && png.textEncoding == nil)
        #expect(png.sha256 == SHA256.hex(try fixture.bytes("assets/logo.png")))
        #expect(png.size == (try fixture.bytes("assets/logo.png")).count)
    }

    @Test func scanIsDeterministicAndSkipsManifest() async throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        let first = try await fixture.writeManifest()
        let second = try await fixture.scan()
        #expect(first == second)
        #expect(first.encoded() == second.encoded())
        #expect(!second.resources.contains { $0.file == Manifest.fileName })
    }

    @Test func encodingShape() throws {
        let manifest = Manifest(
            generator: "sitegen 0.1.0", origin: "docs://app", entry: "docs://app/index.html",
            resources: [
                .init(
                    url: "docs://app/z.png", file: "z.png", mimeType: "image/png", textEncoding: nil, size: 1, sha256: Self.sha),
                .init(
                    url: "docs://app/index.html", file: "index.html", mimeType: "text/html", textEncoding: "utf-8", size: 2,
                    sha256: Self.sha),
            ],
            aliases: [.init(url: "docs://app/", target: "docs://app/index.html")])
        let text = String(decoding: manifest.encoded(), as: UTF8.self)
        #expect(
            text == """
                {
                  "format": "sitegen-bundle",
                  "version": 1,
                  "generator": "sitegen 0.1.0",
                  "origin": "docs://app",
                  "entry": "docs://app/index.html",
                  "resources": [
                    {
                      "url": "docs://app/index.html",
                      "file": "index.html",
                      "mimeType": "text/html",
                      "textEncoding": "utf-8",
                      "size": 2,
                      "sha256": "\(Self.sha)"
                    },
                    {
                      "url": "docs://app/z.png",
                      "file": "z.png",
                      "mimeType": "image/png",
                      "size": 1,
                      "sha256": "\(Self.sha)"
                    }
                  ],
                  "aliases": [
                    {
                      "url": "docs://app/",
                      "target": "docs://app/index.html"
                    }
                  ]
                }

                """)
        #expect(try Manifest.decode(manifest.encoded()) == manifest)
    }

    /// A text type without `textEncoding`, as sitegen before 2026-12 wrote `application/x-javascript`:
    /// read (bundles already shipped keep working), served without a charset.
    @Test func aTextTypeWithoutTextEncodingIsRead() throws {
        let manifest = try Manifest.decode(
            Self.json(resources: "[\(Self.resource(url: "docs://app/index.html", file: "index.html", textEncoding: nil))]"))
        #expect(manifest.resources.first?.textEncoding == nil)
    }

    @Test func escapesStrings() throws {
        var manifest = try Manifest.decode(Self.json())
        manifest.generator = "a \"q\" \\ / é \n\u{1}"
        let text = String(decoding: manifest.encoded(), as: UTF8.self)
        #expect(text.contains(#""generator": "a \"q\" \\ / é \n\u0001""#))
        #expect(try Manifest.decode(manifest.encoded()).generator == manifest.generator)
    }

    @Test(arguments: [
        (json(format: "\"other\""), "manifest: unknown format 'other' (expected 'sitegen-bundle')"),
        (json(version: "2"), "manifest: unsupported version 2 (this reader supports 1)"),
        // A later version whose fields v1 cannot read is still refused for its version.
        (json(version: "2", resources: "{}"), "manifest: unsupported version 2 (this reader supports 1)"),
        (json(format: "\"other\"", resources: "7"), "manifest: unknown format 'other' (expected 'sitegen-bundle')"),
        (json(version: "\"1\""), "manifest: field 'version' has the wrong type (expected a number)"),
        (
            json(origin: "https://app"),
            "manifest: origin 'https://app' is not a lowercase 'scheme://host' of a non-reserved scheme"
        ),
        (
            json(resources: "[\(resource()), \(resource())]"),
            "manifest: duplicate URL 'docs://app/a.html' in resources[1] and resources[0]"
        ),
        (
            json(resources: "[\(resource()), \(resource(url: "docs://app/%61.html", file: "b.html"))]"),
            "manifest: duplicate URL 'docs://app/%61.html' in resources[1] and resources[0]"
        ),
        (
            json(resources: "[\(resource(url: "docs://other/a.html"))]"),
            "manifest: resources[0].url 'docs://other/a.html' is not under origin 'docs://app'"
        ),
        // A URL of the origin is named for what is wrong with it.
        (
            json(resources: "[\(resource(url: "docs://app/100%25.html?x", file: "100%.html"))]"),
            "manifest: resources[0].url 'docs://app/100%25.html?x' has a query or a fragment, which no URL of a manifest has"
        ),
        (
            json(aliases: "[{\"url\": \"docs://app/old.html#top\", \"target\": \"docs://app/index.html\"}]"),
            "manifest: aliases[0].url 'docs://app/old.html#top' has a query or a fragment, which no URL of a manifest has"
        ),
        (json(entry: "docs://app"), "manifest: entry 'docs://app' has no path: the root of the bundle is 'docs://app/'"),
        (
            json(entry: "DOCS://App/index.html"),
            "manifest: entry 'DOCS://App/index.html' writes the origin in upper case: URLs of the manifest start with 'docs://app/' as the origin is written"
        ),
        (json(entry: "docs://other/index.html"), "manifest: entry 'docs://other/index.html' is not under origin 'docs://app'"),
        (json(entry: "docs://app/.."), "manifest: entry 'docs://app/..' is not a valid URL of the bundle"),
        (
            json(resources: "[\(resource(url: "docs://app/\\u0301a.html", file: "\\u0301a.html"))]"),
            "manifest: resources[0].url 'docs://app/\u{301}a.html' is not canonical and percent-encoded (writers encode every byte that is not ASCII)"
        ),
        (json(resources: "[\(resource(file: "/etc/passwd"))]"), "manifest: resources[0].file '/etc/passwd' is an absolute path"),
        (json(resources: "[\(resource(file: "../x"))]"), "manifest: resources[0].file '../x' leaves the bundle"),
        (json(resources: "[\(resource(file: "a/../../x"))]"), "manifest: resources[0].file 'a/../../x' leaves the bundle"),
        (json(resources: "[\(resource(file: "a//b"))]"), "manifest: resources[0].file 'a//b' is not a normalised relative path"),
        (json(resources: "[\(resource(sha: "\"abc\""))]"), "manifest: resources[0].sha256 is not 64 lowercase hex digits"),
        (
            json(resources: "[\(resource(sha: "42"))]"),
            "manifest: field 'resources[0].sha256' has the wrong type (expected a string)"
        ),
        (
            json(resources: "[\(resource(size: "\"1\""))]"),
            "manifest: field 'resources[0].size' has the wrong type (expected a number)"
        ),
        (json(resources: "[\(resource(size: "-1"))]"), "manifest: resources[0].size is negative"),
        // Values quoted in a message have their control characters escaped: one line, nothing forged.
        (
            json(resources: "[\(resource(file: "../x\\nmt/: bundle matches its manifest\\n"))]"),
            "manifest: resources[0].file '../x\\nmt/: bundle matches its manifest\\n' holds a line break or another control character, which no bundle's file name has"
        ),
        (json(format: "\"\\u001b[2J\""), "manifest: unknown format '\\u{1B}[2J' (expected 'sitegen-bundle')"),
        (
            json(format: "\"a\\u2028b\\u0085c\""),
            "manifest: unknown format 'a\\u{2028}b\\u{0085}c' (expected 'sitegen-bundle')"
        ),
        (
            json(resources: "[\(resource(file: "a.html\\n"))]"),
            "manifest: resources[0].file 'a.html\\n' holds a line break or another control character, which no bundle's file name has"
        ),
        (
            json(resources: "[\(resource(url: "docs://app/a\\u0000.html"))]"),
            "manifest: resources[0].url 'docs://app/a\\0.html' is not a valid file URL of the bundle"
        ),
        (
            json(resources: "[\(resource(url: "docs://other/\\r.html"))]"),
            "manifest: resources[0].url 'docs://other/\\r.html' is not under origin 'docs://app'"
        ),
        (
            json(entry: "docs://app/\\n"),
            "manifest: entry 'docs://app/\\n' is not canonical and percent-encoded (expected 'docs://app/%0A')"
        ),
        (
            json(aliases: "[{\"url\": \"docs://app/old.html\", \"target\": \"docs://app/\\u001b.html\"}]"),
            "manifest: aliases[0].target 'docs://app/\\u{1B}.html' is not a resource URL"
        ),
        (
            json(origin: "docs://app\", \"x\\ny\": \"z"),
            "manifest: the manifest has unknown key 'x\\ny' (a version 1 manifest has aliases, entry, format, generator, origin, resources, version)"
        ),
        (
            json(
                resources:
                    "[\(resource(url: "docs://app/b%0A.html", file: "b.html")), \(resource(url: "docs://app/a%0A.html", file: "a.html"))]"
            ),
            "manifest: resources are not sorted by url: resources[1] 'docs://app/a%0A.html' sorts before resources[0] 'docs://app/b%0A.html'"
        ),
        (
            json(origin: "docs://app\\t"),
            "manifest: origin 'docs://app\\t' is not a lowercase 'scheme://host' of a non-reserved scheme"
        ),
        // The schema allows "utf-8" or nothing: `null` is mistyped, as it is for every other field.
        (
            json(resources: "[\(typed(mimeType: "text/plain").replacingOccurrences(of: "\"utf-8\"", with: "null"))]"),
            "manifest: field 'resources[0].textEncoding' is null (expected a string)"
        ),
        (
            json(resources: "[\(resource(size: "null"))]"),
            "manifest: field 'resources[0].size' is null (expected a number)"
        ),
        (
            json(aliases: "[{\"url\": \"docs://app/old.html\", \"target\": \"docs://app/nope.html\"}]"),
            "manifest: aliases[0].target 'docs://app/nope.html' is not a resource URL"
        ),
        (Data(json().prefix(80)), "manifest: not valid JSON: a string that never ends at line 1, column 72 (cut short?)"),
        (Data("not json".utf8), "manifest: not valid JSON: 'not' at line 1, column 1 (expected a value)"),
        (Data(), "manifest: not valid JSON: the end of the file at line 1, column 1 (cut short?)"),
        (Data("{\"format\": \"sitegen-bundle\"}".utf8), "manifest: missing field 'version'"),
        // Valid JSON, which Foundation's decoder calls invalid when a number fits no Int.
        (json(resources: "[\(resource(size: "1.5"))]"), "manifest: field 'resources[0].size' is not a whole number in range"),
        (
            json(resources: "[\(resource(size: "1180591620717411303424"))]"),
            "manifest: field 'resources[0].size' is not a whole number in range"
        ),
        (json(version: "1.5"), "manifest: field 'version' is not a whole number in range"),
        (Data("[]".utf8), "manifest: the top level is not a JSON object"),
        // Readers check the order writers promise (code-point order) and integers written as such.
        (
            json(resources: "[\(resource(url: "docs://app/b.html", file: "b.html")), \(resource())]"),
            "manifest: resources are not sorted by url: resources[1] 'docs://app/a.html' sorts before resources[0] 'docs://app/b.html'"
        ),
        (
            json(
                resources:
                    "[\(resource(url: "docs://app/a.html", file: "a.html")), \(resource(url: "docs://app/b.html", file: "b.html"))]",
                aliases:
                    "[{\"url\": \"docs://app/y.html\", \"target\": \"docs://app/a.html\"}, {\"url\": \"docs://app/x.html\", \"target\": \"docs://app/a.html\"}]"
            ),
            "manifest: aliases are not sorted by url: aliases[1] 'docs://app/x.html' sorts before aliases[0] 'docs://app/y.html'"
        ),
        // Values the documented consumers would mishandle.
        (
            json(
                resources: "[\(resource())]",
                aliases: "[{\"url\": \"docs://app/old.html\", \"target\": \"docs://app/%61.html\"}]"),
            "manifest: aliases[0].target 'docs://app/%61.html' is not byte for byte the url of resources[0] ('docs://app/a.html')"
        ),
        (
            json(resources: "[\(resource(url: "docs://app/x/../g/a.txt", file: "g/a.txt"))]"),
            "manifest: resources[0].url 'docs://app/x/../g/a.txt' is not canonical and percent-encoded (expected 'docs://app/g/a.txt')"
        ),
        (
            json(resources: "[\(resource(url: "docs://app/a b.html", file: "a b.html"))]"),
            "manifest: resources[0].url 'docs://app/a b.html' is not canonical and percent-encoded (expected 'docs://app/a%20b.html')"
        ),
        (
            json(resources: "[\(resource(url: "docs://app/%61.html", file: "a.html"))]"),
            "manifest: resources[0].url 'docs://app/%61.html' is not canonical and percent-encoded (expected 'docs://app/a.html')"
        ),
        (
            json(resources: "[\(typed(mimeType: "text/plain\\r\\nX-Injected: 1"))]"),
            "manifest: resources[0].mimeType 'text/plain\\r\\nX-Injected: 1' is not a MIME type without parameters (type/subtype)"
        ),
        (
            json(resources: "[\(typed(mimeType: "text/plain; charset=utf-8"))]"),
            "manifest: resources[0].mimeType 'text/plain; charset=utf-8' is not a MIME type without parameters (type/subtype)"
        ),
        (
            json(resources: "[\(typed(mimeType: "text/plain", textEncoding: "latin1"))]"),
            "manifest: resources[0].textEncoding 'latin1' is not 'utf-8'"
        ),
        // Resolvers build `; charset=` from the field alone: it must follow the type.
        (
            json(resources: "[\(typed(mimeType: "image/png"))]"),
            "manifest: resources[0] 'docs://app/a.txt' has textEncoding 'utf-8', which is for text types, and "
                + "'image/png' is none: leave the field out"
        ),
        (json(version: "1.0"), "manifest: field 'version' is not an integer (written with a fraction or exponent)"),
        (json(version: "1e0"), "manifest: field 'version' is not an integer (written with a fraction or exponent)"),
        (
            json(resources: "[\(resource(size: "5.0"))]"),
            "manifest: field 'resources[0].size' is not an integer (written with a fraction or exponent)"
        ),
        // The entry too is loaded as written: one spelling, as for resources and aliases.
        (
            json(entry: "docs://app/%69ndex.html"),
            "manifest: entry 'docs://app/%69ndex.html' is not canonical and percent-encoded (expected 'docs://app/index.html')"
        ),
        (
            json(entry: "docs://app//index.html"),
            "manifest: entry 'docs://app//index.html' is not canonical and percent-encoded (expected 'docs://app/index.html')"
        ),
        (
            json(entry: "docs://app/x/../index.html"),
            "manifest: entry 'docs://app/x/../index.html' is not canonical and percent-encoded (expected 'docs://app/index.html')"
        ),
        (
            json(entry: "docs://app/./"),
            "manifest: entry 'docs://app/./' is not canonical and percent-encoded (expected 'docs://app/')"
        ),
        // Alias URLs are looked up as written, as resource URLs are: one spelling each.
        (
            json(aliases: "[{\"url\": \"docs://app/old page.html\", \"target\": \"docs://app/index.html\"}]"),
            "manifest: aliases[0].url 'docs://app/old page.html' is not canonical and percent-encoded (expected 'docs://app/old%20page.html')"
        ),
        (
            json(aliases: "[{\"url\": \"docs://app/x/../%6Fld.html\", \"target\": \"docs://app/index.html\"}]"),
            "manifest: aliases[0].url 'docs://app/x/../%6Fld.html' is not canonical and percent-encoded (expected 'docs://app/old.html')"
        ),
        (
            Data([0xEF, 0xBB, 0xBF]) + json(),
            "manifest: starts with a UTF-8 byte order mark, which JSON readers may refuse: save it without"
        ),
        // Keys JSONDecoder would pass over: one of a repeated key, or one the schema does not have.
        (
            json(origin: "docs://app\", \"origin\": \"docs://app"),
            "manifest: the manifest has key 'origin' twice (readers disagree on which one counts)"
        ),
        (
            json(origin: "docs://app\", \"\\u0065ntry\": \"docs://app/index.html"),
            "manifest: the manifest has key 'entry' twice (readers disagree on which one counts)"
        ),
        (
            json(resources: "[\(resource(url: "docs://app/index.html", file: "index.html", size: "3, \"size\": 3"))]"),
            "manifest: resources[0] has key 'size' twice (readers disagree on which one counts)"
        ),
        (
            json(resources: "[\(typed(mimeType: "text/plain\", \"textEncodng\": \"utf-8"))]"),
            "manifest: resources[0] has unknown key 'textEncodng' (a version 1 manifest has file, mimeType, sha256, size, textEncoding, url)"
        ),
        (
            json(aliases: "[{\"url\": \"docs://app/old.html\", \"target\": \"docs://app/index.html\", \"note\": {\"a\": [1]}}]"),
            "manifest: aliases[0] has unknown key 'note' (a version 1 manifest has target, url)"
        ),
        (
            json(origin: "docs://app\", \"signature\": \"x"),
            "manifest: the manifest has unknown key 'signature' (a version 1 manifest has aliases, entry, format, generator, origin, resources, version)"
        ),
    ])
    func rejects(data: Data, message: String) {
        #expect(throws: ManifestError(message)) { try Manifest.decode(data) }
    }

    /// A manifest is UTF-8: UTF-16, with its byte order mark or without, is refused in words.
    /// Every top level but an object is said to be one, and mistyped fields name JSON types
    /// (`a string`), never Swift ones (`Dictionary<String, Any>`).
    @Test(arguments: [
        ("null", "manifest: the top level is not a JSON object"),
        ("5", "manifest: the top level is not a JSON object"),
        ("\"x\"", "manifest: the top level is not a JSON object"),
        ("true", "manifest: the top level is not a JSON object"),
    ])
    func aTopLevelThatIsNoObjectIsNamed(text: String, message: String) {
        #expect(throws: ManifestError(message)) { try Manifest.decode(Data(text.utf8)) }
    }

    @Test(arguments: [
        (json(format: "1"), "manifest: field 'format' has the wrong type (expected a string)"),
        (json(resources: "{}"), "manifest: field 'resources' has the wrong type (expected an array)"),
        (json(resources: "[7]"), "manifest: field 'resources[0]' has the wrong type (expected an object)"),
        (json(resources: "[null]"), "manifest: field 'resources[0]' is null (expected an object)"),
        (json(aliases: "null"), "manifest: field 'aliases' is null (expected an array)"),
    ])
    func mistypedFieldsNameJSONTypes(data: Data, message: String) {
        #expect(throws: ManifestError(message)) { try Manifest.decode(data) }
    }

    @Test func utf16IsRefused() {
        let utf16 = Data(String(decoding: Self.json(), as: UTF8.self).utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] })
        #expect(throws: ManifestError("manifest: is UTF-16 (it starts with its byte order mark); a manifest is UTF-8")) {
            try Manifest.decode(Data([0xFF, 0xFE]) + utf16)
        }
        #expect(throws: ManifestError("manifest: holds NUL bytes, which no JSON does (UTF-16?); a manifest is UTF-8")) {
            try Manifest.decode(utf16)
        }
    }

    @Test func aManifestThatIsAFolderIsRefusedInWords() throws {
        let bundle = FileManager.default.temporaryDirectory.appendingPathComponent("sitegen-manifest-\(UUID().uuidString)")
        try FileManager.default.createDirectory(
            at: bundle.appendingPathComponent(Manifest.fileName), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: bundle) }
        #expect(throws: ManifestError("cannot read manifest.json (is a directory)")) { try Manifest.read(bundle: bundle) }
    }

    /// A manifest that is a named pipe or a link to a device is refused as no regular file, at
    /// once: never read (a pipe without a writer would block, `/dev/zero` never ends).
    @Test(.timeLimit(.minutes(1))) func aManifestThatIsNoRegularFileIsRefusedAsSuch() throws {
        let bundle = FileManager.default.temporaryDirectory.appendingPathComponent("sitegen-manifest-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: bundle, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: bundle) }
        let path = bundle.appendingPathComponent(Manifest.fileName).path
        #expect(mkfifo(path, 0o644) == 0)
        #expect(throws: ManifestError("manifest.json is not a regular file (a named pipe)")) {
            try Manifest.read(bundle: bundle)
        }
        try FileManager.default.removeItem(atPath: path)
        try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: "/dev/zero")
        #expect(throws: ManifestError("manifest.json is not a regular file (a device)")) {
            try Manifest.read(bundle: bundle)
        }
    }

    @Test func acceptsValidHandWrittenManifest() throws {
        let manifest = try Manifest.decode(Self.json())
        #expect(manifest.resources.count == 1 && manifest.origin == "docs://app")
    }

    /// MIME types are case-insensitive: the text rule is too.
    @Test func textEncodingFollowsTheTypeInAnyLetterCase() throws {
        let data = Self.json(entry: "docs://app/a.txt", resources: "[\(Self.typed(mimeType: "Application/X-JavaScript"))]")
        #expect(try Manifest.decode(data).resources[0].textEncoding == "utf-8")
    }

    /// A canonical folder URL is an entry when its `index.html` is a resource, alias or not.
    @Test func acceptsTheRootFolderAsEntry() throws {
        #expect(try Manifest.decode(Self.json(entry: "docs://app/")).entry == "docs://app/")
    }

    @Test func randomTruncationsNeverCrash() async throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        let data = try await fixture.scan().encoded()
        for length in stride(from: 0, to: data.count - 2, by: 7) {
            #expect(throws: ManifestError.self) { try Manifest.decode(data.prefix(length)) }
        }
    }

    @Test func scanRejectsAliasToMissingFile() async throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        await #expect(throws: ManifestError("alias 'old.html' points to 'nope.html', which is not a file of the bundle")) {
            try await fixture.scan(aliases: [(from: "old.html", to: "nope.html")])
        }
    }
}

extension ManifestTests {
    /// A manifest as writers lay it out, one field a line, for messages that give a line and column.
    static let laidOut = """
        {
          "format": "sitegen-bundle",
          "version": 1,
          "generator": "t",
          "origin": "docs://app",
          "entry": "docs://app/index.html",
          "resources": [
            {
              "url": "docs://app/index.html",
              "file": "index.html",
              "mimeType": "text/html",
              "textEncoding": "utf-8",
              "size": 3,
              "sha256": "\(sha)"
            }
          ],
          "aliases": []
        }
        """

    /// What is not JSON is named with its place, as Python's `json` and jq name it: `JSONDecoder`
    /// says only "not valid JSON".
    @Test(arguments: [
        ("\"format\": \"sitegen-bundle\",", "\"format\": \"sitegen-bundle\"", "'\"' at line 3, column 3 (expected ',' or '}')"),
        (
            "\"format\": \"sitegen-bundle\",", "'format': 'sitegen-bundle',",
            "a string in single quotes at line 2, column 3 (expected a key in double quotes)"
        ),
        (
            "\"format\": \"sitegen-bundle\",", "// a comment\n  \"format\": \"sitegen-bundle\",",
            "a comment, which JSON does not have at line 2, column 3 (expected a key in double quotes)"
        ),
        ("\"version\": 1,", "\"version\": NaN,", "'NaN' at line 3, column 14 (expected a value)"),
        ("\"version\": 1,", "\"version\": 01,", "a number with a leading zero at line 3, column 14"),
        ("\"version\": 1,", "\"version\": 1.,", "a number without digits after '.' at line 3, column 14"),
        ("\"version\": 1,", "\"version\": \"1\\q\",", "an unknown escape at line 3, column 16"),
        (
            "\"version\": 1,", "\"version\": \"a\tb\",",
            "a control character in a string at line 3, column 16 (write it as \\t)"
        ),
        ("\"version\": 1,", "\"version\": 1 2,", "'2' at line 3, column 16 (expected ',' or '}')"),
    ])
    func syntaxErrorsAreNamedWithTheirPlace(original: String, replacement: String, problem: String) throws {
        let text = Self.laidOut.replacingOccurrences(of: original, with: replacement)
        #expect(text != Self.laidOut)
        #expect(throws: ManifestError("manifest: not valid JSON: " + problem)) { try Manifest.decode(Data(text.utf8)) }
    }

    @Test func textAfterTheValueBytesThatAreNotUTF8AndDeepNestingAreNamed() {
        func problem(_ bytes: [UInt8]) -> String? { JSONSyntax.firstProblem(in: Data(bytes))?.description }
        #expect(problem(Array("{\"a\": 1} x".utf8)) == "text after the end of the JSON value at line 1, column 10")
        #expect(
            problem(Array("{\"a\": \"caf".utf8) + [0xC3, 0x28, 0x22, 0x7D]) == "bytes that are not UTF-8 at line 1, column 11")
        #expect(problem(Array("{\"a\": \"caf\u{E9}\"}".utf8)) == nil)
        #expect(problem(Array(repeating: UInt8(ascii: "["), count: 511) + Array(repeating: UInt8(ascii: "]"), count: 511)) == nil)
        #expect(
            problem(Array(repeating: UInt8(ascii: "["), count: 513) + Array(repeating: UInt8(ascii: "]"), count: 513))
                == "nesting deeper than 512 levels at line 1, column 513")
        #expect(problem(Array("[1, [2, {\"b\": [true, false, null, -0.5e+3, \"\\u00e9\\n\"]}], {}, []]".utf8)) == nil)
        #expect(problem(Array("{\"a\" 1}".utf8)) == "'1' at line 1, column 6 (expected ':')")
        #expect(
            problem(Array("[\"a\u{1}\"]".utf8)) == "a control character in a string at line 1, column 4 (write it as \\u0001)")
        #expect(problem(Array(#"["\ud83d\ude00 \u00e9"]"#.utf8)) == nil)
        #expect(
            problem(Array(#"["b\ud83dude00"]"#.utf8))
                == "an escape of half a UTF-16 pair on its own (a lone surrogate) at line 1, column 4")
        #expect(
            problem(Array(#"["\ude00"]"#.utf8))
                == "an escape of half a UTF-16 pair on its own (a lone surrogate) at line 1, column 3")
    }

    /// JSON has no trailing comma (Python and JavaScript refuse one), though `JSONDecoder` takes it.
    @Test(arguments: [
        ("    }\n  ],", "    },\n  ],", "manifest: not valid JSON: a trailing comma at line 15, column 6 (before ']')"),
        ("\"\(sha)\"\n", "\"\(sha)\",\n", "manifest: not valid JSON: a trailing comma at line 14, column 83 (before '}')"),
        (
            "\"aliases\": []\n", "\"aliases\": [],\n",
            "manifest: not valid JSON: a trailing comma at line 17, column 16 (before '}')"
        ),
        (
            "\"aliases\": []", "\"aliases\": [{\"url\": \"docs://app/\", \"target\": \"docs://app/index.html\",}]",
            "manifest: not valid JSON: a trailing comma at line 17, column 71 (before '}')"
        ),
    ])
    func trailingCommasAreRefusedWithTheirPlace(original: String, replacement: String, message: String) throws {
        let text = Self.laidOut.replacingOccurrences(of: original, with: replacement)
        #expect(text != Self.laidOut)
        #expect((try? JSONSerialization.jsonObject(with: Data(text.utf8))) != nil, "JSONDecoder's parser takes it")
        #expect(throws: ManifestError(message)) { try Manifest.decode(Data(text.utf8)) }
        #expect(try Manifest.decode(Data(Self.laidOut.utf8)).resources.count == 1)
    }

    /// Commas and brackets inside strings are not JSON's.
    @Test func aCommaBeforeABracketInAStringIsNoTrailingComma() throws {
        let text = Self.laidOut.replacingOccurrences(of: "\"generator\": \"t\"", with: "\"generator\": \"t ,] \\\",}\"")
        #expect(try Manifest.decode(Data(text.utf8)).generator == "t ,] \",}")
    }
}
