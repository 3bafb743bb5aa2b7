import SitegenMarkdown
import Testing

@Suite struct SmartPunctuationSlugTests {
    private func ids(_ markdown: String, smart: Bool) -> [String] {
        MarkdownRenderer.render(markdown, options: MarkdownOptions(smartPunctuation: smart)).headings.map(\.id)
    }

    /// Heading ids are GitHub's, whether or not smart punctuation turns `--` into an en dash.
    @Test(arguments: [
        ("## --verbose -- quiet\n", "--verbose----quiet"),
        ("## a---b\n", "a---b"),
        ("## a----b\n", "a----b"),
        ("## \"Quoted\" and 'single' ...\n", "quoted-and-single-"),
        ("## It's -- *really* -- fine\n", "its----really----fine"),
        ("> ## In a quote -- here\n", "in-a-quote----here"),
        ("Setext -- heading\n--\n", "setext----heading"),
        ("## a – b &ndash; c\n", "a--b--c"),
        ("## a \\*b\\* -- c &amp; d\n", "a-b----c--d"),
        ("## `--x` -- y\n", "--x----y"),
        ("## Wait... -- what?\n", "wait----what"),
    ])
    func idsDoNotDependOnSmartPunctuation(markdown: String, id: String) {
        #expect(ids(markdown, smart: false) == [id])
        #expect(ids(markdown, smart: true) == [id])
    }

    @Test func theTitleKeepsTheTypography() {
        let rendered = MarkdownRenderer.render("# a -- b\n", options: MarkdownOptions(smartPunctuation: true))
        #expect(rendered.title == "a \u{2013} b")
        #expect(rendered.headings.map(\.id) == ["a----b"])
        #expect(rendered.html.contains("id=\"a----b\""))
    }
}
