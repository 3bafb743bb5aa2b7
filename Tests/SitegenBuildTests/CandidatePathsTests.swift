import SitegenCore
import Testing

@testable import SitegenBuild

/// The scan behind a broken link's suggestions finds what an index by folder, name and case would.
@Suite struct CandidatePathsTests {
    let candidates = CandidatePaths(paths: [
        "guide/Install.md", "guide/usage.md", "guide/install.html", "ref/install.md", "Über/Straße.md", "index.md",
        "guide/a/b.md",
    ])

    @Test func sameIgnoringCaseFindsTheFirstInSortedOrder() {
        #expect(candidates.sameIgnoringCase(as: "guide/install.md") == "guide/Install.md")
        #expect(candidates.sameIgnoringCase(as: "GUIDE/INSTALL.HTML") == "guide/install.html")
        #expect(candidates.sameIgnoringCase(as: "über/straße.md") == "Über/Straße.md")
        #expect(candidates.sameIgnoringCase(as: "guide/instal.md") == nil)
        #expect(candidates.sameIgnoringCase(as: "guide-install.md") == nil)
    }

    @Test func nearbyListsTheFolderThenTheSameNameElsewhere() {
        #expect(
            candidates.nearby("guide/instal.md")
                == ["guide/Install.md", "guide/install.html", "guide/usage.md"])
        #expect(
            candidates.nearby("other/install.md")
                == ["guide/Install.md", "ref/install.md"])
        #expect(candidates.nearby("install.md") == ["index.md", "guide/Install.md", "ref/install.md"])
        #expect(candidates.nearby("über/STRASSE.md").isEmpty)
        #expect(candidates.nearby("Über/straße.md") == ["Über/Straße.md", "Über/Straße.md"])
    }
}

extension CandidatePathsTests {
    /// A folder's missing page (`posts/` asks for `posts/index.html`) is the page named like the
    /// folder (`posts.html`, as Hugo's ugly URLs write it), not the folder's feed; a page of another
    /// extension still comes first.
    @Test func aFolderPageIsSuggestedBeforeAFileOfTheFolderThatIsNoPage() {
        let hugo = CandidatePaths(paths: ["posts.html", "posts/index.xml", "docs/index.htm", "docs.html"])
        #expect(hugo.suggestions(for: "posts/index.html") == ["posts.html"])
        #expect(hugo.suggestions(for: "docs/index.html") == ["docs/index.htm"])
        #expect(CandidatePaths(paths: ["posts/index.xml"]).suggestions(for: "posts/index.html") == ["posts/index.xml"])
    }

    /// Random paths and queries (folders, names, letter case, non-ASCII, misspelt paths): the scan
    /// of bytes and the string scan agree, as do the lookups once the paths are indexed.
    @Test(arguments: [Int.max, 0])
    func agreesWithTheStringScanOnRandomPaths(scansBeforeIndexing: Int) {
        let parts = [
            "guide", "Guide", "ref", "a", "b.md", "B.md", "install.md", "Über", "straße.md", "index.md", "x y.md", "install",
            "b.html", "b.png", "index.html", "guide.md", "U\u{308}ber", "stra\u{DF}e.MD",
        ]
        var state: UInt64 = 3
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        func randomPath() -> String { (0..<(1 + next(3))).map { _ in parts[next(parts.count)] }.joined(separator: "/") }
        let paths = (0..<400).map { _ in randomPath() }
        let scan = CandidatePaths(paths: paths, scansBeforeIndexing: scansBeforeIndexing)
        let reference = ReferenceCandidatePaths(paths: paths)
        let unindexed = CandidatePaths(paths: paths, scansBeforeIndexing: .max)
        // A path with two neighbouring characters swapped, or one dropped or doubled, that is still a
        // path of a site (no empty folder name).
        func misspelt(_ path: String) -> String {
            var bytes = Array(path.utf8)
            let at = next(bytes.count)
            switch next(3) {
            case 0 where at + 1 < bytes.count: bytes.swapAt(at, at + 1)
            case 1: bytes.remove(at: at)
            default: bytes.insert(bytes[at], at: at)
            }
            let spelt = String(decoding: bytes, as: UTF8.self)
            return spelt.split(separator: "/", omittingEmptySubsequences: false).contains("") ? path : spelt
        }
        for round in 0..<600 {
            let query = round.isMultiple(of: 2) ? randomPath() : misspelt(paths[next(paths.count)])
            #expect(scan.sameIgnoringCase(as: query) == reference.sameIgnoringCase(as: query), "\(query)")
            #expect(scan.canonicallyEquivalent(to: query) == unindexed.canonicallyEquivalent(to: query), "\(query)")
            #expect(scan.nearby(query) == reference.nearby(query), "\(query)")
            // The suggestion, made from bytes, is the string search's over the same paths.
            #expect(scan.suggestions(for: query) == reference.suggestions(for: query), "\(query)")
        }
    }
}

/// The scan as it was before it worked on one byte buffer, verbatim: what the new one must agree with.
struct ReferenceCandidatePaths {
    let paths: [String]

    init(paths: [String]) { self.paths = paths }

    /// The first path, in sorted order, equal to `path` but for letter case.
    func sameIgnoringCase(as path: String) -> String? {
        let wanted = Array(path.utf8)
        let ascii = wanted.allSatisfy { $0 < 0x80 }
        let folded = ascii ? [] : Array(path.lowercased().utf8)
        var best: String?
        for candidate in paths {
            let matches: Bool
            if ascii {
                matches = candidate.utf8.count == wanted.count && Self.equalIgnoringASCIICase(candidate.utf8, wanted)
            } else {
                matches = Array(candidate.lowercased().utf8) == folded
            }
            if matches, best.map({ candidate < $0 }) ?? true { best = candidate }
        }
        return best
    }

    /// Its name with the nearest other extensions, else the nearest nearby paths, else a folder index's
    /// folder with the nearest extensions, each the slow way.
    func suggestions(for path: String) -> [String] {
        func withExtension(_ stem: String, nearestTo wanted: String, itself: Bool = true) -> [String] {
            guard !stem.isEmpty, !stem.hasSuffix("/") else { return [] }
            let found = paths.compactMap { path -> (Int, String)? in
                guard path.utf8.starts(with: (stem + ".").utf8) else { return nil }
                let rest = String(decoding: path.utf8.dropFirst(stem.utf8.count + 1), as: UTF8.self)
                guard !rest.isEmpty, !rest.contains("/"), !rest.contains("."), !itself || rest != wanted else { return nil }
                return (Suggestion.distance(Array(rest.utf8), Array(wanted.utf8), limit: .max)!, path)
            }
            guard let best = found.map(\.0).min() else { return [] }
            let names = Set(found.filter { $0.0 == best }.map(\.1)).sorted()
            return names.count <= 3 ? names : []
        }
        let folder = path.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/")
        let name = String(path.split(separator: "/", omittingEmptySubsequences: false).last!)
        let dot = name.lastIndex(of: ".").flatMap { $0 > name.startIndex ? $0 : nil }
        let prefix = folder.isEmpty && !path.hasPrefix("/") ? "" : folder + "/"
        let renamed =
            dot.map { withExtension(prefix + name[..<$0], nearestTo: String(name[name.index(after: $0)...])) }
            ?? withExtension(path, nearestTo: "")
        if !renamed.isEmpty { return renamed }
        let inFolder = paths.filter {
            $0.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/").utf8.elementsEqual(
                folder.utf8)
        }
        if !name.hasPrefix("index.") {
            let moved = Set(nearby(path).filter { candidate in !inFolder.contains { $0.utf8.elementsEqual(candidate.utf8) } })
            if (1...3).contains(moved.count) { return moved.sorted() }
        }
        let near = Suggestion.nearest(to: path, in: inFolder)
        if !near.isEmpty { return near }
        if !name.contains("."), !path.hasSuffix("/") {
            for pageExtension in ["htm", "html", "md", "xhtml"] {
                let near = Suggestion.nearest(to: path + "." + pageExtension, in: inFolder)
                if !near.isEmpty { return near }
            }
        }
        if Suggestion.limit(for: path) > 0 {
            let swapped = Set(inFolder.filter { Suggestion.isTransposition(of: path, $0) })
            if (1...3).contains(swapped.count) { return swapped.sorted() }
        }
        if !name.hasPrefix("index.") || folder.isEmpty { return [] }
        return withExtension(folder, nearestTo: String(name.dropFirst(6)), itself: false)
    }

    /// The paths in the folder of `path`, then the paths named like it (ignoring case) in any folder,
    /// each group sorted.
    func nearby(_ path: String) -> [String] {
        let bytes = Array(path.utf8)
        let slash = bytes.lastIndex(of: UInt8(ascii: "/"))
        let folder = slash.map { Array(bytes[..<$0]) } ?? []
        let name = slash.map { Array(bytes[($0 + 1)...]) } ?? bytes
        let nameIsASCII = name.allSatisfy { $0 < 0x80 }
        let foldedName = String(decoding: name, as: UTF8.self).lowercased()
        var inFolder: [String] = []
        var named: [String] = []
        for var candidate in paths {
            let (isInFolder, isNamed) = candidate.withUTF8 { utf8 in
                let candidateSlash = utf8.lastIndex(of: UInt8(ascii: "/"))
                let candidateFolder = candidateSlash.map { utf8[..<$0] } ?? utf8[0..<0]
                let candidateName = candidateSlash.map { utf8[($0 + 1)...] } ?? utf8[...]
                let sameName =
                    nameIsASCII
                    ? candidateName.count == name.count && Self.equalIgnoringASCIICase(candidateName, name)
                    : String(decoding: candidateName, as: UTF8.self).lowercased() == foldedName
                return (candidateFolder.elementsEqual(folder), sameName)
            }
            if isInFolder { inFolder.append(candidate) }
            if isNamed { named.append(candidate) }
        }
        return inFolder.sorted() + named.sorted()
    }

    private static func equalIgnoringASCIICase(_ a: some Sequence<UInt8>, _ b: some Sequence<UInt8>) -> Bool {
        zip(a, b).allSatisfy { x, y in
            x == y || (x | 0x20 == y | 0x20 && (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(x | 0x20))
        }
    }
}

extension CandidatePathsTests {
    /// The same name with another extension, or a page named like a folder, as Hugo and MkDocs write
    /// links: nearest extension first, ties all named.
    @Test func otherExtensionsAndPrettyURLs() {
        let site = CandidatePaths(paths: [
            "index.md", "install.md", "install.html", "images/logo.svg", "images/diagram.png", "images/icon.gif",
            "images/icon.svg", "guide/a.md",
        ])
        #expect(site.suggestions(for: "install") == ["install.md"])
        #expect(site.suggestions(for: "install.htm") == ["install.html"])
        #expect(site.suggestions(for: "install/index.md") == ["install.md"])
        #expect(site.suggestions(for: "install/index.html") == ["install.html"])
        #expect(site.suggestions(for: "images/logo.png") == ["images/logo.svg"])
        #expect(site.suggestions(for: "images/icon.bmp") == ["images/icon.gif", "images/icon.svg"])
        #expect(site.suggestions(for: "images/diagram.jpg") == ["images/diagram.png"])
        #expect(site.suggestions(for: "logo.png").isEmpty, "another folder's")
        #expect(site.suggestions(for: "guide/index.md").isEmpty, "no guide.md")
        #expect(site.suggestions(for: "guide.md/index.md").isEmpty)
    }

    /// A page moved keeps its name: the very name elsewhere comes before a near name of the link's
    /// folder; two swapped letters are one slip, even in a name too short for two edits.
    @Test func aMovedPageBeforeANearNameAndSwappedLetters() {
        let site = CandidatePaths(paths: [
            "guide/secrets-update.md", "reference/secrets-create.md", "a/logs-get.md", "b/logs-get.md", "c/logs-get.md",
            "d/logs-get.md", "cli/build.md", "cli/index.md", "café.md", "ab.md",
        ])
        #expect(site.suggestions(for: "guide/secrets-create.md") == ["reference/secrets-create.md"])
        #expect(site.suggestions(for: "logs-get.md").isEmpty, "four copies are a guess")
        #expect(site.suggestions(for: "cli/biuld.md") == ["cli/build.md"])
        #expect(site.suggestions(for: "cli/buidl.md") == ["cli/build.md"])
        #expect(site.suggestions(for: "cfaé.md") == ["café.md"])
        #expect(site.suggestions(for: "ba.md").isEmpty, "no guess for a two-letter name")
        #expect(site.suggestions(for: "cli/buil") == ["cli/build.md"], "written without its extension")
    }

    /// A page moved to another folder keeps its name: named however far the folders are, up to three.
    @Test func theSameNameInOtherFolders() {
        let site = CandidatePaths(paths: [
            "index.md", "reference/configuration/setup.md", "guide/install.md", "a/x.md", "b/x.md", "c/x.md", "d/y.md",
            "e/y.md", "f/y.md", "g/y.md",
        ])
        #expect(site.suggestions(for: "setup.md") == ["reference/configuration/setup.md"])
        #expect(site.suggestions(for: "tutorials/Install.md") == ["guide/install.md"])
        #expect(site.suggestions(for: "x.md") == ["a/x.md", "b/x.md", "c/x.md"])
        #expect(site.suggestions(for: "y.md").isEmpty, "four are a guess")
    }
}
