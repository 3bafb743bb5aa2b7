import Foundation
import SitegenCore
import Testing

@testable import SitegenMirror

/// Failures, limits and name clashes are findings; the mirror goes on.
@Suite struct MirrorFindingsTests {
    static func site(_ files: [String: String]) throws -> URL {
        let folder = MirrorChecks.temporaryFolder()
        for (path, text) in files {
            let url = folder.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        return folder
    }

    @Test func missingPageIsReportedNotFatal() async throws {
        let folder = try Self.site(["index.html": "<a href=\"/gone\">x</a>\n<a href=\"/ok\">ok</a>", "ok.html": "ok"])
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = await Mirror(source: FolderSource(folder: folder), options: MirrorOptions(sourceDisplay: "site/")).run()
        #expect(Set(result.files.keys) == ["index.html", "ok.html"])
        #expect(
            result.diagnostics.map(\.description) == [
                "site/index.html:1:4: warning: cannot mirror 'http://localhost/gone': not found (404) [mirror-fetch]"
            ])
    }

    @Test func redirectOffTheOriginIsNotFollowed() async throws {
        let folder = try Self.site(["index.html": "<a href=\"/out\">x</a>", "_redirects": "/out https://example.com/ 302\n"])
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = await Mirror(source: FolderSource(folder: folder)).run()
        #expect(result.diagnostics.count == 1)
        #expect(result.diagnostics.first?.message.contains("redirect leaves the origin") == true)
    }

    @Test func namesDifferingOnlyByCaseAreReported() async throws {
        let folder = try Self.site([
            "index.html": "<a href=\"/Readme.html\">a</a><a href=\"/readme.html\">b</a>", "Readme.html": "A", "readme.html": "b",
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = await Mirror(source: FolderSource(folder: folder)).run()
        #expect(result.diagnostics.map(\.rule) == [.caseMismatch])
        #expect(result.files.count == 3)
    }

    @Test func pageLimitIsReported() async throws {
        let folder = try Self.site(["index.html": "<a href=\"/a\">a</a><a href=\"/b\">b</a>", "a.html": "a", "b.html": "b"])
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = await Mirror(source: FolderSource(folder: folder), options: MirrorOptions(maxPages: 2)).run()
        #expect(result.pages == 2)
        #expect(result.diagnostics.map(\.rule) == [.mirrorLimit])
    }

    @Test func folderSourceNeverLeavesItsRoot() async throws {
        let folder = try Self.site(["index.html": "x"])
        defer { try? FileManager.default.removeItem(at: folder) }
        let source = FolderSource(folder: folder)
        await #expect(throws: SourceError.self) {
            try await source.fetch(URL(string: "http://localhost/%2E%2E/%2E%2E/etc/passwd")!)
        }
    }

    @Test func httpSourceRefusesNonLoopbackHosts() {
        #expect(throws: SourceError.self) { try HTTPSource(root: URL(string: "http://example.com/")!) }
    }
}
