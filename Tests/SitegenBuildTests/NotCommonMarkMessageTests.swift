import Foundation
import Testing

@testable import SitegenBuild

/// What a `not-commonmark` finding tells to write instead: each dialect's own way in raw HTML.
@Suite struct NotCommonMarkMessageTests {
    @Test func aCollapsibleAdmonitionIsADetailsElement() {
        #expect(PageLoader.message(for: .admonition("??? tip")).contains("<details> with a <summary>"))
        #expect(PageLoader.message(for: .admonition("!!! note")).contains("<div class=\"admonition\">"))
    }

    /// Front matter a blank line too low is a warning at its `---`, and the page keeps the title
    /// its text gives it, as it is shown.
    @Test func frontMatterBelowABlankLineIsAWarningAtItsLine() async throws {
        let site = try TestSite(["Site/index.md": "\n---\ntitle: Welcome\n---\n\nText.\n"])
        defer { site.remove() }
        let outcome = try await site.build()
        defer { outcome.staged.discard() }
        #expect(
            outcome.diagnostics.map(\.description) == [
                "Site/index.md:2:1: warning: front matter must start on the first line: below blank lines, this '---' and the "
                    + "lines after it are read as Markdown (a rule and a heading): remove the blank lines above it [not-commonmark]"
            ])
    }

    @Test func aLinkInRawHTMLNamesThePagesHTML() {
        #expect(PageLoader.message(for: .inlineAttributes("{ .md-button }")).contains("href=\"page.html\""))
    }
}
