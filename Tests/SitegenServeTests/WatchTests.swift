import Foundation
import SitegenServe
import Testing

@Suite struct WatchTests {
    /// A folder with `a.md` and `guide/b.md`, removed when the test ends.
    private final class Folder {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("serve-watch-\(UUID().uuidString)")

        init() throws {
            try FileManager.default.createDirectory(at: root.appendingPathComponent("guide"), withIntermediateDirectories: true)
            try write("a.md", "# A\n")
            try write("guide/b.md", "# B\n")
        }

        deinit { try? FileManager.default.removeItem(at: root) }

        func write(_ path: String, _ text: String) throws {
            try Data(text.utf8).write(to: root.appendingPathComponent(path))
        }

        func full(_ path: String) -> String { root.appendingPathComponent(path).path }
    }

    @Test func snapshotsNameWhatWasAddedRemovedOrChanged() throws {
        let folder = try Folder()
        let before = TreeSnapshot(roots: [folder.root])
        #expect(before.count == 2)
        #expect(before.changes(to: TreeSnapshot(roots: [folder.root])).isEmpty)

        try folder.write("guide/b.md", "# B, longer\n")
        try folder.write("c.md", "# C\n")
        try FileManager.default.removeItem(at: folder.root.appendingPathComponent("a.md"))
        let after = TreeSnapshot(roots: [folder.root])
        #expect(before.changes(to: after) == [folder.full("a.md"), folder.full("c.md"), folder.full("guide/b.md")])
        #expect(after.changes(to: before) == [folder.full("a.md"), folder.full("c.md"), folder.full("guide/b.md")])
    }

    @Test func anEditThatKeepsSizeAndModificationTimeIsAChange() throws {
        let folder = try Folder()
        let path = folder.full("a.md")
        var kept = stat()
        #expect(stat(path, &kept) == 0)
        let before = TreeSnapshot(roots: [folder.root])
        Thread.sleep(forTimeInterval: 0.01)
        try folder.write("a.md", "# Z\n")
        // The modification time set back to the nanosecond, as `touch -d` can; the status-change
        // time cannot be.
        var times = [kept.st_atim, kept.st_mtim]
        #expect(utimensat(AT_FDCWD, path, &times, 0) == 0)
        #expect(before.changes(to: TreeSnapshot(roots: [folder.root])) == [path])
    }

    @Test func hiddenFilesAreNoChange() throws {
        let folder = try Folder()
        let before = TreeSnapshot(roots: [folder.root])
        try folder.write(".a.md.swp", "editor state")
        try FileManager.default.createDirectory(at: folder.root.appendingPathComponent(".git"), withIntermediateDirectories: true)
        try folder.write(".git/index", "x")
        #expect(before.changes(to: TreeSnapshot(roots: [folder.root])).isEmpty)
    }

    @Test func aFileWhoseNameIsNotUTF8IsAChange() throws {
        let folder = try Folder()
        let before = TreeSnapshot(roots: [folder.root])
        let path = Array(folder.root.path.utf8) + Array("/bad".utf8) + [0xFF, 0]
        let descriptor = path.withUnsafeBufferPointer {
            $0.withMemoryRebound(to: CChar.self) { open($0.baseAddress!, O_CREAT | O_WRONLY, 0o644) }
        }
        #expect(descriptor >= 0)
        close(descriptor)
        #expect(before.changes(to: TreeSnapshot(roots: [folder.root])) == [folder.root.path + "/bad\\xFF"])
    }

    @Test func aMissingRootIsEmptyAndItsFilesAppearWhenItDoes() throws {
        let folder = try Folder()
        let missing = folder.root.appendingPathComponent("theme")
        let before = TreeSnapshot(roots: [folder.root, missing])
        #expect(before.count == 2)
        try FileManager.default.createDirectory(at: missing, withIntermediateDirectories: true)
        try folder.write("theme/page.html", "<p>")
        #expect(before.changes(to: TreeSnapshot(roots: [folder.root, missing])) == [folder.full("theme/page.html")])
    }

    #if os(Linux)
        @Test func eventsSayWhenSomethingBelowChanged() throws {
            let folder = try Folder()
            let events = FolderEvents(roots: [folder.root])
            #expect(events.isWatching)
            // The first ask is yes: what happened before the watch began is not known.
            #expect(events.mayHaveChanged())
            #expect(!events.mayHaveChanged())

            try folder.write("guide/b.md", "# B, edited\n")
            #expect(events.mayHaveChanged())
            #expect(!events.mayHaveChanged())

            // A folder made later is watched from the ask that saw it made.
            try FileManager.default.createDirectory(
                at: folder.root.appendingPathComponent("new/deeper"), withIntermediateDirectories: true)
            #expect(events.mayHaveChanged())
            #expect(!events.mayHaveChanged())
            try folder.write("new/deeper/c.md", "# C\n")
            #expect(events.mayHaveChanged())

            try FileManager.default.removeItem(at: folder.root.appendingPathComponent("a.md"))
            #expect(events.mayHaveChanged())
            #expect(!events.mayHaveChanged())
        }

        @Test func waitingForEventsReturnsWhenOneComes() async throws {
            let folder = try Folder()
            let events = FolderEvents(roots: [folder.root])
            // Before the first ask there is no waiting: that ask answers yes anyway.
            #expect(try await events.waitForEvents(timeout: .seconds(60)))
            #expect(events.mayHaveChanged())
            let path = folder.root.appendingPathComponent("guide/b.md")
            Task {
                try await Task.sleep(for: .milliseconds(30))
                try Data("# B, edited\n".utf8).write(to: path)
            }
            #expect(try await events.waitForEvents(timeout: .seconds(60)))
            // The write's later events (closing the file) come within moments, as for the watcher.
            try await Task.sleep(for: .milliseconds(50))
            #expect(events.mayHaveChanged())
            // Nothing more comes: the wait ends with its timeout.
            #expect(try await !events.waitForEvents(timeout: .milliseconds(50)))
            #expect(!events.mayHaveChanged())
        }
    #endif

    @Test func withAMissingRootEveryAskIsYes() throws {
        let folder = try Folder()
        let events = FolderEvents(roots: [folder.root, folder.root.appendingPathComponent("theme")])
        #expect(!events.isWatching)
        #expect(events.mayHaveChanged())
        #expect(events.mayHaveChanged())
    }
}
