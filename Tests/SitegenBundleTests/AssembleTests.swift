import Foundation
import Testing

@testable import SitegenBundle
@testable import SitegenBundleCore

/// `Manifest.assemble` builds the same manifest, or refuses with the same message, as before.
@Suite struct AssembleTests {
    static let sha = String(repeating: "0f", count: 32)

    static func outcome(_ build: () throws(ManifestError) -> Manifest) -> Result<Manifest, ManifestError> {
        do throws(ManifestError) { return .success(try build()) } catch { return .failure(error) }
    }

    static let nfc = "\u{e9}", nfd = "e\u{301}"

    /// File lists, given aliases, entry.
    static let cases: [([String], [(from: String, to: String)], String)] = [
        (["index.html", "guide/index.html", "guide/a.html", "assets/site.css"], [], "index.html"),
        (["index.html", "guide/index.html", "guide/a b.html"], [(from: "old/a.html", to: "guide/a b.html")], "index.html"),
        (["index.html", "a.html"], [(from: "a.html", to: "index.html")], "index.html"),
        (["index.html", "a.html"], [(from: "guide/", to: "a.html"), (from: "guide/", to: "index.html")], "index.html"),
        (["index.html"], [(from: "x.html", to: "missing.html")], "index.html"),
        (["index.html", "a.html", "a.html"], [], "index.html"),
        (["index.html", "/a.html", "a.html"], [], "index.html"),
        (["index.html", "./a.html"], [], "index.html"),
        (["index.html", "a/../b.html"], [], "index.html"),
        (["index.html", "a//b.html"], [], "index.html"),
        (["index.html", "manifest.json"], [], "index.html"),
        (["index.html", "C:/x.html"], [], "index.html"),
        (["index.html", "100%.html", "a?b.html", "c#d.html"], [(from: "e f.html", to: "100%.html")], "index.html"),
        (["index.html", "\(nfc).html"], [(from: "\(nfd).html", to: "index.html")], "index.html"),
        (["index.html", "\(nfc).html", "\(nfd).html"], [(from: "\(nfd).html", to: "index.html")], "index.html"),
        (["index.html", "a.html"], [], "missing/../.."),
        (["index.html", "a.html"], [], "guide/"),
        (["index.html", String(repeating: "a", count: 4096)], [], "index.html"),
    ]

    @Test(arguments: 0..<cases.count)
    func matchesTheOldAssembly(index: Int) {
        let (paths, aliases, entry) = Self.cases[index]
        for origin in [BundleOrigin(), BundleOrigin(scheme: "a:b", host: "x")] {
            let files = paths.enumerated().map { (path: $1, size: $0, sha256: Self.sha) }
            let new = Self.outcome { () throws(ManifestError) in
                try Manifest.assemble(files: files, origin: origin, entryPath: entry, aliases: aliases, generator: "t")
            }
            let old = Self.outcome { () throws(ManifestError) in
                try LegacyAssemble.assemble(files: files, origin: origin, entryPath: entry, aliases: aliases, generator: "t")
            }
            #expect(new == old, "\(paths) \(aliases)")
            if case .success(let manifest) = new, case .success(let expected) = old {
                #expect(manifest.encoded() == LegacyEncoders.encoded(expected))
            }
        }
    }

    /// Where the old assembly looked files up as `String`s (canonically equivalent spellings
    /// equal), files and aliases are now told apart by their bytes, as every resolver does.
    @Test func canonicallyEquivalentSpellingsAreDifferentFiles() throws {
        func assemble(_ paths: [String], _ aliases: [(from: String, to: String)]) throws(ManifestError) -> Manifest {
            let files = paths.enumerated().map { (path: $1, size: $0, sha256: Self.sha) }
            return try Manifest.assemble(
                files: files, origin: BundleOrigin(), entryPath: "index.html", aliases: aliases, generator: "t")
        }
        let both = try assemble(["index.html", "\(Self.nfc)/index.html", "\(Self.nfd)/index.html"], [])
        #expect(
            both.aliases.map { "\($0.url) \($0.target)" } == [
                "docs://app/ docs://app/index.html", "docs://app/%C3%A9/ docs://app/%C3%A9/index.html",
                "docs://app/e%CC%81/ docs://app/e%CC%81/index.html",
            ])
        let old = try assemble(
            ["index.html", "\(Self.nfd)/index.html", "\(Self.nfc)/index.html"],
            [(from: "old.html", to: "\(Self.nfc)/index.html")])
        #expect(old.aliases.first { $0.url == "docs://app/old.html" }?.target == "docs://app/%C3%A9/index.html")
        #expect(throws: ManifestError("alias 'old.html' points to '\u{212A}.html', which is not a file of the bundle")) {
            try assemble(["index.html", "K.html"], [(from: "old.html", to: "\u{212A}.html")])
        }
        #expect(throws: ManifestError("alias '\(Self.nfc).html' is already a file of the bundle")) {
            try assemble(["index.html", "\(Self.nfc).html", "\(Self.nfd).html"], [(from: "\(Self.nfc).html", to: "index.html")])
        }
    }

    @Test(arguments: [
        [("index.html", 1, sha), ("a.html", 1, String(repeating: "0F", count: 32))],
        [("index.html", 1, sha), ("a.html", 1, "abc")], [("index.html", 1, sha), ("a.html", -1, sha)],
        [("index.html", 1, sha), ("a.empty", 1, sha)], [("index.html", -1, "x"), ("a.html", -1, "y")],
        [("index.html", 1, sha), ("a b.html", -1, sha), ("./a.html", 1, sha)],
    ])
    func refusalsMatchTheOldAssembly(files: [(String, Int, String)]) {
        let files = files.map { (path: $0.0, size: $0.1, sha256: $0.2) }
        let overrides = ["empty": ""]
        let new = Self.outcome { () throws(ManifestError) in
            try Manifest.assemble(
                files: files, origin: BundleOrigin(), entryPath: "index.html", generator: "t", mimeOverrides: overrides)
        }
        let old = Self.outcome { () throws(ManifestError) in
            try LegacyAssemble.assemble(
                files: files, origin: BundleOrigin(), entryPath: "index.html", generator: "t", mimeOverrides: overrides)
        }
        #expect(new == old)
        #expect(throws: ManifestError.self) { try new.get() }
    }

    /// Without aliases, duplicates are found as equal neighbours in URL order: in a large bundle too.
    @Test func aFileListedTwiceIsRefusedWithoutAliases() {
        var files = (0..<5000).map { (path: "p-\($0).html", size: $0, sha256: Self.sha) }
        files.append((path: "p-2500.html", size: 1, sha256: Self.sha))
        // In URL order (byte order: these names are ASCII), the two are neighbours.
        let first = files.map(\.path).sorted().firstIndex(of: "p-2500.html")!
        #expect(
            throws: ManifestError(
                "manifest: duplicate URL 'docs://app/p-2500.html' in resources[\(first + 1)] and resources[\(first)]")
        ) {
            try Manifest.assemble(files: files, origin: BundleOrigin(), entryPath: "p-0.html", generator: "t")
        }
        #expect(throws: ManifestError("manifest: duplicate URL 'docs://app/a.html' in resources[1] and resources[0]")) {
            try Manifest.assemble(
                files: [("a.html", 1, Self.sha), ("index.html", 1, Self.sha), ("a.html", 2, Self.sha)], origin: BundleOrigin(),
                entryPath: "index.html", generator: "t")
        }
    }

    @Test func largeShuffledInputMatchesTheOldAssembly() throws {
        var generator = SplitMix(seed: 9)
        var files: [(path: String, size: Int, sha256: String)] = [("index.html", 1, Self.sha)]
        // Over 4,096 files: assembled in parallel chunks.
        for section in 0..<90 {
            files.append(("s\(section)/index.html", section, Self.sha))
            for page in 0..<50 { files.append(("s\(section)/p-\(page).html", page, Self.sha)) }
        }
        files += [("assets/site.css", 3, Self.sha), ("assets/logo.svg", 4, Self.sha), ("assets/a.png", 5, Self.sha)]
        files.shuffle(using: &generator)
        let aliases = [(from: "old/a.html", to: "s3/p-7.html"), (from: "old/", to: "s4/index.html")]
        let overrides = ["png": "image/x-test", ".SVG": "text/x-svg", "s1/p-1.html": "text/plain"]
        let new = try Manifest.assemble(
            files: files, origin: BundleOrigin(), entryPath: "index.html", aliases: aliases, generator: "t",
            mimeOverrides: overrides)
        let old = try LegacyAssemble.assemble(
            files: files, origin: BundleOrigin(), entryPath: "index.html", aliases: aliases, generator: "t",
            mimeOverrides: overrides)
        #expect(new == old)
        #expect(new.encoded() == LegacyEncoders.encoded(old))
    }
}
