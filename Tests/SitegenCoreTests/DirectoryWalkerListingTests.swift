import Foundation
import SitegenCore
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What the walk leaves out and says so: names that are not UTF-8, and symbolic links that loop
/// back to a folder that contains them.
@Suite struct DirectoryWalkerListingTests {
    /// A temporary folder with files made from raw name bytes, removed by `remove()` (Foundation
    /// cannot name what is not UTF-8).
    struct RawTree {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("walker-raw-\(UUID().uuidString)")

        init() throws { try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true) }

        private func withPath<T>(_ relative: [UInt8], _ body: (UnsafePointer<CChar>) -> T) -> T {
            let bytes = Array(root.path.utf8) + [UInt8(ascii: "/")] + relative + [0]
            return bytes.withUnsafeBufferPointer { $0.withMemoryRebound(to: CChar.self) { body($0.baseAddress!) } }
        }

        func file(_ relative: [UInt8]) {
            let descriptor = withPath(relative) { open($0, O_CREAT | O_WRONLY, 0o644) }
            #expect(descriptor >= 0)
            close(descriptor)
        }

        func folder(_ relative: [UInt8]) { #expect(withPath(relative) { mkdir($0, 0o755) } == 0) }
        func file(_ relative: String) { file(Array(relative.utf8)) }
        func folder(_ relative: String) { folder(Array(relative.utf8)) }

        func link(_ relative: String, to target: String) throws {
            try FileManager.default.createSymbolicLink(
                atPath: root.appendingPathComponent(relative).path, withDestinationPath: target)
        }

        func remove() {
            _ = try? Process.run(URL(fileURLWithPath: "/bin/rm"), arguments: ["-rf", root.path]).waitUntilExit()
        }
    }

    @Test func namesThatAreNotUTF8AreReportedEscapedAndNeitherListedNorEntered() throws {
        let tree = try RawTree()
        defer { tree.remove() }
        tree.file("good.md")
        tree.file(Array("bad".utf8) + [0xFF] + Array(".md".utf8))
        // Valid UTF-8 around the bad bytes stays as it is; a cut-off sequence is escaped byte by byte.
        tree.file(Array("é".utf8) + [0xE2, 0x82] + Array("x.png".utf8))
        tree.folder(Array("dir".utf8) + [0xFE])
        tree.file(Array("dir".utf8) + [0xFE] + Array("/inside.md".utf8))
        tree.file([UInt8(ascii: "."), 0xFF])
        let listing = DirectoryWalker.listing(below: tree.root.path)
        #expect(listing.entries.map(\.path) == ["good.md"])
        #expect(listing.invalidNames == ["bad\\xFF.md", "dir\\xFE", "é\\xE2\\x82x.png"])
        #expect(listing.loops.isEmpty)
        let pruned = DirectoryWalker.listing(below: tree.root.path) { path, _ in path.hasSuffix(".png") }
        #expect(pruned.invalidNames == ["bad\\xFF.md", "dir\\xFE"])
    }

    /// One loop per tree: without the check, two would be walked into each other exponentially.
    @Test(arguments: [("d/e/parent", ".."), ("d/e/top", "../.."), ("d/self", "."), ("d/e/d", "../../d")])
    func aLinkToItsOwnFolderOrAnAncestorIsNotFollowed(link: String, target: String) throws {
        let tree = try RawTree()
        defer { tree.remove() }
        for folder in ["c", "d", "d/e"] { tree.folder(folder) }
        for file in ["index.md", "d/e/page.md", "c/z.md"] { tree.file(file) }
        try tree.link(link, to: target)
        // A link to a folder elsewhere is followed, as before.
        try tree.link("d/c", to: "../c")
        let listing = DirectoryWalker.listing(below: tree.root.path)
        #expect(listing.entries.map(\.path) == ["c/z.md", "d/c/z.md", "d/e/page.md", "index.md"])
        #expect(listing.loops == [link])
        #expect(listing.invalidNames.isEmpty)
    }

    @Test func twoLinksThatLeadToEachOthersFolderLoopOneLinkLater() throws {
        let tree = try RawTree()
        defer { tree.remove() }
        for folder in ["a", "b"] { tree.folder(folder) }
        for file in ["a/x.md", "b/y.md"] { tree.file(file) }
        try tree.link("a/to-b", to: "../b")
        try tree.link("b/to-a", to: "../a")
        let listing = DirectoryWalker.listing(below: tree.root.path)
        #expect(listing.entries.map(\.path) == ["a/to-b/y.md", "a/x.md", "b/to-a/x.md", "b/y.md"])
        #expect(listing.loops == ["a/to-b/to-a", "b/to-a/to-b"])
    }

    @Test func aLoopReachedByTwoPathsIsReportedOnceAtTheShorter() throws {
        let tree = try RawTree()
        defer { tree.remove() }
        tree.folder("c")
        tree.file("c/z.md")
        try tree.link("c/self", to: ".")
        try tree.link("via", to: "c")
        let listing = DirectoryWalker.listing(below: tree.root.path)
        #expect(listing.entries.map(\.path) == ["c/z.md", "via/z.md"])
        #expect(listing.loops == ["c/self"])
    }

    @Test func aWatcherIsNotSentRoundALoop() throws {
        let tree = try RawTree()
        defer { tree.remove() }
        tree.folder("d")
        tree.file("d/page.md")
        try tree.link("d/loop", to: "..")
        let folders = DirectoryWalker.folders(below: tree.root.path)
        #expect(folders == [tree.root.path, tree.root.path + "/d"])
        #expect(DirectoryWalker.entries(below: tree.root.path).map(\.path) == ["d/page.md"])
    }
}
