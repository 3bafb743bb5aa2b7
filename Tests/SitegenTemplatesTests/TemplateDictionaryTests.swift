import SitegenTemplates
import Testing

@Suite("Template dictionaries")
struct TemplateDictionaryTests {
    @Test func laterDuplicateKeysWinAndNilRemoves() {
        var fields: TemplateDictionary = ["a": 1, "b": 2, "a": 3]
        #expect(fields.count == 2)
        #expect(fields["a"] == 3)
        fields["b"] = nil
        fields["c"] = "x"
        #expect(fields.keys.sorted() == ["a", "c"])
        #expect(fields["b"] == nil)
        #expect(fields["never-used-anywhere-else"] == nil)
    }

    /// Interned keys build the same dictionaries as `String` keys, and templates find their values.
    @Test func internedKeysAreTheirNames() throws {
        let a = TemplateKey("a"), b = TemplateKey("b")
        var fields = TemplateDictionary([a: 1, b: 2, a: 3])
        #expect(fields == ["a": 3, "b": 2])
        #expect(fields["a"] == 3 && fields[b] == 2)
        fields[b] = nil
        fields[TemplateKey("c")] = "x"
        #expect(fields.keys.sorted() == ["a", "c"])
        #expect(TemplateValue.dictionary(fields)[a] == 3)
        #expect(TemplateValue.string("a")[a] == nil)
        let library = TemplateLibrary(["page": try Template.parse("{{a}}{{c}}{{^b}}-{{/b}}", name: "page")])
        #expect(try library.render("page", context: .dictionary(fields)) == "3x-")
    }

    @Test func equalityIgnoresOrderButNotValues() {
        let one: TemplateDictionary = ["a": 1, "b": .list(["x"])]
        let other = TemplateDictionary(["b": .list(["x"]), "a": 1])
        #expect(one == other)
        #expect(one != ["a": 1, "b": .list(["y"])])
        #expect(one != ["a": 1])
        #expect(one != ["a": 1, "b": .list(["x"]), "c": nil])
    }

    @Test func lookupsWalkOutwardThroughDictionariesOfManyKeys() throws {
        var outer = TemplateDictionary()
        for index in 0..<200 { outer["key\(index)"] = .int(index) }
        let context = TemplateValue.dictionary(outer)
        let source = "{{key0}} {{key199}}{{#inner}} {{key150}} {{own}}{{/inner}} {{missing}}."
        var withInner = outer
        withInner["inner"] = ["own": "mine"]
        #expect(try render(source, context) == "0 199 .")
        #expect(try render(source, .dictionary(withInner)) == "0 199 150 mine .")
    }

    @Test func recursivePartialsRenderThroughTheLibrary() throws {
        let tree: TemplateValue = [
            "children": [["name": "a", "children": [["name": "b", "children": []]]], ["name": "c", "children": []]]
        ]
        let partials = ["item": "<{{name}}{{#children}}{{>item}}{{/children}}>"]
        #expect(try render("{{#children}}{{>item}}{{/children}}", tree, partials: partials) == "<a<b>><c>")
    }
}
