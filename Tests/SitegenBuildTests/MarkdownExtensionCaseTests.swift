import Foundation
import SitegenMarkdown
import Testing

@testable import SitegenBuild

@Suite struct MarkdownExtensionCaseTests {
    @Test(arguments: [
        ("Notes.MD", "Notes.html"), ("a/b.Md#x", "a/b.html#x"), ("b.mD?q=1", "b.html?q=1"), ("/c.MD", "/c.html"),
    ])
    func rewriterTakesAnyLetterCase(destination: String, expected: String) {
        #expect(LinkRewriter.rewrite(destination) == expected)
    }

    /// `Notes.MD` is a page (`Notes.html`): a link to it is rewritten and checked like any `.md` link.
    @Test func uppercaseExtensionIsAPageAndItsLinksAreRewritten() async throws {
        let site = try TestSite([
            "Site/index.md": "# Home\n\n[u](Notes.MD) [v](Notes.MD#usage) [w](Notes.md)\n",
            "Site/Notes.MD": "# Notes\n\n## Usage\n",
        ])
        defer { site.remove() }
        let outcome = try await site.build()
        defer { outcome.staged.discard() }
        #expect(outcome.diagnostics.isEmpty, "\(outcome.diagnostics)")
        let html = try site.staged(outcome, "index.html")
        #expect(html.contains("href=\"Notes.html\""))
        #expect(html.contains("href=\"Notes.html#usage\""))
        #expect(!html.contains("Notes.MD"))
    }

    @Test func aBrokenFragmentOfAnUppercasePageIsFound() async throws {
        let site = try TestSite(["Site/index.md": "# Home\n\n[u](Notes.MD#nope)\n", "Site/Notes.MD": "# Notes\n"])
        defer { site.remove() }
        let outcome = try await site.build()
        defer { outcome.staged.discard() }
        #expect(
            outcome.diagnostics.map(\.description) == [
                "Site/index.md:3:1: error: no heading 'nope' in Notes.MD [broken-fragment]"
            ])
    }
}
