import SitegenCore
import SitegenTemplates
import Testing

@Suite("Render errors")
struct RenderErrorTests {
    @Test func missingPartialRendersEmptyByDefault() throws {
        #expect(try render("a{{>nav}}b") == "ab")
        #expect(try render("a{{<nav}}{{$x}}y{{/x}}{{/nav}}b") == "ab")
    }

    @Test func missingPartialIsAnErrorAtTheTag() throws {
        let lib = try library("<body>\n  {{> nav }}\n</body>", missingPartials: .error)
        #expect(
            throws: TemplateError(
                "unknown partial 'nav'", at: SourceLocation(path: "Templates/page.html", line: 2, column: 3),
                sourceLine: "  {{> nav }}")
        ) {
            try lib.render("page", context: [:])
        }
    }

    @Test func missingParentIsAnErrorInsideAPartial() throws {
        let lib = try library("{{>nav}}", partials: ["nav": "x\n{{<base}}{{/base}}"], missingPartials: .error)
        do {
            _ = try lib.render("page", context: [:])
            Issue.record("expected an error")
        } catch {
            #expect(error.description == "Templates/nav.html:2:1: error: unknown partial 'base'")
        }
    }

    @Test func unknownTemplate() throws {
        #expect(throws: TemplateError("unknown template 'nope'", at: SourceLocation(path: "nope"))) {
            try library("").render("nope", context: [:])
        }
    }

    @Test func infiniteRecursionStopsAtTheLimit() throws {
        let lib = try library("{{>nav}}", partials: ["nav": "n\n {{>nav}}"])
        do {
            _ = try lib.render("page", context: [:])
            Issue.record("expected an error")
        } catch {
            #expect(error.message == "partial recursion deeper than 100 levels: page > nav > nav > nav > nav > ...")
            #expect(error.location == SourceLocation(path: "Templates/nav.html", line: 2, column: 2))
            #expect(error.sourceLine == " {{>nav}}")
        }
    }

    @Test func sectionsInsideARecursivePartialStopAtTheDepthLimitNotTheStack() throws {
        // 80 sections a level: the partial limit (100) would come after 8,000 frames, past the stack.
        let body = String(repeating: "{{#on}}", count: 80) + "{{>p}}" + String(repeating: "{{/on}}", count: 80)
        let lib = try library("{{>p}}", partials: ["p": body])
        do {
            _ = try lib.render("page", context: ["on": .bool(true)])
            Issue.record("expected an error")
        } catch {
            #expect(error.message.hasPrefix("sections and partials nested deeper than 1000 levels: page > p > p"))
            #expect(error.location.path == "Templates/p.html")
        }
    }

    /// Sections count as partials do: 400 sections, a partial, 400 more, a partial and 400 more
    /// would be 1,202 levels. The 1,001st level is the 199th section of `b`.
    @Test func sectionsBetweenPartialsStopAtTheDepthLimitAtTheSectionTag() throws {
        let open = String(repeating: "{{#on}}", count: 400)
        let close = String(repeating: "{{/on}}", count: 400)
        let lib = try library(
            open + "{{>a}}" + close, partials: ["a": open + "{{>b}}" + close, "b": open + "x" + close])
        do {
            _ = try lib.render("page", context: ["on": .bool(true)])
            Issue.record("expected an error")
        } catch {
            #expect(error.message == "sections and partials nested deeper than 1000 levels: page > a > b > ...")
            #expect(error.location == SourceLocation(path: "Templates/b.html", line: 1, column: 198 * 7 + 1))
        }
    }

    /// 500 sections, a partial and 499 sections are 1,000 levels: the limit itself renders.
    @Test func sectionsAndPartialsNestUpTo1000Levels() throws {
        let nested = { (levels: Int, inner: String) in
            String(repeating: "{{#on}}", count: levels) + inner + String(repeating: "{{/on}}", count: levels)
        }
        let context: TemplateValue = ["on": .bool(true)]
        let page = nested(500, "{{>a}}")
        #expect(try library(page, partials: ["a": nested(499, "x")]).render("page", context: context) == "x")
        for deeper in [nested(500, "x"), nested(499, "{{^off}}x{{/off}}"), nested(499, "{{>b}}")] {
            let lib = try library(page, partials: ["a": deeper, "b": "x"])
            #expect(throws: TemplateError.self) { try lib.render("page", context: context) }
        }
    }

    @Test func oneTemplateNestsSectionsUpTo500Levels() throws {
        let deep = { (levels: Int) in
            String(repeating: "{{#on}}", count: levels) + "x" + String(repeating: "{{/on}}", count: levels)
        }
        #expect(try library(deep(500)).render("page", context: ["on": .bool(true)]) == "x")
        #expect(throws: TemplateError.self) { try library(deep(501)) }
    }

    @Test func parentRecursionStopsToo() throws {
        let lib = try library("{{<a}}{{/a}}", partials: ["a": "{{<a}}{{$x}}{{/x}}{{/a}}"], recursionLimit: 10)
        #expect(throws: TemplateError.self) { try lib.render("page", context: [:]) }
    }

    @Test func nestingUpToTheLimitWorks() throws {
        var partials: [String: String] = [:]
        for level in 1...10 { partials["p\(level)"] = level == 10 ? "end" : "{{>p\(level + 1)}}" }
        #expect(try library("{{>p1}}", partials: partials, recursionLimit: 10).render("page", context: [:]) == "end")
        #expect(throws: TemplateError.self) {
            try library("{{>p1}}", partials: partials, recursionLimit: 9).render("page", context: [:])
        }
    }

    @Test func recursionThroughDataTerminates() throws {
        let tree: TemplateValue = ["name": "a", "kids": [["name": "b", "kids": [["name": "c", "kids": []]]]]]
        let out = try render("{{>node}}", tree, partials: ["node": "<{{name}}{{#kids}}{{>node}}{{/kids}}>"])
        #expect(out == "<a<b<c>>>")
    }
}

@Suite("Write-once names")
struct WriteOnceTests {
    private func lib(_ source: String, partials: [String: String] = [:]) throws -> TemplateLibrary {
        var templates = ["page": try Template.parse(source, name: "page", path: "Templates/page.html")]
        for (name, text) in partials {
            templates[name] = try Template.parse(text, name: name, path: "Templates/\(name).html")
        }
        return TemplateLibrary(templates, writeOnce: ["content"])
    }

    @Test func aSecondTagWritingTheNameIsAnErrorThere() throws {
        let library = try lib("<main>{{{content}}}</main>\n<aside>{{&content}}</aside>")
        #expect(
            throws: TemplateError(
                "'content' is written a second time in one render (first at Templates/page.html:1:7): it may be written only once",
                at: SourceLocation(path: "Templates/page.html", line: 2, column: 8),
                sourceLine: "<aside>{{&content}}</aside>")
        ) { try library.render("page", context: ["content": "<p>x</p>"]) }
    }

    @Test func theSameTagReachedTwiceIsAnErrorToo() throws {
        let library = try lib("{{#items}}{{> body}}{{/items}}", partials: ["body": "{{{ content }}}"])
        do {
            _ = try library.render("page", context: ["content": "c", "items": [1, 2]])
            Issue.record("expected an error")
        } catch {
            #expect(
                error.description
                    == "Templates/body.html:1:1: error: 'content' is written a second time in one render by the same tag "
                    + "(in a section that repeats, or a partial used twice): it may be written only once")
        }
    }

    /// Tags that a render reaches once each are fine: either branch of a condition, a block's
    /// default and what replaces it, one render after another.
    @Test func onceARenderIsFine() throws {
        let branches = try lib("{{#wide}}<div>{{{content}}}</div>{{/wide}}{{^wide}}{{{content}}}{{/wide}}")
        #expect(try branches.render("page", context: ["content": "c", "wide": true]) == "<div>c</div>")
        #expect(try branches.render("page", context: ["content": "c", "wide": false]) == "c")
        let blocks = try lib(
            "{{<base}}{{$main}}<div>{{{content}}}</div>{{/main}}{{/base}}",
            partials: ["base": "<main>{{$main}}{{{content}}}{{/main}}</main>"])
        #expect(try blocks.render("page", context: ["content": "c"]) == "<main><div>c</div></main>")
        #expect(try blocks.render("page", context: ["content": "c"]) == "<main><div>c</div></main>")
    }

    /// A list item's output is kept for the next render only when it depends on nothing but the
    /// item: one that writes a write-once name is rendered, and counted, every time.
    @Test func aSharedListItemWritingTheNameIsCountedInEveryRender() throws {
        let library = try lib("{{#items}}{{{content}}}{{/items}}")
        var item = TemplateDictionary()
        item["content"] = "i"
        item.isShared = true
        let context: TemplateValue = ["items": [.dictionary(item)]]
        #expect(try library.render("page", context: context) == "i")
        let twice: TemplateValue = ["items": [.dictionary(item), .dictionary(item)]]
        #expect(throws: TemplateError.self) { try library.render("page", context: twice) }
    }

    @Test func withoutTheOptionANameMayBeWrittenAnyNumberOfTimes() throws {
        #expect(try render("{{{content}}}{{content}}", ["content": "<b>"]) == "<b>&lt;b&gt;")
    }
}
