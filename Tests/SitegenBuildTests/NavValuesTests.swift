import SitegenCore
import SitegenMarkdown
import SitegenTemplates
import Testing

@testable import SitegenBuild

@Suite struct NavValuesTests {
    @Test func sectionWithoutPageDoesNotBorrowItsParentsURL() async throws {
        let site = try TestSite([
            "Site/index.md": "# Home\n", "Site/guide/index.md": "# Guide\n", "Site/guide/advanced/tuning.md": "# Tuning\n",
        ])
        defer { site.remove() }
        let outcome = try await site.build()
        defer { outcome.staged.discard() }
        let html = try site.staged(outcome, "guide/advanced/tuning.html")
        // Mustache looks a missing name up in the enclosing item, so `url` must be there, as null.
        #expect(html.contains("<li>Advanced<ul>"))
        #expect(!html.contains(">Advanced</a>"))
    }
}
