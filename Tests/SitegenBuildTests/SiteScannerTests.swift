import Foundation
import SitegenCore
import Testing

@testable import SitegenBuild

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What the scan of a site folder refuses (names that are not UTF-8, names that collide on
/// case-insensitive or normalisation-insensitive disks), what it warns about (links that loop), and
/// what a link to what it leaves out (hidden names) is told.
@Suite struct SiteScannerTests {
    private func expectInputError(_ site: TestSite, _ expected: String) async {
        await site.expectInputError(expected)
    }

    /// Makes an empty file whose name is `name` as raw bytes in the site folder.
    private func makeFile(_ name: [UInt8], in site: TestSite) {
        let path = Array(site.root.appendingPathComponent("Site").path.utf8) + [UInt8(ascii: "/")] + name + [0]
        let descriptor = path.withUnsafeBufferPointer {
            $0.withMemoryRebound(to: CChar.self) { open($0.baseAddress!, O_CREAT | O_WRONLY, 0o644) }
        }
        #expect(descriptor >= 0)
        close(descriptor)
    }

    private func removeTree(_ site: TestSite) {
        _ = try? Process.run(URL(fileURLWithPath: "/bin/rm"), arguments: ["-rf", site.root.path]).waitUntilExit()
    }

    @Test func aNameThatIsNotUTF8StopsTheBuild() async throws {
        let site = try TestSite(["Site/index.md": "# Home\n"])
        defer { removeTree(site) }
        makeFile(Array("bad".utf8) + [0xFF] + Array(".md".utf8), in: site)
        makeFile(Array("img".utf8) + [0xFE] + Array(".png".utf8), in: site)
        await expectInputError(
            site,
            "Site/bad\\xFF.md: error: name is not valid UTF-8 (invalid bytes shown as \\xHH), so it can be neither a page nor an asset: rename it (1 other name is not valid UTF-8 either)"
        )
    }

    @Test func aTopLevelNameThatLooksLikeADriveStopsTheBuild() async throws {
        let site = try TestSite(["Site/index.md": "# Home\n", "Site/c:notes.md": "# Notes\n", "Site/guide/x:y.md": "# Fine\n"])
        defer { site.remove() }
        await expectInputError(
            site,
            "Site/c:notes.md: error: name has a colon as its second character, as a Windows drive (c:x) has, so the manifest refuses it as an absolute path: rename it"
        )
        // The manifest refuses any second-character colon (its schema: `^[\x00-\x7f]:`), a digit's too.
        let digit = try TestSite(["Site/index.md": "# Home\n", "Site/1:2.md": "# Two\n"])
        defer { digit.remove() }
        await expectInputError(
            digit,
            "Site/1:2.md: error: name has a colon as its second character, as a Windows drive (c:x) has, so the manifest refuses it as an absolute path: rename it"
        )
    }

    /// `~t.txt` or `~user/a.md` at the top reads as a home folder: stopped at the site's file, not
    /// when the manifest is written under the output's name. By its first byte, as the manifest
    /// reads it: a `~` that a combining mark makes one character with (`~\u{301}x`) too.
    @Test(arguments: ["~t.txt", "~user/a.md", "~\u{301}x.txt"])
    func aTopLevelNameThatLooksLikeAHomeFolderStopsTheBuild(name: String) async throws {
        let site = try TestSite(["Site/index.md": "# Home\n", "Site/" + name: "x\n", "Site/guide/~fine.md": "# Fine\n"])
        defer { site.remove() }
        await expectInputError(
            site,
            "Site/\(name): error: name starts with '~', which reads as a home folder (~user/), so the manifest refuses it as an absolute path: rename it"
        )
    }

    @Test(arguments: ["nl\n.txt", "cr\r.md", "tab\t.png", "sep\u{2028}.md"])
    func aNameWithALineBreakOrControlCharacterStopsTheBuild(name: String) async throws {
        let site = try TestSite(["Site/index.md": "# Home\n", "Site/guide/" + name: "x\n"])
        defer { site.remove() }
        let shown =
            "Site/guide/"
            + name.unicodeScalars.map {
                $0.value < 0x20 || $0.value == 0x2028 ? "\\u{\(String($0.value, radix: 16))}" : String($0)
            }.joined()
        await expectInputError(
            site,
            "\(shown): error: name holds a line break or another control character, which the manifest's schema and line-based tools refuse: rename it"
        )
    }

    /// A named pipe (or a link to one in the site) is no file a page or an asset can be made of:
    /// said at its path, not left out for a link to it to call missing; `ignore` leaves it out.
    @Test func aNamedPipeInTheSiteStopsTheBuildUnlessIgnored() async throws {
        let site = try TestSite(["Site/index.md": "# Home\n\n[b](b.md)\n"])
        defer { site.remove() }
        #expect(mkfifo(site.root.appendingPathComponent("Site/b.md").path, 0o644) == 0)
        await expectInputError(
            site,
            "Site/b.md: error: not a regular file (a named pipe), so it can be neither a page nor an asset: remove it, or leave it out with 'ignore' in sitegen.yml"
        )
        try site.write("ignore: ['b.md']\n", to: "Site/sitegen.yml")
        let outcome = try await site.build()
        defer { outcome.staged.discard() }
        #expect(outcome.diagnostics.map(\.rule) == [.brokenLink])
    }

    @Test func anIgnoredNameThatIsNotUTF8IsNoError() async throws {
        let site = try TestSite(["Site/index.md": "# Home\n", "Site/sitegen.yml": "ignore: ['*.swp']\n"])
        defer { removeTree(site) }
        makeFile(Array("x".utf8) + [0xFF] + Array(".swp".utf8), in: site)
        let outcome = try await site.build()
        outcome.staged.discard()
        #expect(outcome.pageCount == 1)
    }

    @Test func aLinkToAFolderThatContainsItIsNotFollowedAndWarnedAbout() async throws {
        let site = try TestSite(["Site/index.md": "# Home\n", "Site/d/index.md": "# D\n", "Site/shared/a.md": "# A\n"])
        defer { site.remove() }
        let manager = FileManager.default
        try manager.createSymbolicLink(atPath: site.root.appendingPathComponent("Site/d/loop").path, withDestinationPath: "..")
        try manager.createSymbolicLink(
            atPath: site.root.appendingPathComponent("Site/d/shared").path, withDestinationPath: "../shared")
        let outcome = try await site.build()
        defer { outcome.staged.discard() }
        #expect(outcome.pageCount == 4, "index, d/index, shared/a and, through the link elsewhere, d/shared/a")
        let loops = outcome.diagnostics.filter { $0.rule == .symlinkLoop }.map(\.description)
        #expect(
            loops == ["Site/d/loop: warning: symbolic link to a folder that contains it (a loop): not followed [symlink-loop]"])
    }

    @Test func aLinkIntoAHiddenFolderSaysWhyItIsMissing() async throws {
        let site = try TestSite([
            "Site/index.md": "# Home\n\n[a](.well-known/assetlinks.json) [b](missing.json) [c](.hidden.md)\n",
            "Site/.well-known/assetlinks.json": "{}\n", "Site/.hidden.md": "# Hidden\n",
        ])
        defer { site.remove() }
        let outcome = try await site.build()
        defer { outcome.staged.discard() }
        let hidden = "(files and folders whose names start with '.' are not part of the site)"
        #expect(
            outcome.diagnostics.map(\.description) == [
                "Site/index.md:3:1: error: no file '.well-known/assetlinks.json' in the site \(hidden) [broken-link]",
                "Site/index.md:3:34: error: no file 'missing.json' in the site [broken-link]",
                "Site/index.md:3:52: error: no page '.hidden.md' in the site \(hidden) [broken-link]",
            ])
    }

    @Test(arguments: [
        (
            ["Site/Guide/a.md", "Site/guide/b.md"],
            "Site/guide/: error: 'guide/' and 'Guide/' differ only in letter case and collide on case-insensitive disks"
        ),
        (
            ["Site/Guide/a.md", "Site/guide/a.md"],
            "Site/guide/: error: 'guide/' and 'Guide/' differ only in letter case and collide on case-insensitive disks"
        ),
        (
            ["Site/docs/API/a.md", "Site/docs/Api/b.md"],
            "Site/docs/Api/: error: 'docs/Api/' and 'docs/API/' differ only in letter case and collide on case-insensitive disks"
        ),
        (
            ["Site/Intro.md", "Site/intro.md"],
            "Site/intro.md: error: 'intro.md' and 'Intro.md' differ only in letter case and collide on case-insensitive disks"
        ),
        (
            ["Site/caf\u{E9}.md", "Site/cafe\u{301}.md"],
            "Site/cafe\u{301}.md: error: 'cafe\u{301}.md' and 'caf\u{E9}.md' differ only in Unicode normalisation (one is composed, NFC, the other decomposed, NFD) and collide on macOS disks"
        ),
        (
            ["Site/caf\u{E9}/a.md", "Site/Cafe\u{301}/b.md"],
            "Site/caf\u{E9}/: error: 'caf\u{E9}/' and 'Cafe\u{301}/' differ only in letter case and Unicode normalisation and collide on case-insensitive disks"
        ),
    ])
    func namesThatCollideOnSomeDisksStopTheBuild(files: [String], expected: String) async throws {
        let site = try TestSite(["Site/index.md": "# Home\n"])
        defer { site.remove() }
        // One at a time: as dictionary keys, two spellings of `café` are one key.
        for file in files { try site.write("# Page\n", to: file) }
        await expectInputError(site, expected)
    }

    @Test(arguments: [
        ["Guide.md", "guide/a.md"], ["a/b/c.md", "a/B.md"], ["X.html", "X.html/y.png"], ["Docs/a.md", "Docs/b.md", "docs.md"],
        ["caf\u{E9}/a.md", "caf\u{E9}/b.md"],
    ])
    func namesThatDoNotCollide(paths: [String]) throws {
        try SiteScanner.checkCaseCollisions(paths, displayRoot: "Site/")
    }

    /// Read eight bytes at a time, a path may fold when any byte anywhere is `A`-`Z` or not ASCII.
    @Test func aPathMayFoldForAnUppercaseOrNonASCIIByteAnywhere() {
        let path = Array("guide/install-notes.md".utf8)
        #expect(!SiteScanner.mayFold(String(decoding: path, as: UTF8.self)))
        for place in [0, 5, 7, 8, 15, 16, 21] {
            for value in 0...0x7F {
                var changed = path
                changed[place] = UInt8(value)
                #expect(
                    SiteScanner.mayFold(String(decoding: changed, as: UTF8.self)) == (65...90).contains(value),
                    "\(value) at \(place)")
            }
            var accented = path
            accented.replaceSubrange(place...place, with: Array("é".utf8))
            #expect(SiteScanner.mayFold(String(decoding: accented, as: UTF8.self)), "é at \(place)")
        }
    }

    @Test func aFileAndAFolderCanCollide() {
        #expect(throws: InputError.self) {
            try SiteScanner.checkCaseCollisions(["LICENSE", "license/a.md"], displayRoot: "Site/")
        }
    }

    @Test func foldersAreListedOnceEach() {
        let paths = ["a/b/c.md", "a/b/d.md", "a/e.md", "f.md", "g/h/i/j.md", "a/b/k/l.md", "caf\u{E9}/x", "cafe\u{301}/y"]
        #expect(
            SiteScanner.folders(of: paths).sorted()
                == ["a", "a/b", "a/b/k", "caf\u{E9}", "cafe\u{301}", "g", "g/h", "g/h/i"].sorted())
        #expect(SiteScanner.folders(of: paths).count == 8)
    }

    @Test func foldersDeeperThanTheLimitAreAnInputErrorNotASilentGap() async throws {
        let limit = DirectoryWalker.maximumDepth
        let deepest = (1...limit).map { "d\($0)" }.joined(separator: "/")
        let fine = try TestSite([
            "Site/index.md": "# Home\n\n[leaf](\(deepest)/leaf.md)\n", "Site/\(deepest)/leaf.md": "# Leaf\n",
        ])
        defer { fine.remove() }
        let outcome = try await fine.build()
        outcome.staged.discard()
        #expect(outcome.pageCount == 2)
        let tooDeep = try TestSite(["Site/index.md": "# Home\n", "Site/\(deepest)/d\(limit + 1)/leaf.md": "# Leaf\n"])
        defer { tooDeep.remove() }
        await tooDeep.expectInputError(
            "Site/\(deepest)/d\(limit + 1): error: folder nested more than \(limit) levels deep, which sitegen does not read: move its pages up"
        )
    }
}
