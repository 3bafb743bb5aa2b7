import Testing

@testable import SitegenMarkdown

/// Markdown of other dialects, which CommonMark shows as text, is found where it starts; the same
/// text in code, or not at the start of a paragraph, is not.
@Suite struct ForeignSyntaxTests {
    private func found(_ markdown: String, lineOffset: Int = 0) -> [ForeignSyntax] {
        MarkdownRenderer.render(markdown, lineOffset: lineOffset).foreignSyntax
    }

    @Test func admonitionsAndTabsOfMkDocs() {
        let markdown = "# T\n\n!!! note \"Offline\"\n    Body.\n\n???+ tip\n    x\n\n=== \"macOS\"\n    y\n"
        #expect(
            found(markdown, lineOffset: 3) == [
                ForeignSyntax(kind: .admonition("!!! note \"Offline\""), line: 6, column: 1),
                ForeignSyntax(kind: .admonition("???+ tip"), line: 9, column: 1),
                ForeignSyntax(kind: .contentTab("=== \"macOS\""), line: 12, column: 1),
            ])
    }

    @Test func pipeTablesAlsoInQuotes() {
        let markdown = "| a | b |\n|---|:-:|\n| 1 | 2 |\n\n> x | y\n> --|--\n\nOne | two\nthree\n"
        #expect(
            found(markdown) == [
                ForeignSyntax(kind: .pipeTable, line: 1, column: 1), ForeignSyntax(kind: .pipeTable, line: 5, column: 3),
            ])
    }

    @Test func headingAttributeLists() {
        #expect(
            found("## Install options {#options}\n\n### Themes {: .special }\n\n## Sets {a, b}\n") == [
                ForeignSyntax(kind: .headingAttributes(list: "{#options}", id: "install-options-options"), line: 1, column: 1),
                ForeignSyntax(kind: .headingAttributes(list: "{: .special }", id: "themes--special-"), line: 3, column: 1),
            ])
    }

    @Test func codeAndOrdinaryTextAreNone() {
        let markdown = "```\n!!! note\n| a |\n|---|\n```\n\n    !!! note indented code\n\nSay !!! loudly.\n\n!!!\n\n!!!note\n"
        #expect(found(markdown).isEmpty)
    }
}
