import Foundation
import Testing

@testable import SitegenBuild

@Suite struct EmptyTitleTests {
    /// An empty or blank `title` or `nav_title` counts as absent: the title falls back to the first
    /// `#` heading, then the file name; the sidebar to the title.
    @Test(arguments: ["\"\"", "\"   \"", "''", "", "~", "null"])
    func blankTitlesFallBack(blank: String) async throws {
        let site = try TestSite([
            "Site/index.md": "# Home\n",
            "Site/a.md": "---\ntitle: \(blank)\nnav_title: \(blank)\n---\n# Heading of A\n",
            "Site/b-page.md": "---\ntitle: \(blank)\n---\nNo heading.\n",
            "Site/c-page.md": "---\ntitle: \(blank)\n---\n#\n\nAn empty heading.\n",
        ])
        defer { site.remove() }
        let outcome = try await site.build()
        defer { outcome.staged.discard() }
        let a = try site.staged(outcome, "a.html")
        #expect(a.contains("<title>Heading of A · "), "\(a)")
        #expect(a.contains(">Heading of A</a>"), "sidebar link: \(a)")
        #expect(try site.staged(outcome, "b-page.html").contains("<title>B page · "))
        #expect(try site.staged(outcome, "c-page.html").contains("<title>C page · "))
        #expect(outcome.sources.model.page(source: .init(unchecked: "a.md"))?.meta.navTitle == nil)
    }

    /// Every key left without a value (a page template's blanks) is as if not there, not an error.
    @Test func keysWithoutValuesAreAbsent() async throws {
        let site = try TestSite([
            "Site/index.md": "# Home\n",
            "Site/a.md": "---\ntitle:\ndescription:\norder:\ntemplate:\ndraft:\naliases:\nnav_title: ~\n---\n# A\n",
        ])
        defer { site.remove() }
        let outcome = try await site.build()
        defer { outcome.staged.discard() }
        let meta = try #require(outcome.sources.model.page(source: .init(unchecked: "a.md"))?.meta)
        #expect(meta.title == nil && meta.description == nil && meta.order == nil && meta.template == nil)
        #expect(meta.draft == false && meta.aliases.isEmpty && meta.navTitle == nil)
        #expect(try site.staged(outcome, "a.html").contains("<title>A · "))
    }

}
