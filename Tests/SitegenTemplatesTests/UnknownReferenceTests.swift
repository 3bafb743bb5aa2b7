import SitegenCore
import SitegenTemplates
import Testing

@Suite("Unknown references")
struct UnknownReferenceTests {
    @Test func aPartialInASectionNoRenderReachesIsFound() throws {
        let lib = try library("<aside>\n{{#hasToc}}{{> tocc}}{{/hasToc}}\n</aside>", missingPartials: .error)
        // Rendering never meets the tag while the section is false, so only the check reports it.
        #expect(try lib.render("page", context: [:]) == "<aside>\n\n</aside>")
        #expect(
            lib.unknownReferences() == [
                TemplateError(
                    "unknown partial 'tocc'", at: SourceLocation(path: "Templates/page.html", line: 2, column: 12),
                    sourceLine: "{{#hasToc}}{{> tocc}}{{/hasToc}}")
            ])
    }

    @Test func parentsAndTagsInsidePartialsAreFoundInOrder() throws {
        let lib = try library(
            "{{> nav}}\n{{^a}}{{<base}}{{$x}}{{> inner}}{{/x}}{{/base}}{{/a}}",
            partials: ["nav": "x\n{{<frame}}{{/frame}}", "unused": "{{#a}}\n  {{> gone}}\n{{/a}}"],
            missingPartials: .error)
        #expect(
            lib.unknownReferences().map(\.description) == [
                "Templates/nav.html:2:1: error: unknown partial 'frame'",
                "Templates/page.html:2:7: error: unknown partial 'base'",
                "Templates/page.html:2:22: error: unknown partial 'inner'",
                "Templates/unused.html:2:3: error: unknown partial 'gone'",
            ])
    }

    @Test func knownNamesAndRecursionAreFine() throws {
        let lib = try library(
            "{{<base}}{{$main}}{{> item}}{{/main}}{{/base}}",
            partials: ["base": "<main>{{$main}}{{/main}}</main>", "item": "{{#kids}}{{> item}}{{/kids}}"],
            missingPartials: .error)
        #expect(lib.unknownReferences().isEmpty)
    }

    @Test func theSpecPolicyStillRendersMissingPartialsAsNothing() throws {
        let lib = try library("a{{> nav}}b")
        #expect(try lib.render("page", context: [:]) == "ab")
        #expect(lib.unknownReferences().map(\.message) == ["unknown partial 'nav'"])
    }

    /// A near name is named, at the check and at render time alike.
    @Test func aNearPartialIsSuggested() throws {
        let lib = try library("{{> foter}}", partials: ["footer": "f", "header": "h"], missingPartials: .error)
        #expect(lib.unknownReferences().map(\.message) == ["unknown partial 'foter' (did you mean 'footer'?)"])
        #expect(throws: lib.unknownReferences()[0]) { try lib.render("page", context: [:]) }
    }
}

@Suite("Unused blocks")
struct UnusedBlockTests {
    @Test func aBlockTheParentDoesNotHaveIsFoundWithASuggestion() throws {
        let lib = try library(
            "{{<base}}\n{{$asid}}TOC{{/asid}}\n  {{$main}}M{{/main}}\n{{/base}}",
            partials: ["base": "<aside>{{$aside}}{{/aside}}</aside>{{$main}}{{/main}}"], missingPartials: .error)
        #expect(try lib.render("page", context: [:]) == "<aside></aside>M")
        #expect(
            lib.unusedBlocks() == [
                TemplateError(
                    "block 'asid' is in neither 'base' nor a template it includes, so its content is never shown (did you mean 'aside'?)",
                    at: SourceLocation(path: "Templates/page.html", line: 2, column: 1), sourceLine: "{{$asid}}TOC{{/asid}}")
            ])
    }

    /// A block may be in a partial the parent includes, in the parent's own parent, or in the
    /// content the parent passes to its parent: each is a place rendering meets it.
    @Test func blocksReachedThroughPartialsAndGrandparentsAreUsed() throws {
        let lib = try library(
            "{{<middle}}{{$title}}T{{/title}}{{$crumb}}C{{/crumb}}{{$inner}}I{{/inner}}{{/middle}}",
            partials: [
                "middle": "{{<top}}{{$body}}{{$inner}}{{/inner}}{{/body}}{{/top}}",
                "top": "{{> head}}{{$body}}{{/body}}{{> crumbs}}",
                "head": "<title>{{$title}}{{/title}}</title>",
                "crumbs": "{{#a}}{{$crumb}}{{/crumb}}{{> crumbs}}{{/a}}",
            ], missingPartials: .error)
        #expect(lib.unusedBlocks().isEmpty)
        #expect(try lib.render("page", context: [:]) == "<title>T</title>I")
    }

    /// What a parent tag passes is rendered in the parent: a block in a partial or parent that the
    /// passed content includes is filled by the same tag, so it is used.
    @Test(arguments: ["{{>side}}", "{{<side}}{{/side}}", "{{#x}}{{>side}}{{/x}}"])
    func aBlockInTheContentPassedToTheParentIsUsed(main: String) throws {
        let lib = try library(
            "{{<parent}}{{$main}}\(main){{/main}}{{$s}}C{{/s}}{{/parent}}",
            partials: ["parent": "({{$main}}{{/main}})", "side": "{{$s}}d{{/s}}"], missingPartials: .error)
        #expect(lib.unusedBlocks().isEmpty)
        #expect(try lib.render("page", context: ["x": true]) == "(C)")
    }
}
