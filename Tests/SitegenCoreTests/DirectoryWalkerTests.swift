import Foundation
import Testing

@testable import SitegenCore

/// The walk lists files in the order of their full paths, though it sorts each folder on its own,
/// and follows only the symbolic links that stay inside the root.
@Suite struct DirectoryWalkerTests {
    private func makeTree(_ files: [String]) throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("walker-\(UUID().uuidString)")
        for file in files {
            let url = root.appendingPathComponent(file)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(file.utf8).write(to: url)
        }
        return root
    }

    @Test func filesComeInFullPathOrder() throws {
        // Names that sort differently one folder at a time than as whole paths, unless folders
        // sort with their `/`: `-` and `.` come before `/`, `0` and letters after it.
        let files = [
            "a.md", "a-b.md", "a/x.md", "a/b/c.md", "a/b.md", "a0.md", "a/-.md", "a b/z.md", "a!.md", "B.md", "b/a.md",
            "guía/ñandú.md", "guía.md", "guíа/x.md", "z/y/x/w.md", "z/y.md", "z/y-x/w.md", "Z.md", "_x/a.md", "~.md",
            "日本/索引.md", "日本.md",
        ]
        let root = try makeTree(files)
        defer { try? FileManager.default.removeItem(at: root) }
        let walked = DirectoryWalker.files(below: root.path)
        #expect(walked == files.sorted())
        #expect(walked.count == files.count)
    }

    /// Two files of one size and the same times swap places when their folders do (renaming a
    /// folder leaves its files' times alone), and a symbolic link pointed at another file keeps
    /// its own times: the walk tells which file sits at each path, and the stamp moves with it.
    @Test func anotherFileAtAPathMovesItsStampWhateverItsTimes() throws {
        let root = try makeTree(["v1/index.md", "v2/index.md"])
        defer { try? FileManager.default.removeItem(at: root) }
        let manager = FileManager.default
        try manager.createSymbolicLink(atPath: root.appendingPathComponent("latest.md").path, withDestinationPath: "v1/index.md")
        func walk() -> [String: DirectoryWalker.Entry] {
            Dictionary(uniqueKeysWithValues: DirectoryWalker.entries(below: root.path).map { ($0.path, $0) })
        }
        let before = walk()
        try manager.moveItem(at: root.appendingPathComponent("v1"), to: root.appendingPathComponent("tmp"))
        try manager.moveItem(at: root.appendingPathComponent("v2"), to: root.appendingPathComponent("v1"))
        try manager.moveItem(at: root.appendingPathComponent("tmp"), to: root.appendingPathComponent("v2"))
        try manager.removeItem(at: root.appendingPathComponent("latest.md"))
        try manager.createSymbolicLink(atPath: root.appendingPathComponent("latest.md").path, withDestinationPath: "v1/index.md")
        let after = walk()
        #expect(before["v1/index.md"]?.identity != before["v2/index.md"]?.identity)
        #expect(after["v1/index.md"]?.identity == before["v2/index.md"]?.identity)
        #expect(after["v2/index.md"]?.identity == before["v1/index.md"]?.identity)
        #expect(after["latest.md"]?.identity == before["v2/index.md"]?.identity, "the link shows the file it leads to")
        // The times alone cannot tell: a clock tick holds many writes.
        let one = DirectoryWalker.Entry(path: "v1/index.md", size: 6, modified: 5, changed: 9, identity: 1)
        var other = one
        other.identity = 2
        #expect(one.stamp != other.stamp)
        other.identity = 1
        other.changed = 10
        #expect(one.stamp != other.stamp)
    }

    /// Walked a top folder per core, a tree lists the same as walked on one: files, links inside
    /// the root, loops, names that are not UTF-8, pruned folders.
    @Test func theParallelWalkListsWhatTheSerialOneDoes() throws {
        let files = (0..<40).map { "section-\($0 % 7)/part-\($0 % 3)/page-\($0).md" } + ["top.md", "skip/x.md", "deep/a/b/c.md"]
        let root = try makeTree(files)
        defer { try? FileManager.default.removeItem(at: root) }
        let manager = FileManager.default
        try manager.createSymbolicLink(atPath: root.appendingPathComponent("section-1/up").path, withDestinationPath: "..")
        try manager.createSymbolicLink(atPath: root.appendingPathComponent("alias").path, withDestinationPath: "section-2")
        try manager.createSymbolicLink(
            atPath: root.appendingPathComponent("section-3/back").path, withDestinationPath: "../section-4")
        let invalid = root.path + "/section-5/"
        let name: [UInt8] = Array("bad".utf8) + [0xFF] + Array(".md".utf8)
        let fd = (invalid.utf8 + name + [0]).withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { open($0.baseAddress!, O_CREAT | O_WRONLY, 0o644) }
        }
        #expect(fd >= 0)
        close(fd)
        let skip: @Sendable (String, Bool) -> Bool = { path, _ in path == "skip" }
        let serial = DirectoryWalker.listing(below: root.path, skip: skip)
        let parallel = DirectoryWalker.listingInParallel(below: root.path, skip: skip)
        #expect(parallel == serial)
        // The 40 pages, two more, and the six pages each of section-2 and section-4 again through links.
        #expect(serial.entries.count == 40 + 2 + 6 + 6)
        #expect(serial.invalidNames == ["section-5/bad\\xFF.md"])
        #expect(!serial.loops.isEmpty)
    }

    /// Top folders and files whose names sort around one another (`a-`, `a`, `a.b`, `a0` beside
    /// `a.md` and `a-b.md`; `/` sorts after `-` and `.`, before digits and letters): the walk that
    /// sorts each top folder apart and joins the runs lists in the bytes' order of the whole paths,
    /// as the serial walk, and falls back to one sort when a name is not ASCII.
    @Test func foldersSortedApartJoinInTheOrderOfTheWholePaths() throws {
        let files = [
            "a-/x.md", "a/x.md", "a/y/z.md", "a.b/x.md", "a0/x.md", "ab/x.md", "a.md", "a-b.md", "a0.md", "b.md", "A/x.md",
            "_/x.md", "a~.md",
        ]
        let root = try makeTree(files)
        defer { try? FileManager.default.removeItem(at: root) }
        let parallel = DirectoryWalker.listingInParallel(below: root.path) { _, _ in false }
        let bytesOrder = files.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        #expect(parallel.entries.map(\.path) == bytesOrder)
        #expect(parallel == DirectoryWalker.listing(below: root.path))
        let other = try makeTree(files + ["é/x.md", "f/é.md"])
        defer { try? FileManager.default.removeItem(at: other) }
        #expect(
            DirectoryWalker.listingInParallel(below: other.path) { _, _ in false }
                == DirectoryWalker.listing(below: other.path))
    }

    @Test func linksAreFollowedOnlyInsideTheRoot() throws {
        let root = try makeTree(["inside/page.md", "top.md"])
        let outside = try makeTree(["secret.md"])
        defer {
            try? FileManager.default.removeItem(at: root)
            try? FileManager.default.removeItem(at: outside)
        }
        let manager = FileManager.default
        try manager.createSymbolicLink(
            at: root.appendingPathComponent("linked"), withDestinationURL: root.appendingPathComponent("inside"))
        try manager.createSymbolicLink(at: root.appendingPathComponent("escape"), withDestinationURL: outside)
        try manager.createSymbolicLink(
            at: root.appendingPathComponent("alias.md"), withDestinationURL: root.appendingPathComponent("top.md"))
        try manager.createSymbolicLink(
            at: root.appendingPathComponent("leak.md"), withDestinationURL: outside.appendingPathComponent("secret.md"))
        let walked = DirectoryWalker.files(below: root.path)
        #expect(walked == ["alias.md", "inside/page.md", "linked/page.md", "top.md"])
    }

    @Test func foldersAreTheOnesTheWalkEnters() throws {
        let root = try makeTree(["a/b/c.md", "a/d.md", "e/f.md", ".git/x", "g/.cache/y", "top.md"])
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createDirectory(at: root.appendingPathComponent("empty"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            at: root.appendingPathComponent("linked"), withDestinationURL: root.appendingPathComponent("e"))
        let folders = DirectoryWalker.folders(below: root.path)
        #expect(folders.first == root.path)
        let relative = folders.dropFirst().map { String($0.dropFirst(root.path.count + 1)) }.sorted()
        #expect(relative == ["a", "a/b", "e", "empty", "g", "linked"])
        #expect(DirectoryWalker.folders(below: root.appendingPathComponent("missing").path).isEmpty)
    }
}

@Suite struct EntryPathTests {
    @Test func joinsAFolderAndANameWithOneSlash() {
        func joined(_ folder: String, _ name: String) -> String {
            Array(name.utf8).withUnsafeBytes { EntryPath.joined(folder, $0) }
        }
        #expect(joined("", "a.md") == "a.md")
        #expect(joined("guide", "a.md") == "guide/a.md")
        #expect(joined("guide/", "a.md") == "guide/a.md")
        #expect(joined("guide/deep", "caf\u{E9}.md") == "guide/deep/caf\u{E9}.md")
    }
}
