import Foundation
import Testing

@testable import SitegenCore

@Suite struct FolderExchangeTests {
    private func scratch() throws -> URL {
        let parent = FileManager.default.temporaryDirectory.appendingPathComponent("sitegen-exchange-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: parent, withIntermediateDirectories: true)
        return parent
    }

    private func inode(_ url: URL) -> UInt64? {
        var info = stat()
        return stat(url.path, &info) == 0 ? UInt64(info.st_ino) : nil
    }

    @Test func twoFoldersSwapNamesInOneStep() throws {
        let parent = try scratch()
        defer { try? FileManager.default.removeItem(at: parent) }
        let first = parent.appendingPathComponent("first"), second = parent.appendingPathComponent("second")
        try FileManager.default.createDirectory(at: first, withIntermediateDirectories: false)
        try FileManager.default.createDirectory(at: second, withIntermediateDirectories: false)
        try Data("one".utf8).write(to: first.appendingPathComponent("a.txt"))
        try Data("two".utf8).write(to: second.appendingPathComponent("b.txt"))
        let (firstInode, secondInode) = (inode(first), inode(second))
        guard FolderExchange.exchange(first.path, second.path) else {
            print("skipped: this file system cannot exchange two paths (renameat2 RENAME_EXCHANGE)")
            return
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: first.path) == ["b.txt"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: second.path) == ["a.txt"])
        #expect(inode(first) == secondInode)
        #expect(inode(second) == firstInode)
    }

    @Test func aMissingPathIsNotExchangedAndTheOtherStays() throws {
        let parent = try scratch()
        defer { try? FileManager.default.removeItem(at: parent) }
        let present = parent.appendingPathComponent("present")
        try FileManager.default.createDirectory(at: present, withIntermediateDirectories: false)
        #expect(!FolderExchange.exchange(present.path, parent.appendingPathComponent("missing").path))
        #expect(FileManager.default.fileExists(atPath: present.path))
        #expect(!FileManager.default.fileExists(atPath: parent.appendingPathComponent("missing").path))
    }

    @Test func aCommitReplacesTheFolderAndLeavesNothingBeside() throws {
        let parent = try scratch()
        defer { try? FileManager.default.removeItem(at: parent) }
        let destination = parent.appendingPathComponent("dist")
        try FileManager.default.createDirectory(at: destination, withIntermediateDirectories: false)
        try Data(#"{"format": "sitegen-bundle"}"#.utf8).write(to: destination.appendingPathComponent("manifest.json"))
        try Data("old".utf8).write(to: destination.appendingPathComponent("old.html"))
        let staged = try StagedFolder.create(for: destination, displayPath: "dist/")
        try Data("new".utf8).write(to: staged.directory.appendingPathComponent("new.html"))
        let stagedInode = inode(staged.directory)
        try staged.commit()
        #expect(try FileManager.default.contentsOfDirectory(atPath: destination.path) == ["new.html"])
        #expect(inode(destination) == stagedInode)
        #expect(try FileManager.default.contentsOfDirectory(atPath: parent.path) == ["dist"])
    }

    /// A discarded output in folders the build made for it (`new/site/dist/`) takes them away again,
    /// up to the first folder that was there or holds something else; a committed one keeps them.
    @Test func aDiscardRemovesTheFoldersMadeForTheOutput() throws {
        let parent = try scratch()
        defer { try? FileManager.default.removeItem(at: parent) }
        let staged = try StagedFolder.create(
            for: parent.appendingPathComponent("new/site/dist"), displayPath: "new/site/dist/")
        try Data("x".utf8).write(to: staged.directory.appendingPathComponent("a.html"))
        staged.discard()
        #expect(try FileManager.default.contentsOfDirectory(atPath: parent.path) == [])

        let again = try StagedFolder.create(
            for: parent.appendingPathComponent("new/site/dist"), displayPath: "new/site/dist/")
        try Data("notes".utf8).write(to: parent.appendingPathComponent("new/notes.txt"))
        again.discard()
        #expect(try FileManager.default.contentsOfDirectory(atPath: parent.appendingPathComponent("new").path) == ["notes.txt"])

        let kept = try StagedFolder.create(
            for: parent.appendingPathComponent("other/dist"), displayPath: "other/dist/")
        try kept.commit()
        #expect(try FileManager.default.contentsOfDirectory(atPath: parent.appendingPathComponent("other").path) == ["dist"])
    }
}
