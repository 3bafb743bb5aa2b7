import Foundation
import SitegenCore
import Testing

@testable import SitegenBuild

/// The "did you mean" of a build's findings: every near candidate or none, never a guess.
@Suite struct SuggestionFindingTests {
    private func messages(_ files: [String: String]) async throws -> [String] {
        let site = try TestSite(files)
        defer { site.remove() }
        let outcome = try await site.build()
        defer { outcome.staged.discard() }
        return outcome.diagnostics.map(\.message)
    }

    /// A changelog's `#v30` is no slip for `v10`, `v20` or `v31`; two headings as near are both named.
    @Test func fragmentTiesAreAllNamedAndOtherVersionsNone() async throws {
        let found = try await messages([
            "Site/index.md":
                "# Changes\n\n## v1.0\n\n## Version 2.0\n\n## v3.1\n\n## Install\n\n## Instill\n\n[a](#v30) [b](#v20) [c](#instull)\n"
        ])
        #expect(
            found == [
                "no heading 'v30' in index.md", "no heading 'v20' in index.md",
                "no heading 'instull' in index.md (did you mean 'install' or 'instill'?)",
            ])
    }
}
