import SitegenTemplates
import Testing

@Suite("Inheritance")
struct InheritanceTests {
    static let base = """
        <html>
        <head><title>{{$title}}Docs{{/title}}</title></head>
        <body>
          {{$content}}
          <p>nothing here</p>
          {{/content}}
        </body>
        </html>

        """

    @Test func layoutWithBlocks() throws {
        let page = """
            {{<base}}
            {{$title}}{{page.title}} – {{site}}{{/title}}
            {{$content}}
            <h1>{{page.title}}</h1>
            {{{page.html}}}
            {{/content}}
            {{/base}}

            """
        let context: TemplateValue = ["site": "Docs", "page": ["title": "A & B", "html": "<p>x</p>"]]
        let out = try render(page, context, partials: ["base": Self.base])
        #expect(
            out == """
                <html>
                <head><title>A &amp; B – Docs</title></head>
                <body>
                  <h1>A &amp; B</h1>
                  <p>x</p>
                </body>
                </html>

                """)
    }

    @Test func defaultsWhenNotOverridden() throws {
        let out = try render("{{<base}}{{/base}}", partials: ["base": Self.base])
        #expect(out.contains("<title>Docs</title>") && out.contains("\n  <p>nothing here</p>\n"))
    }

    @Test func blocksAreReindentedToTheSite() throws {
        // The example of mustache/spec pull request 131.
        let out = try render(
            "{{<parent}}\n        {{$block}}\n        Hello\n        {{/block}}\n{{/parent}}",
            partials: ["parent": "I say,\n  {{$block}}\n  Hi there!\n  {{/block}}"])
        #expect(out == "I say,\n  Hello\n")
    }

    @Test func blockArgumentsReachNestedPartials() throws {
        let out = try render(
            "{{<layout}}{{$footer}}(c) me{{/footer}}{{/layout}}",
            partials: ["layout": "<main/>{{>footer}}", "footer": "<footer>{{$footer}}{{/footer}}</footer>"])
        #expect(out == "<main/><footer>(c) me</footer>")
    }
}
