import SitegenCore
import SitegenTemplates
import Testing

@Suite("Content outside blocks")
struct OutsideBlocksTests {
    private func parse(_ source: String) throws -> Template {
        try Template.parse(source, name: "page", path: "Templates/page.html")
    }

    @Test func whitespaceCommentsDelimitersAndBlocksAreFine() throws {
        let template = try parse("{{<base}}\n  {{! the layout }}\n{{=<% %>=}}\n\t<%$main%>x<%/main%>\r\n<%/base%>\n")
        #expect(template.contentOutsideBlocks().isEmpty)
    }

    /// An HTML comment is a note for the theme's readers, never content: fine outside blocks. Text
    /// after it, or a comment left open, is not.
    @Test func htmlCommentsAreFineAndANoBreakSpaceIsShown() throws {
        let fine = try parse(
            "{{<base}}\n<!-- Layout for documentation pages. -->\n<!--a--><!--b-->\n{{$main}}x{{/main}}{{/base}}")
        #expect(fine.contentOutsideBlocks().isEmpty)
        let after = try parse("{{<base}}\n<!-- note --> <p>x</p>\n{{/base}}").contentOutsideBlocks()
        #expect(after.map(\.location.column) == [15])
        let open = try parse("{{<base}}\n<!-- never closed\n{{/base}}").contentOutsideBlocks()
        #expect(open.count == 1)
        let space = try parse("{{<base}}\n\u{A0}\n{{/base}}").contentOutsideBlocks()
        #expect(space.first?.message.hasPrefix("text '\u{A0}' is inside parent") == true, "\(space.map(\.message))")
    }

    @Test func textAndEveryKindOfTagAreErrorsAtTheirPlace() throws {
        let source =
            "{{<base}}\n  <p>Note</p>\n{{page.title}}{{{x}}}\n{{#a}}{{$main}}m{{/main}}{{/a}}{{> nav}}\n{{<inner}}{{/inner}}\n{{/base}}"
        let errors = try parse(source).contentOutsideBlocks()
        let tail = " is inside parent 'base' but outside any block, so it is never rendered: put it in a block or remove it"
        #expect(
            errors.map(\.description) == [
                "Templates/page.html:2:3: error: text '<p>Note</p>'" + tail,
                "Templates/page.html:3:1: error: '{{page.title}}'" + tail,
                "Templates/page.html:3:15: error: '{{{x}}}'" + tail,
                "Templates/page.html:4:1: error: '{{#a}}'" + tail,
                "Templates/page.html:4:32: error: '{{> nav}}'" + tail,
                "Templates/page.html:5:1: error: '{{<inner}}'" + tail,
            ])
        #expect(errors.first?.sourceLine == "  <p>Note</p>")
    }

    @Test func theInnermostParentIsNamedAndLongTextShortened() throws {
        let errors = try parse(
            "{{<base}}{{$main}}{{<frame}}Some words that go on for longer than thirty characters\n{{/frame}}{{/main}}{{/base}}"
        ).contentOutsideBlocks()
        #expect(
            errors.map(\.message) == [
                "text 'Some words that go on for long…' is inside parent 'frame' but outside any block, so it is never "
                    + "rendered: put it in a block or remove it"
            ])
        #expect(errors.first?.location.column == 29)
    }

    /// Rendering still follows the specification, which ignores the content: only the check reports it.
    @Test func renderingStillIgnoresIt() throws {
        let lib = try library("{{<base}}lost {{x}}{{$main}}kept{{/main}}{{/base}}", partials: ["base": "[{{$main}}{{/main}}]"])
        #expect(try lib.render("page", context: ["x": "y"]) == "[kept]")
    }
}
