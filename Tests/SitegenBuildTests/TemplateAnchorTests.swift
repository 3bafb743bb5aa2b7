import Foundation
import Testing

@testable import SitegenBuild

@Suite struct TemplateAnchorTests {
    /// Ids the page template writes literally (the default theme's `sg-main`, `sg-nav-toggle`) are
    /// fragments of every page made with it.
    @Test func idsOfTheTemplateAreFragments() async throws {
        let site = try TestSite(
            [
                "Site/index.md": "# Home\n\n[skip](#sg-main) [menu](a.md#sg-nav-toggle) [bad](a.md#sg-nope)\n",
                "Site/a.md": "# A\n",
            ], defaultTheme: true)
        defer { site.remove() }
        let outcome = try await site.build()
        defer { outcome.staged.discard() }
        #expect(outcome.diagnostics.count == 1, "\(outcome.diagnostics.map(\.description))")
        #expect(
            outcome.diagnostics.first?.description.hasPrefix("Site/index.md:3:45: error: no heading 'sg-nope' in a.md") == true)
    }

    @Test func literalIdsAreCollectedFromTemplatesAndPartials() {
        let ids = Theme.literalIDs(
            in:
                "<main id=\"sg-main\"><p ID='two' data-id=\"no\" xid=\"no\"><a id={{x}}></a><b id=\"a{{y}}\"></b><i\nid=\"three\">"
        )
        #expect(ids == ["sg-main", "two", "three"])
    }
}
