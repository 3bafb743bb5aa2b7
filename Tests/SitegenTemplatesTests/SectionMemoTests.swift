import SitegenTemplates
import Testing

/// What a list section rendered for a shared dictionary is reused only where it cannot differ.
@Suite("Shared list items")
struct SectionMemoTests {
    static func shared(_ fields: TemplateDictionary) -> TemplateValue {
        var fields = fields
        fields.isShared = true
        return .dictionary(fields)
    }

    @Test func anItemThatReadsItsContextIsRenderedForEachContext() throws {
        let items: TemplateValue = .list([Self.shared(["name": "a"]), Self.shared(["name": "b"])])
        let library = try library("{{#items}}{{name}}@{{page}} {{/items}}")
        #expect(try library.render("page", context: ["items": items, "page": "one"]) == "a@one b@one ")
        #expect(try library.render("page", context: ["items": items, "page": "two"]) == "a@two b@two ")
        // A name the item lacks is looked for outside it too: absent here, then present.
        let missing = try self.library("{{#items}}{{name}}{{#extra}}+{{/extra}} {{/items}}")
        #expect(try missing.render("page", context: ["items": items]) == "a b ")
        #expect(try missing.render("page", context: ["items": items, "extra": true]) == "a+ b+ ")
    }

    @Test func anItemThatReadsOnlyItselfIsReusedWhereverItIsRendered() throws {
        let entry = Self.shared(["title": "T", "children": .list([Self.shared(["title": "c", "children": .list([])])])])
        let partials = ["item": "<li>{{title}}{{#children}}{{> item}}{{/children}}</li>"]
        let library = try library("{{#nav}}{{> item}}{{/nav}}|{{here}}", partials: partials)
        for here in ["x", "y", "z"] {
            #expect(
                try library.render("page", context: ["nav": .list([entry]), "here": .string(here)])
                    == "<li>T<li>c</li></li>|\(here)")
        }
    }

    @Test func indentationAndBlocksKeepTheirPlace() throws {
        let items: TemplateValue = .list([Self.shared(["name": "a"]), Self.shared(["name": "b"])])
        let partials = ["line": "- {{name}}\n", "frame": "[{{$inner}}default{{/inner}}]"]
        let indented = try library("{{#items}}\n  {{> line}}\n{{/items}}\n{{#items}}\n{{> line}}\n{{/items}}", partials: partials)
        let expected = "  - a\n  - b\n- a\n- b\n"
        #expect(try indented.render("page", context: ["items": items]) == expected)
        #expect(try indented.render("page", context: ["items": items]) == expected)
        let blocks = try library(
            "{{<frame}}{{$inner}}{{#items}}{{name}}{{/items}}{{/inner}}{{/frame}}{{#items}}<{{name}}>{{/items}}",
            partials: partials)
        #expect(try blocks.render("page", context: ["items": items]) == "[ab]<a><b>")
        #expect(try blocks.render("page", context: ["items": items]) == "[ab]<a><b>")
    }

    @Test func anItemThatExpandsABlockIsRenderedForEachCaller() throws {
        let items: TemplateValue = .list([Self.shared(["name": "a"]), Self.shared(["name": "b"])])
        let templates = [
            "list": try Template.parse("{{#items}}{{$mark}}-{{/mark}}{{name}}{{/items}}", name: "list"),
            "plus": try Template.parse("{{<list}}{{$mark}}+{{/mark}}{{/list}}", name: "plus"),
            "plain": try Template.parse("{{<list}}{{/list}}", name: "plain"),
        ]
        let library = TemplateLibrary(templates)
        #expect(try library.render("plus", context: ["items": items]) == "+a+b")
        #expect(try library.render("plain", context: ["items": items]) == "-a-b")
        #expect(try library.render("plus", context: ["items": items]) == "+a+b")
    }

    @Test func changingASharedDictionaryClearsTheMark() {
        var fields: TemplateDictionary = ["a": 1]
        fields.isShared = true
        var changed = fields
        changed["a"] = 2
        #expect(fields.isShared)
        #expect(!changed.isShared)
        #expect(changed != fields)
    }

    private func library(_ source: String, partials: [String: String] = [:]) throws -> TemplateLibrary {
        try SitegenTemplatesTests.library(source, partials: partials)
    }
}
