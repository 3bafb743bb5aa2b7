import Testing

@testable import SitegenBuild

/// What a `not-commonmark` finding tells to write instead: each dialect's own way in raw HTML.
@Suite struct NotCommonMarkMessageTests {
    @Test func aCollapsibleAdmonitionIsADetailsElement() {
        #expect(PageLoader.message(for: .admonition("??? tip")).contains("<details> with a <summary>"))
        #expect(PageLoader.message(for: .admonition("!!! note")).contains("<div class=\"admonition\">"))
    }

    @Test func aLinkInRawHTMLNamesThePagesHTML() {
        #expect(PageLoader.message(for: .inlineAttributes("{ .md-button }")).contains("href=\"page.html\""))
    }
}
