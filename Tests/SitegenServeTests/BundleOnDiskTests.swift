import Foundation
import SitegenBundle
import Synchronization
import Testing

@testable import SitegenServe

/// A bundle rebuilt on disk while it is served, as sitegen commits one: by renaming new files in
/// and a new manifest last, or a whole new folder in place of the old.
@Suite struct BundleOnDiskTests {
    /// A bundle folder with a manifest, removed when the test ends. Its files are dated two hours
    /// back and its manifest one, as a build leaves them (files first, manifest last).
    private final class TestBundle {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("serve-bundle-\(UUID().uuidString)")

        init(_ files: [String: String]) async throws {
            try await write(files, to: root)
        }

        deinit { try? FileManager.default.removeItem(at: root) }

        func write(_ files: [String: String], to folder: URL) async throws {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            for (path, text) in files {
                try Data(text.utf8).write(to: folder.appendingPathComponent(path))
                try Self.date(folder.appendingPathComponent(path), hoursAgo: 2)
            }
            try await commitManifest(of: folder)
        }

        /// Writes the manifest of what `folder` holds now and renames it in.
        func commitManifest(of folder: URL? = nil) async throws {
            let folder = folder ?? root
            let manifest = try await Manifest.scan(
                bundle: folder, origin: BundleOrigin(), entryPath: "index.html", generator: "test")
            let staged = folder.appendingPathComponent(".manifest.json.new")
            try manifest.encoded().write(to: staged)
            try Self.date(staged, hoursAgo: 1)
            try Self.rename(staged, folder.appendingPathComponent(Manifest.fileName))
        }

        /// Replaces a file the way a rebuild does: a new file, written now, renamed over it.
        func replace(_ path: String, with text: String) throws {
            let staged = root.appendingPathComponent(".\(path).new")
            try Data(text.utf8).write(to: staged)
            try Self.rename(staged, root.appendingPathComponent(path))
        }

        private static func date(_ file: URL, hoursAgo: Double) throws {
            try FileManager.default.setAttributes(
                [.modificationDate: Date(timeIntervalSinceNow: -hoursAgo * 3600)], ofItemAtPath: file.path)
        }

        static func rename(_ from: URL, _ to: URL) throws {
            try #require(Foundation.rename(from.path, to.path) == 0)
        }
    }

    private func get(
        _ responder: Responder, _ target: String, method: String = "GET", _ headers: [(name: String, value: String)] = []
    ) async -> PreviewResponse {
        await responder.respond(to: HTTPRequest(method: method, target: target, headers: [("Host", "x")] + headers))
    }

    private func served(_ bundle: TestBundle) throws -> ServedBundle {
        ServedBundle(
            resolver: try SchemeResolver(bundle: bundle.root),
            manifestModified: ManifestStamp(bundle: bundle.root).manifestModified)
    }

    private func bytes(_ body: PreviewResponse.Body) throws -> [UInt8] {
        switch body {
        case .file(let file, let range): try file.read(at: range.lowerBound, count: range.count)
        case .bytes(let data): [UInt8](data)
        case .none, .eventStream: []
        }
    }

    @Test func aFileRenamedInBeforeItsManifestIsTaggedWithItsOwnBytes() async throws {
        let bundle = try await TestBundle(["index.html": "<html><body>one</body></html>", "data.bin": "0123456789"])
        let responder = Responder(bundle: try served(bundle), liveReload: false, digests: FileDigests())
        let first = await get(responder, "/data.bin")
        let oldTag = try #require(first.head.headers["ETag"])
        #expect(oldTag == "\"\(SHA256.hex(Data("0123456789".utf8)))\"")
        #expect(await get(responder, "/data.bin", [("If-None-Match", oldTag)]).head.status == 304)

        // Mid-rebuild: the new bytes are in, the manifest still names the old ones.
        try bundle.replace("data.bin", with: "9876543210")
        let changed = await get(responder, "/data.bin", [("If-None-Match", oldTag)])
        #expect(changed.head.status == 200)
        let newTag = "\"\(SHA256.hex(Data("9876543210".utf8)))\""
        #expect(changed.head.headers["ETag"] == newTag)
        #expect(try bytes(changed.body) == Array("9876543210".utf8))
        #expect(await get(responder, "/data.bin", [("If-None-Match", newTag)]).head.status == 304)
        let part = await get(responder, "/data.bin", [("Range", "bytes=2-4")])
        #expect(part.head.status == 206)
        #expect(part.head.headers["ETag"] == newTag)
        #expect(try bytes(part.body) == Array("765".utf8))

        // A live page that grew: length, tag and body all describe the new page as sent.
        let live = Responder(bundle: try served(bundle), liveReload: true, digests: FileDigests())
        let oldPage = try #require(await get(live, "/index.html").head.headers["ETag"])
        let page = "<html><body>two, and longer</body></html>"
        try bundle.replace("index.html", with: page)
        let reply = await get(live, "/index.html", [("If-None-Match", oldPage)])
        #expect(reply.head.status == 200)
        #expect(reply.head.headers["ETag"] == "\"\(SHA256.hex(Data(page.utf8)))-live-0\"")
        #expect(reply.head.headers["Content-Length"] == String(page.utf8.count + LiveReloadScript.tag(build: 0).count))
        #expect(try bytes(reply.body) == [UInt8](LiveReloadScript.inject(into: Data(page.utf8), build: 0)))
        #expect(
            await get(live, "/index.html", method: "HEAD").head.headers["Content-Length"] == reply.head.headers["Content-Length"])
    }

    /// A manifest replaced by one that does not read leaves the last bundle served, and says so once.
    @Test func aBrokenManifestIsSaidOnceAndTheLastBundleServed() async throws {
        let bundle = try await TestBundle(["index.html": "<p>one</p>"])
        let heard = Mutex<[String]>([])
        let folder = try BundleFolder(directory: bundle.root) { error in heard.withLock { $0.append("\(error)") } }
        let manifest = bundle.root.appendingPathComponent(Manifest.fileName)
        try Data("{ not json".utf8).write(to: manifest)
        for _ in 0..<3 {
            #expect(try await folder.current().resolver.resolve("docs://app/index.html").get().path == "index.html")
        }
        #expect(heard.withLock { $0 }.count == 1)
        #expect(heard.withLock { $0 }.first?.contains("not valid JSON") == true, "\(heard.withLock { $0 })")
    }

    @Test func aFolderFollowsItsManifestThroughBothKindsOfCommit() async throws {
        let bundle = try await TestBundle(["index.html": "<p>one</p>", "old.html": "<p>old</p>"])
        let folder = try BundleFolder(directory: bundle.root)
        #expect(try await folder.current().resolver.resolve("docs://app/old.html").get().path == "old.html")
        let unchanged = await folder.current()
        #expect(unchanged.resolver.manifest == (await folder.current()).resolver.manifest)

        // In place: new and changed files renamed in, removed ones deleted, the manifest last.
        try bundle.replace("index.html", with: "<p>two</p>")
        try bundle.replace("new.html", with: "<p>new</p>")
        try FileManager.default.removeItem(at: bundle.root.appendingPathComponent("old.html"))
        try await bundle.commitManifest()
        var now = await folder.current()
        #expect(try now.resolver.resolve("docs://app/new.html").get().path == "new.html")
        #expect(throws: ResolutionFailure.self) { try now.resolver.resolve("docs://app/old.html").get() }
        #expect(try now.resolver.resolve("docs://app/index.html").get().sha256 == SHA256.hex(Data("<p>two</p>".utf8)))
        #expect(await folder.resolver.manifest == now.resolver.manifest)

        // Swapped: the old folder renamed away, a whole new one renamed in.
        let staged = bundle.root.deletingLastPathComponent().appendingPathComponent(".\(bundle.root.lastPathComponent).new")
        let old = bundle.root.deletingLastPathComponent().appendingPathComponent(".\(bundle.root.lastPathComponent).old")
        defer { try? FileManager.default.removeItem(at: old) }
        try await bundle.write(["index.html": "<p>three</p>", "swapped.html": "<p>swapped</p>"], to: staged)
        try TestBundle.rename(bundle.root, old)
        try TestBundle.rename(staged, bundle.root)
        now = await folder.current()
        #expect(try now.resolver.resolve("docs://app/swapped.html").get().path == "swapped.html")
        #expect(throws: ResolutionFailure.self) { try now.resolver.resolve("docs://app/new.html").get() }
        #expect(try now.resolver.resolve("docs://app/index.html").get().sha256 == SHA256.hex(Data("<p>three</p>".utf8)))
    }
}
