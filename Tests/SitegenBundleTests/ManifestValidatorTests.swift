import Foundation
import Testing

@testable import SitegenBundle
@testable import SitegenBundleCore

/// The byte-level URL and path checks agree with the `String`-based ones they replaced.
@Suite struct ManifestValidatorTests {
    static let origins = [
        BundleOrigin(), BundleOrigin(scheme: "help", host: "book"),
        // Not valid for configuration, but public API: the byte route must step aside.
        BundleOrigin(scheme: "a:b", host: "x"), BundleOrigin(scheme: "docs", host: "a/b"),
        BundleOrigin(scheme: "dö", host: "app"), BundleOrigin(scheme: "docs", host: "app:8080"),
    ]

    static let paths = [
        "index.html", "", "/", "guide/", "guide", "a%20b.html", "a b.html", "a%2Fb", "a%2fb/", "%2e%2e/x", "%2E%2E",
        "../x", "a/../b", "a/./b", "a//b", "a/..", "a/b/../../..", ".", "..", "./", "..%2f..", "%2e%2e%2f%2e%2e",
        "%41", "%4a%4A", "%zz", "%4", "%", "%%41", "a%", "a%00", "a%5C", "a%5c", "a\\b", "a\u{0}b", "%ff", "%c3%a9",
        "%C3%A9.html", "é.html", "\u{301}x", "a/\u{301}../b", "a?b", "a#b", "?", "#", "a%3Fb", "a%23b", "a\r\nb",
        "%0d%0a", "~", "%7e", "manifest.json", "a;b=c", "%E2%82%AC", "%ED%A0%80", "%C0%AE", "%EF%BB%BFa", "...",
        String(repeating: "a", count: 4097), String(repeating: "a", count: 4096), String(repeating: "%61", count: 4097),
        String(repeating: "%61", count: 4096), String(repeating: "../", count: 50) + "x",
    ]

    static var urls: [String] {
        var urls = [
            "", "docs:", "docs:/", "docs://app", "docs://App/x", "DOCS://app/x", "docs://apple/x", "docs://app:80/x",
            "docs://ap", "docs:app/x", "//app/x", "help://book/x", "a:b://x/y", "a:b://x/", "docs://a/b/c",
            "docs://a/b/", "dö://app/x", "docs://app:8080/x", "docs://app:8080/", "docs://app\u{301}/x",
        ]
        for path in paths { urls.append("docs://app/" + path) }
        return urls
    }

    @Test(arguments: origins)
    func keysMatchTheStringRoute(origin: BundleOrigin) {
        let validator = ManifestValidator(origin: origin)
        var urls = Self.urls
        for path in Self.paths { urls.append(origin.description + "/" + path) }
        for url in urls {
            for allowDirectory in [false, true] {
                #expect(
                    validator.key(url, allowDirectory: allowDirectory)
                        == LegacyURLChecks.key(url, origin: origin, allowDirectory: allowDirectory), "\(url)")
            }
        }
    }

    @Test func normaliseMatchesTheStringRoute() {
        for path in Self.paths {
            for candidate in [path, "/" + path, "/a/" + path, "/" + path + "/", "/a/b/" + path + "/.."] {
                #expect(
                    URLPath.normalise(Substring(candidate)) == LegacyURLChecks.normalise(Substring(candidate)),
                    "\(candidate)")
            }
        }
        var generator = SplitMix(seed: 11)
        for _ in 0..<5000 {
            var candidate = ""
            for _ in 0..<Int.random(in: 0...12, using: &generator) {
                candidate += HostileURLTests.segments[Int.random(in: 0..<HostileURLTests.segments.count, using: &generator)]
                candidate += ["/", "//", "/./", "%2f", ""][Int.random(in: 0..<5, using: &generator)]
            }
            #expect(URLPath.normalise(Substring(candidate)) == LegacyURLChecks.normalise(Substring(candidate)), "\(candidate)")
        }
    }

    @Test func keysAndRefusals() {
        let validator = ManifestValidator(origin: BundleOrigin())
        #expect(validator.key("docs://app/a%20b.html", allowDirectory: false) == .success("a b.html"))
        #expect(validator.key("docs://app/guide/", allowDirectory: true) == .success("guide/"))
        #expect(validator.key("docs://app", allowDirectory: true) == .failure(.wrongHost("docs://app")))
        #expect(validator.key("docs://app/", allowDirectory: true) == .success(""))
        #expect(validator.key("docs://app/a?b", allowDirectory: false) == .failure(.wrongHost("docs://app/a?b")))
        #expect(validator.key("docs://app/..", allowDirectory: true) == .failure(.outsideBundle(path: "/..")))
        #expect(validator.key("docs://app/%ED%A0%80", allowDirectory: false) == .failure(.notFound(path: "/%ED%A0%80")))
        #expect(validator.key("docs://app/guide/", allowDirectory: false) == .failure(.notFound(path: "docs://app/guide/")))
    }

    static let files = [
        "index.html", "", "/a", "~a", "~", ":", "a:", "a:b", "c:/x", "ab:c", "a/../b", "..", "../a", "a/..", "a\\b",
        "\\", "a//b", "a/./b", "./a", ".", "a/", "/", "manifest.json", "sub/manifest.json", "manifest.json/",
        "Manifest.json", "a\u{0}b", "a b.html", "é.html", "/\u{301}a", "a/\u{301}../b", "\u{301}", "...", "a/...",
        "a\r\n/b", "a/b/c.html", "a/.../b", "..a", "a..", "a/.b", "%2e%2e", "a?b#c", "a/b.js\n", "a\u{1B}b",
        "a\u{7F}", "\t", "/\n", "a\u{2028}b", "a\u{2029}", "a\u{85}b",
    ]

    @Test(arguments: files)
    func fileVerdictsMatchTheStringRoute(file: String) {
        guard !file.contains(where: { $0 != "/" && $0.unicodeScalars.first == "/" }) else { return }
        #expect(ManifestValidator.fileVerdict(file) == LegacyURLChecks.fileVerdict(file))
    }

    /// Every path of up to four pieces made of what decides a verdict, through the byte route (and
    /// its fast path for paths without control characters or backslashes) and the string route.
    /// Where every byte is a URL path character, the resolver's shortcut key answers exactly for
    /// the paths with no segment empty, `.` or `..`.
    @Test func shortPathsOfDecidingPiecesMatchTheStringRoute() {
        let pieces = ["a", ".", "/", "~", ":", "\\", "\n", "é", "\u{2028}", "manifest.json", "\u{7F}"]
        var level = [""]
        var paths = level
        for _ in 0..<4 {
            level = level.flatMap { path in pieces.map { path + $0 } }
            paths += level
        }
        let validator = ManifestValidator(origin: BundleOrigin())
        for path in paths {
            #expect(ManifestValidator.fileVerdict(path) == LegacyURLChecks.fileVerdict(path), "\(path.debugDescription)")
            guard path.utf8.allSatisfy(BundleOrigin.isPathByte) else { continue }
            let normal = path.split(separator: "/", omittingEmptySubsequences: false).allSatisfy {
                !$0.isEmpty && $0 != "." && $0 != ".."
            }
            #expect((validator.fileKey(url: "docs://app/" + path, file: path) != nil) == normal, "\(path.debugDescription)")
        }
    }

    /// A `/` followed by a combining mark is one `Character`, but a separator all the same to a
    /// file system: the path is absolute, leaves the bundle or has an empty segment.
    @Test func aCombiningMarkAfterASlashHidesNothing() {
        #expect(ManifestValidator.fileVerdict("/\u{301}a") == .absolute)
        #expect(ManifestValidator.fileVerdict("../\u{301}a") == .leaves)
        #expect(ManifestValidator.fileVerdict("a/../../\u{301}") == .leaves)
        #expect(ManifestValidator.fileVerdict("a//\u{301}a") == .notNormalised)
        #expect(ManifestValidator.fileVerdict("./\u{301}a") == .notNormalised)
        #expect(ManifestValidator.fileVerdict("a/\u{301}") == .accepted)
        #expect(ManifestValidator.fileVerdict("\u{301}/é.html") == .accepted)
    }

    @Test func fileRefusalMessages() {
        let validator = ManifestValidator(origin: BundleOrigin())
        func message(_ file: String) -> String? {
            do throws(ManifestError) {
                try validator.checkFile(file, place: "resources[0].file")
                return nil
            } catch { return error.message }
        }
        #expect(message("a/b.html") == nil)
        #expect(message("/etc/passwd") == "manifest: resources[0].file '/etc/passwd' is an absolute path")
        #expect(message("a/../../b") == "manifest: resources[0].file 'a/../../b' leaves the bundle")
        #expect(message("a//b") == "manifest: resources[0].file 'a//b' is not a normalised relative path")
        #expect(message("manifest.json") == "manifest: resources[0].file names the manifest itself")
        // On the case-insensitive file systems of iOS and macOS, this is the manifest too.
        #expect(message("MANIFEST.json") == "manifest: resources[0].file names the manifest itself")
        #expect(message("Manifest.JSON") == "manifest: resources[0].file names the manifest itself")
        #expect(message("a/manifest.json") == nil)
        // As the build refuses such names: a line break in a path forges a line of every line-based tool.
        #expect(
            message("_sitegen/nav.js\n")
                == "manifest: resources[0].file '_sitegen/nav.js\\n' holds a line break or another control character, which no bundle's file name has"
        )
        #expect(
            message("a\u{1B}b")
                == "manifest: resources[0].file 'a\\u{1B}b' holds a line break or another control character, which no bundle's file name has"
        )
        #expect(
            message("a\u{2028}b")
                == "manifest: resources[0].file 'a\\u{2028}b' holds a line break or another control character, which no bundle's file name has"
        )
        #expect(
            message("a\u{0}b")?.hasSuffix("holds a line break or another control character, which no bundle's file name has")
                == true)
        #expect(message("a\u{85}b") == nil)
    }

    /// The entry is the first URL an app loads: one that names nothing opens on the 404 page.
    @Test func theEntryMustNameAResourceOrAnAlias() {
        func manifest(entry: String) -> Manifest {
            Manifest(
                generator: "t", origin: "docs://app", entry: entry,
                resources: [
                    .init(
                        url: "docs://app/guide/index.html", file: "guide/index.html", mimeType: "text/html",
                        textEncoding: "utf-8", size: 1, sha256: String(repeating: "ab", count: 32))
                ],
                aliases: [.init(url: "docs://app/start.html", target: "docs://app/guide/index.html")])
        }
        for entry in ["docs://app/guide/index.html", "docs://app/guide/", "docs://app/start.html"] {
            #expect(throws: Never.self, "\(entry)") { try manifest(entry: entry).validate() }
        }
        #expect(throws: ManifestError("manifest: entry 'docs://app/index.html' is not the URL of a resource or an alias")) {
            try manifest(entry: "docs://app/index.html").validate()
        }
    }
}

/// The checks that read a byte's class from `PathByteClass`, or eight bytes at once, agree with
/// the byte-by-byte rules they stand for, for every byte in every place.
@Suite struct PathByteClassTests {
    @Test func digestsAreSixtyFourLowercaseHexDigitsWhateverByteIsChanged() {
        let digest = Array("0123456789abcdef".utf8) + Array(String(repeating: "f0a9", count: 12).utf8)
        #expect(Manifest.isLowercaseHexDigest(String(decoding: digest, as: UTF8.self)))
        for place in [0, 7, 8, 31, 56, 63] {
            for value in 0...255 {
                var changed = digest
                changed[place] = UInt8(value)
                let isHex = (48...57).contains(value) || (97...102).contains(value)
                // Bytes that are not UTF-8 on their own are repaired, and then no digest either.
                let text = String(decoding: changed, as: UTF8.self)
                #expect(Manifest.isLowercaseHexDigest(text) == isHex, "byte \(value) at \(place)")
            }
        }
    }

    @Test func jsonStringsEscapeQuotesBackslashesAndControlsAndCopyTheRest() throws {
        for value in 0...0x7F {
            let text = "a" + String(UnicodeScalar(UInt8(value))) + "b"
            var json = JSONBytes(capacity: 16)
            json.appendString(text)
            let decoded = try JSONSerialization.jsonObject(with: Data(json.bytes), options: .fragmentsAllowed) as? String
            #expect(decoded == text, "byte \(value)")
            let escaped = value < 0x20 || value == 34 || value == 92
            #expect((json.bytes == [34, 97, UInt8(value), 98, 34]) == !escaped, "byte \(value)")
        }
    }

    @Test func pathsArePercentEncodedOnlyWhereABytesIsNoPathByte() {
        for value in 1...0x7F {
            let path = "a" + String(UnicodeScalar(UInt8(value))) + "b"
            let encoded = BundleOrigin.percentEncodePath(path)
            #expect((encoded == path) == BundleOrigin.isPathByte(UInt8(value)), "byte \(value)")
        }
        #expect(BundleOrigin.percentEncodePath("é/ü x") == "%C3%A9/%C3%BC%20x")
    }
}
