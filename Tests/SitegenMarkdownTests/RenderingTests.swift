import Testing

@testable import SitegenMarkdown

@Suite struct RenderingTests {
    @Test func headingsGetIdsAndAnchors() {
        let rendered = MarkdownRenderer.render("# Guide\n\n## Install\n\n## Install\n\ntext\n")
        #expect(
            rendered.html == """
                <h1 id="guide"><a class="anchor" href="#guide" aria-hidden="true" tabindex="-1">#</a>Guide</h1>
                <h2 id="install"><a class="anchor" href="#install" aria-hidden="true" tabindex="-1">#</a>Install</h2>
                <h2 id="install-1"><a class="anchor" href="#install-1" aria-hidden="true" tabindex="-1">#</a>Install</h2>
                <p>text</p>

                """)
        #expect(rendered.headings.map(\.id) == ["guide", "install", "install-1"])
        #expect(rendered.headings.map(\.level) == [1, 2, 2])
        #expect(rendered.headings.map(\.line) == [1, 3, 5])
        #expect(rendered.title == "Guide")
    }

    /// cmark escapes the brackets of an IPv6 host, which no browser then parses: they are put back in
    /// links and images, and nowhere else (text, code, other escapes of a path or query).
    @Test func ipv6HostsKeepTheirBrackets() {
        let rendered = MarkdownRenderer.render(
            """
            [a](http://[::1]:8080/x) ![i](https://[2001:db8::7]/i.png) <http://[fe80::1]/> [q](http://h/p?v=[1])

            `href="http://%5B::1%5D/"` and [c](http://%5Bnot-an-address%5D/)

            """)
        #expect(
            rendered.html == """
                <p><a href="http://[::1]:8080/x">a</a> <img src="https://[2001:db8::7]/i.png" alt="i" /> \
                <a href="http://[fe80::1]/">http://[fe80::1]/</a> <a href="http://h/p?v=%5B1%5D">q</a></p>
                <p><code>href=&quot;http://%5B::1%5D/&quot;</code> and <a href="http://%5Bnot-an-address%5D/">c</a></p>

                """)
    }

    @Test func headingInlineMarkupIsKeptAndTextIsPlain() {
        let rendered = MarkdownRenderer.render("Intro\n\n### Use *the* `run()` <b>now</b>\n", lineOffset: 2)
        #expect(rendered.html.contains("<h3 id=\"use-the-run-now\">"))
        #expect(rendered.html.contains("#</a>Use <em>the</em> <code>run()</code> <b>now</b></h3>"))
        #expect(rendered.headings == [Heading(level: 3, text: "Use the run() now", id: "use-the-run-now", line: 5, column: 1)])
        #expect(rendered.title == nil)
    }

    @Test func titleIsTheFirstLevelOneHeading() {
        let rendered = MarkdownRenderer.render("## Sub\n\nSetext *Title*\n======\n\n# Later\n")
        #expect(rendered.title == "Setext Title")
        #expect(rendered.headings.map(\.text) == ["Sub", "Setext Title", "Later"])
    }

    @Test func headingTextLeavesOutImagesButKeepsLinksInTheList() {
        let rendered = MarkdownRenderer.render("# ![logo](l.png) The [Project](p.md)\n")
        #expect(rendered.title == "The Project")
        #expect(rendered.headings.map(\.id) == ["the-project"])
        #expect(rendered.links.map(\.rewritten) == ["l.png", "p.html"])
        #expect(rendered.links.map(\.column) == [3, 22])
    }

    @Test func anchorsRenderWhenRawHTMLIsOff() {
        let rendered = MarkdownRenderer.render("## A\n\n<div>x</div>\n\nb <i>c</i>\n", options: .init(rawHTML: false))
        #expect(
            rendered.html.contains(
                "<h2 id=\"a\"><a class=\"anchor\" href=\"#a\" aria-hidden=\"true\" tabindex=\"-1\">#</a>A</h2>"))
        #expect(!rendered.html.contains("<div>"))
        #expect(!rendered.html.contains("<i>"))
        #expect(rendered.html.contains("raw HTML omitted"))
    }

    @Test func rawHTMLPassesWhenOn() {
        let rendered = MarkdownRenderer.render("<div>x</div>\n\nb <i>c</i>\n")
        #expect(rendered.html == "<div>x</div>\n<p>b <i>c</i></p>\n")
    }

    @Test func codeBlocksKeepTheirLanguageClass() {
        let rendered = MarkdownRenderer.render("```swift\nlet x = 1\n```\n")
        #expect(rendered.html == "<pre><code class=\"language-swift\">let x = 1\n</code></pre>\n")
    }

    @Test func smartPunctuationIsOptIn() {
        let text = "\"Hi\" -- it's...\n"
        #expect(MarkdownRenderer.render(text).html == "<p>&quot;Hi&quot; -- it's...</p>\n")
        #expect(
            MarkdownRenderer.render(text, options: .init(smartPunctuation: true)).html
                == "<p>\u{201C}Hi\u{201D} \u{2013} it\u{2019}s\u{2026}</p>\n")
    }

    @Test func relativeMarkdownLinksAreRewrittenInTheHTML() {
        let rendered = MarkdownRenderer.render("[a](guide/a.md#x) [b](https://x.org/b.md) ![i](p.md)\n")
        #expect(rendered.html.contains("href=\"guide/a.html#x\""))
        #expect(rendered.html.contains("href=\"https://x.org/b.md\""))
        #expect(rendered.html.contains("src=\"p.md\""))
        #expect(rendered.links.map(\.destination) == ["guide/a.md#x", "https://x.org/b.md", "p.md"])
        #expect(rendered.links.map(\.rewritten) == ["guide/a.html#x", "https://x.org/b.md", "p.md"])
    }

    @Test func emptyAndOddInputDoesNotCrash() {
        #expect(MarkdownRenderer.render("").html == "")
        #expect(MarkdownRenderer.render("a\u{0}b [x](y)").links.count == 1)
        #expect(MarkdownRenderer.render("#\n").headings.map(\.id) == ["section"])
    }
}
