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
            found("## Install options {#options}\n\n### Themes {: .special }\n\n## Sets {a, b}\n\n## Spaced { #spaced }\n") == [
                ForeignSyntax(kind: .headingAttributes(list: "{#options}", id: "install-options-options"), line: 1, column: 1),
                ForeignSyntax(kind: .headingAttributes(list: "{: .special }", id: "themes--special-"), line: 3, column: 1),
                ForeignSyntax(kind: .headingAttributes(list: "{ #spaced }", id: "spaced--spaced-"), line: 7, column: 1),
            ])
    }

    /// As Python-Markdown finds them: the whole line, no space needed after `!!!`, inside a paragraph too.
    @Test func admonitionsAsMkDocsReadsThem() {
        #expect(
            found("!!!note \"No space\"\n\nSome text\n!!! warning danger \"Lazy\"\n") == [
                ForeignSyntax(kind: .admonition("!!!note \"No space\""), line: 1, column: 1),
                ForeignSyntax(kind: .admonition("!!! warning danger \"Lazy\""), line: 4, column: 1),
            ])
    }

    /// Prose that starts as those do, and a template's tag or a set at a heading's end, is no syntax.
    @Test func proseThatLooksLikeItIsNone() {
        let markdown = """
            !!! Warning: do not do this.

            ??? is what the log shows when it fails.

            === Build output ===

            === "quoted" but prose continues here.

            ## Sections {{#site.search}}

            ## The set {a, b}

            See (this){and that}, and `[Go](a.md){ .md-button }` in code.
            """
        #expect(found(markdown).isEmpty)
    }

    @Test func attributeListsAfterLinksAndOnFences() {
        let markdown = "[Go](#){ .md-button } and ![L](l.png){ width=\"300\" }\n\n``` { .py title=\"x\" }\nx\n```\n"
        #expect(
            found(markdown) == [
                ForeignSyntax(kind: .inlineAttributes("{ .md-button }"), line: 1, column: 1),
                ForeignSyntax(kind: .fenceAttributes("{ .py title=\"x\" }"), line: 3, column: 1),
            ])
    }

    @Test func mystDirectivesOfSphinx() {
        #expect(
            found("```{note}\nText.\n```\n\n```{code-block} python\nx\n```\n\n```{}\n```\n") == [
                ForeignSyntax(kind: .mystDirective("{note}"), line: 1, column: 1),
                ForeignSyntax(kind: .mystDirective("{code-block} python"), line: 5, column: 1),
            ])
    }

    /// Hugo's shortcodes, at their column; in a code span, or without a name, they are none.
    @Test func shortcodesOfHugo() {
        let markdown =
            "See {{< ref \"install.md\" >}} now.\n\n{{% note %}}\nText.\n{{% /note %}}\n\n`{{< ref x >}}` and a {{< b and {{<>}}.\n"
        #expect(
            found(markdown) == [
                ForeignSyntax(kind: .hugoShortcode("{{< ref \"install.md\" >}}"), line: 1, column: 5),
                ForeignSyntax(kind: .hugoShortcode("{{% note %}}"), line: 3, column: 1),
                ForeignSyntax(kind: .hugoShortcode("{{% /note %}}"), line: 5, column: 1),
            ])
    }

    @Test func codeAndOrdinaryTextAreNone() {
        let markdown =
            "```\n!!! note\n| a |\n|---|\n```\n\n    !!! note indented code\n\nSay !!! loudly.\n\n!!!\n\n!!! \"title without a type\"\n"
        #expect(found(markdown).isEmpty)
    }
}
