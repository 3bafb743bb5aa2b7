import Foundation
import Testing

@testable import SitegenBuild

@Suite struct DotSegmentLinkTests {
    /// A last segment `.` or `..` names a folder with its slash, as URL resolution reads it.
    @Test func dotAndDotDotNameTheFolder() async throws {
        let site = try TestSite([
            "Site/index.md": "# Home\n\n[guide](guide/.) [guide](./guide/./) [here](.)\n",
            "Site/guide/index.md": "# Guide\n\n[up](..) [up](../.) [self](.) [deep](deep/..)\n",
            "Site/guide/deep/index.md": "# Deep\n\n[up](..#guide) [home](../..)\n",
        ])
        defer { site.remove() }
        let outcome = try await site.build()
        defer { outcome.staged.discard() }
        #expect(outcome.diagnostics.isEmpty, "\(outcome.diagnostics.map(\.description))")
    }

    @Test func aFolderWithoutItsSlashIsStillReported() async throws {
        let site = try TestSite(["Site/index.md": "# Home\n\n[guide](guide)\n", "Site/guide/index.md": "# Guide\n"])
        defer { site.remove() }
        let outcome = try await site.build()
        defer { outcome.staged.discard() }
        #expect(outcome.diagnostics.map(\.rule) == [.directoryNoSlash])
    }
}
