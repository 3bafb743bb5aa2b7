import SitegenCore
import SitegenTemplates
import Testing

@Suite("Parse errors")
struct ParseErrorTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var source: String
        var line: Int
        var column: Int
        var message: String
        var testDescription: String { message }
    }

    static let cases: [Case] = [
        Case(
            source: "<ul>\n  {{#items}}\n    <li>{{.}}</li>\n</ul>\n", line: 2, column: 3,
            message: "unclosed section 'items'"),
        Case(
            source: "{{#a}}\n{{#b}}x{{/a}}", line: 2, column: 8,
            message: "closing tag 'a' does not match 'b' opened at 2:1"),
        Case(source: "ok\n  text {{/a}}", line: 2, column: 8, message: "closing tag 'a' has no opening tag"),
        Case(source: "a\nb {{name", line: 2, column: 3, message: "unclosed tag: '{{' without a matching '}}'"),
        Case(source: "{{{name}}", line: 1, column: 1, message: "unclosed tag: '{{' without a matching '}}'"),
        Case(source: "x {{=<% %>=}}\n<%name", line: 2, column: 1, message: "unclosed tag: '<%' without a matching '%>'"),
        Case(
            source: "\n\t{{=<%=}}", line: 2, column: 2,
            message: "bad set-delimiter tag '<%': expected two delimiters separated by a space, like {{=<% %>=}}"),
        Case(
            source: "{{=a b c=}}", line: 1, column: 1,
            message: "bad set-delimiter tag 'a b c': expected two delimiters separated by a space, like {{=<% %>=}}"),
        Case(
            source: "{{=<% %>}}\n<%name%>", line: 1, column: 1,
            message: "set-delimiter tag '{{=<% %>}}' must end with '=' before its '}}', like {{=<% %>=}}"),
        Case(
            source: "a\n  {{=<% %>}} b {{=[ ]=}}", line: 2, column: 3,
            message: "set-delimiter tag '{{=<% %>}}' must end with '=' before its '}}', like {{=<% %>=}}"),
        Case(
            source: "{{=<% %>=}}<%=[ ]%>", line: 1, column: 12,
            message: "set-delimiter tag '<%=[ ]%>' must end with '=' before its '%>', like {{=<% %>=}}"),
        Case(
            source: "<h1>{{%page.title}}</h1>", line: 1, column: 5,
            message: "unsupported tag '{{%page.title}}': '%' tags (pragmas in some Mustache dialects) are not supported"),
        Case(
            source: "{{=<% %>=}}\n<%% ANCHORED-DOT %>", line: 2, column: 1,
            message: "unsupported tag '<%% ANCHORED-DOT %>': '%' tags (pragmas in some Mustache dialects) are not supported"),
        Case(source: "a {{ }}", line: 1, column: 3, message: "empty tag name"),
        Case(source: "{{#}}{{/}}", line: 1, column: 1, message: "empty tag name"),
        Case(source: "{{a b}}", line: 1, column: 1, message: "tag name 'a b' contains whitespace"),
        Case(
            source: "<p>{{site.title — {{page.title}}</p>", line: 1, column: 4,
            message: "tag '{{site.title —' is not closed: another tag opens before its '}}'"),
        Case(source: "é ü {{#a}}", line: 1, column: 5, message: "unclosed section 'a'"),
        Case(
            source: "{{<base}}{{$title}}x{{/base}}", line: 1, column: 21,
            message: "closing tag 'base' does not match 'title' opened at 1:10"),
        Case(source: "{{<base}}\n", line: 1, column: 1, message: "unclosed parent 'base'"),
        Case(source: "{{$title}}", line: 1, column: 1, message: "unclosed block 'title'"),
        Case(source: "line 1\r\n{{^empty}}", line: 2, column: 1, message: "unclosed section 'empty'"),
    ]

    @Test("reports the message at line:column", arguments: cases)
    func location(_ expected: Case) throws {
        let error = try #require(parseError(expected.source))
        #expect(error.message == expected.message)
        #expect(error.location == SourceLocation(path: "Templates/page.html", line: expected.line, column: expected.column))
    }

    @Test func descriptionAndCaret() throws {
        let error = try #require(parseError("<ul>\n\t {{#items}}\r\n</ul>"))
        #expect(error.description == "Templates/page.html:2:3: error: unclosed section 'items'")
        #expect(error.sourceLine == "\t {{#items}}")
        #expect(
            error.caretDisplay == """
                Templates/page.html:2:3: error: unclosed section 'items'
                \t {{#items}}
                \t ^
                """)
    }

    @Test func pathDefaultsToName() throws {
        do {
            _ = try Template.parse("{{#x}}", name: "nav")
            Issue.record("expected an error")
        } catch {
            #expect(error.description == "nav:1:1: error: unclosed section 'x'")
        }
    }
}

@Suite("Template errors as input errors")
struct TemplateInputErrorTests {
    @Test func keepsPlaceAndMessage() throws {
        let error = try #require(parseError("x\n {{#a}}"))
        #expect(error.inputError.description == "Templates/page.html:2:2: error: unclosed section 'a'")
        #expect(error.inputError.location == error.location)
    }
}
