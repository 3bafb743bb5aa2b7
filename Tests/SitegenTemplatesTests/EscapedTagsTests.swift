import SitegenCore
import SitegenTemplates
import Testing

@Suite("Escaped tags")
struct EscapedTagsTests {
    /// Where `source`, parsed as `Templates/page.html`, writes `content` escaped, as `line:column`.
    private func places(_ source: String) throws -> [String] {
        try Template.parse(source, name: "page", path: "Templates/page.html").escapedTags(writing: "content")
            .map { "\($0.location.line):\($0.location.column)" }
    }

    @Test func rawTagsAndOtherNamesAreNotEscapedContent() throws {
        #expect(
            try places("{{{content}}} {{{ content }}} {{&content}} {{contents}} {{page.content}} {{#content}}x{{/content}}")
                .isEmpty)
        #expect(try places("{{! {{content}} is HTML }}").isEmpty)
    }

    @Test func escapedContentIsFoundWithSpacesInSectionsAndBlocks() throws {
        #expect(try places("a{{content}}\n{{ content }}") == ["1:2", "2:1"])
        #expect(try places("{{#a}}\n{{^b}}{{content}}{{/b}}\n{{/a}}") == ["2:7"])
        #expect(
            try places("{{$main}}{{content}}{{/main}}\n{{<base}}{{$aside}}{{content}}{{/aside}}{{/base}}") == ["1:10", "2:20"])
    }

    /// The tag is a tag whatever its delimiters: `<%content%>` escapes like `{{content}}`.
    @Test func changedDelimitersDoNotHideIt() throws {
        let template = try Template.parse(
            "<main>\n{{=<% %>=}}<%content%><%={{ }}=%>\n</main>\n", name: "base", path: "Templates/partials/base.html")
        #expect(
            template.escapedTags(writing: "content") == [
                TemplateTag(
                    name: "content", location: SourceLocation(path: "Templates/partials/base.html", line: 2, column: 12),
                    sourceLine: "{{=<% %>=}}<%content%><%={{ }}=%>")
            ])
        #expect(try places("{{=<% %>=}}<%{content}%> <%&content%> {{content}}").isEmpty)
    }
}
