import SitegenTemplates
import Testing

@Suite("Rendering")
struct RenderingTests {
    @Test(
        "scalars render as text",
        arguments: [
            (TemplateValue.int(-42), "-42"), (.double(1.21), "1.21"), (.double(1.0), "1"), (.double(-0.5), "-0.5"),
            (.double(1e20), "1e+20"), (.bool(true), "true"), (.bool(false), "false"), (.null, ""),
            (.string("é☃"), "é☃"), (.list([1, 2]), ""), (.dictionary(["a": 1]), ""),
        ])
    func scalar(_ value: TemplateValue, _ expected: String) throws {
        #expect(try render("[{{x}}]", ["x": value]) == "[\(expected)]")
    }

    @Test func escapingCoversAttributesAndKeepsUnicode() throws {
        let context: TemplateValue = ["x": "<a href=\"x\" title='y'>&é</a>"]
        #expect(try render("{{x}}", context) == "&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;é&lt;/a&gt;")
        #expect(try render("{{{x}}}|{{&x}}", context) == "<a href=\"x\" title='y'>&é</a>|<a href=\"x\" title='y'>&é</a>")
    }

    @Test(
        "falsy values hide sections and show inverted ones",
        arguments: [
            TemplateValue.null, .bool(false), .list([]), .string(""),
        ])
    func falsy(_ value: TemplateValue) throws {
        #expect(try render("{{#x}}shown{{/x}}{{^x}}hidden{{/x}}", ["x": value]) == "hidden")
    }

    @Test(
        "truthy values show sections",
        arguments: [
            TemplateValue.int(0), .double(0), .string("s"), .bool(true), .dictionary([:]),
        ])
    func truthy(_ value: TemplateValue) throws {
        #expect(try render("{{#x}}shown{{/x}}{{^x}}hidden{{/x}}", ["x": value]) == "shown")
    }

    @Test func sectionsPushTheirValueAndListsRepeat() throws {
        let context: TemplateValue = [
            "site": ["title": "Docs"], "title": "outer",
            "pages": [["title": "A", "url": "a.html"], ["title": "B"], ["url": "c.html"]],
        ]
        let out = try render("{{#pages}}<{{title}}|{{url}}|{{site.title}}>{{/pages}}", context)
        #expect(out == "<A|a.html|Docs><B||Docs><outer|c.html|Docs>")
        #expect(try render("{{#site}}{{title}}{{/site}} {{site.title}} {{site.missing.x}}", context) == "Docs Docs ")
        #expect(try render("{{#pages}}{{.}}{{/pages}}", ["pages": ["a", 1, 2.5]]) == "a12.5")
    }

    @Test func dottedNamesDoNotFallBackOnceResolved() throws {
        let context: TemplateValue = ["a": ["b": [:]], "c": "top"]
        #expect(try render("{{#a.b}}[{{c}}]{{/a.b}}{{a.b.c}}", context) == "[top]")
    }

    @Test func standaloneLinesAndCRLF() throws {
        let source = "<ul>\r\n  {{#items}}\r\n  <li>{{.}}</li>\r\n  {{/items}}\r\n</ul>\r\n"
        #expect(try render(source, ["items": ["a", "b"]]) == "<ul>\r\n  <li>a</li>\r\n  <li>b</li>\r\n</ul>\r\n")
    }

    @Test func standalonePartialIsIndentedButItsValuesAreNot() throws {
        let out = try render(
            "<nav>\n    {{> links}}\n</nav>\n", ["items": ["a", "b"], "raw": "x\ny"],
            partials: ["links": "{{#items}}\n<a>{{.}}</a>\n{{/items}}\n{{{raw}}}\n"])
        #expect(out == "<nav>\n    <a>a</a>\n    <a>b</a>\n    x\ny\n</nav>\n")
    }

    @Test func setDelimitersStayInTheirTemplate() throws {
        let out = try render("{{=<% %>=}}<% x %> {{x}} <%> p %>", ["x": 1], partials: ["p": "{{x}}"])
        #expect(out == "1 {{x}} 1")
    }

    @Test func byteBufferMatchesStringAndAppends() throws {
        let lib = try library(
            "<h1>{{title}}</h1>\n{{#items}}\n  {{>item}}\n{{/items}}\n", partials: ["item": "<li>{{.}}</li>\n"])
        let context: TemplateValue = ["title": "T & U", "items": ["a", "<b>"]]
        let text = try lib.render("page", context: context)
        #expect(text == "<h1>T &amp; U</h1>\n  <li>a</li>\n  <li>&lt;b&gt;</li>\n")
        var buffer = Array("prefix\n".utf8)
        try lib.render("page", context: context, into: &buffer)
        #expect(buffer == Array(("prefix\n" + text).utf8))
        buffer.removeAll(keepingCapacity: true)
        for _ in 0..<3 { try lib.render("page", context: context, into: &buffer) }
        #expect(buffer == Array(String(repeating: text, count: 3).utf8))
    }

    @Test func parsedTemplateIsReusableAcrossThreads() async throws {
        let lib = try library("{{#n}}{{.}},{{/n}}")
        let outputs = try await withThrowingTaskGroup(of: String.self) { group in
            for index in 0..<8 {
                group.addTask { try lib.render("page", context: ["n": .list((0...index).map { .int($0) })]) }
            }
            return try await group.reduce(into: [String]()) { $0.append($1) }
        }
        #expect(outputs.count == 8)
        #expect(outputs.contains("0,1,2,3,4,5,6,7,"))
    }

    @Test func libraryContains() throws {
        let lib = try library("", partials: ["nav": ""])
        #expect(lib.contains("nav") && lib.contains("page") && !lib.contains("footer"))
    }

    @Test func literalsBuildValues() {
        let value: TemplateValue = ["a": [1, 2.5, "s", true, nil]]
        #expect(value == .dictionary(["a": .list([.int(1), .double(2.5), .string("s"), .bool(true), .null])]))
        #expect(value["a"] == .list([1, 2.5, "s", true, nil]))
        #expect(value["b"] == nil)
    }
}
