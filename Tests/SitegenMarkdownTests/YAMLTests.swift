import SitegenCore
import Testing

@testable import SitegenMarkdown

@Suite struct YAMLTests {
    func parse(_ text: String, lineOffset: Int = 0) throws(InputError) -> YAMLNode? {
        try YAML.parse(text, path: "Site/sitegen.yml", lineOffset: lineOffset)
    }

    @Test func scalarsKeepWhetherTheyWereQuoted() throws {
        let root = try #require(
            try parse("a: true\nb: \"true\"\nc: 42\nd: '42'\ne: ~\nf:\ng: null\nh: Off\ni: !!str yes\nj: 2.5\n"))
        #expect(root["a"]?.bool == true)
        #expect(root["b"]?.bool == nil)
        #expect(root["b"]?.string == "true")
        #expect(root["c"]?.int == 42)
        #expect(root["d"]?.int == nil)
        #expect(root["d"]?.string == "42")
        #expect(root["e"]?.isNull == true)
        #expect(root["f"]?.isNull == true)
        #expect(root["f"]?.string == nil)
        #expect(root["g"]?.isNull == true)
        #expect(root["h"]?.bool == false)
        #expect(root["i"]?.bool == nil)
        #expect(root["j"]?.double == 2.5)
        #expect(root["missing"] == nil)
    }

    /// A standard tag makes a scalar of its type however it is written; the tag is kept, short.
    @Test func standardTagsAreReadAsTheirType() throws {
        let root = try #require(
            try parse(
                "a: !!bool true\nb: !!int 3\nc: !!str 12\nd: !!bool \"yes\"\ne: !<tag:yaml.org,2002:int> '7'\n"
                    + "f: !!null\ng: !foo y\nh: !!float 2.5\n"))
        #expect(root["a"]?.bool == true)
        #expect(root["a"]?.tag == "!!bool")
        #expect(root["b"]?.int == 3)
        #expect(root["c"]?.string == "12")
        #expect(root["c"]?.int == nil)
        #expect(root["c"]?.tag == "!!str")
        #expect(root["d"]?.bool == true)
        #expect(root["e"]?.int == 7)
        #expect(root["e"]?.tag == "!!int")
        #expect(root["f"]?.isNull == true)
        #expect(root["g"]?.bool == nil)
        #expect(root["g"]?.string == "y")
        #expect(root["g"]?.tag == "!foo")
        #expect(root["h"]?.double == 2.5)
        #expect(root["h"]?.int == nil)
    }

    @Test func sequencesMappingsAndNesting() throws {
        let text = """
            title: Docs
            nav:
              - guide/index.md
              - title: API
                children: [a.md, b.md]
            block: |
              line one
              line two
            """
        let root = try #require(try parse(text))
        #expect(root.pairs?.map { $0.key.string } == ["title", "nav", "block"])
        let nav = try #require(root["nav"]?.array)
        #expect(nav.count == 2)
        #expect(nav[0].string == "guide/index.md")
        #expect(nav[1]["children"]?.array?.compactMap(\.string) == ["a.md", "b.md"])
        #expect(root["block"]?.string == "line one\nline two")
        #expect(root["block"]?.isPlain == false)
    }

    @Test func positionsOfKeysAndValuesWithLineOffset() throws {
        let root = try #require(try parse("title: Hello\nnav:\n  - é: x\n", lineOffset: 1))
        let title = try #require(root.pairs?.first)
        #expect([title.key.line, title.key.column] == [2, 1])
        #expect([title.value.line, title.value.column] == [2, 8])
        let item = try #require(root["nav"]?.array?.first?.pairs?.first)
        #expect([item.key.line, item.key.column] == [4, 5])
        // `é` is two bytes: the value after "é: " is at byte column 9.
        #expect([item.value.line, item.value.column] == [4, 9])
    }

    @Test func syntaxErrorsCarryLibyamlsMessageAndPosition() {
        #expect(
            throws: InputError(
                "invalid YAML: mapping values are not allowed in this context; quote a value that holds ': ' "
                    + "(description: \"Start: pause\")",
                at: SourceLocation(path: "Site/sitegen.yml", line: 3, column: 5))
        ) {
            try parse("a: 1\nb: 2\nc: d: e\n")
        }
        // Left open to the end: the error is where the `[` or the quote opened, not past the last line.
        #expect(
            throws: InputError(
                "invalid YAML: did not find expected ',' or ']' before the end (while parsing a flow sequence from here)",
                at: SourceLocation(path: "Site/sitegen.yml", line: 2, column: 4))
        ) {
            try parse("a: [1, 2\n", lineOffset: 1)
        }
        #expect(
            throws: InputError(
                "invalid YAML: found unexpected end of stream (while scanning a quoted scalar from here)",
                at: SourceLocation(path: "Site/sitegen.yml", line: 2, column: 8))
        ) {
            try parse("a: b\ntitle: \"x\n")
        }
        // A glob pattern left unquoted: the hint says what to do.
        #expect(
            throws: InputError(
                "invalid YAML: did not find expected alphabetic or numeric character (while scanning an alias at line 2, "
                    + "column 5); quote a value that starts with * or & ('*.tmp')",
                at: SourceLocation(path: "Site/sitegen.yml", line: 2, column: 6))
        ) {
            try parse("ignore:\n  - *.tmp\n")
        }
    }

    /// libyaml finds "character that cannot start any token" or a tab that "violates indentation": the
    /// error says what YAML does not allow, at the tab.
    @Test(arguments: [
        ("a:\n\tb: 1\n", 3, 1),
        ("\ta: 1\n", 2, 1),
        ("a:\n  \tb: 1\n", 3, 3),
        ("a:\n\t- x\n", 3, 1),
        ("a: 1\n\tb: 2\n", 3, 1),
        ("a:\n  - x\n  \t- y\n", 4, 3),
        ("a: |\n\tx\n", 3, 1),
        ("aliases:\n  -\tx.html\n", 3, 4),
    ])
    func tabsInIndentationAreNamed(text: String, line: Int, column: Int) {
        #expect(
            throws: InputError(
                "invalid YAML: YAML does not allow tabs for indentation (use spaces)",
                at: SourceLocation(path: "Site/sitegen.yml", line: line, column: column))
        ) {
            try parse(text, lineOffset: 1)
        }
    }

    /// A tab is fine where it does not indent: after a key's colon, in a flow collection, in a quoted value.
    @Test func tabsThatDoNotIndentAreRead() throws {
        let root = try #require(try parse("a: \tb\nc: [1,\n\t2]\nd: \"x\n\ty\"\n"))
        #expect(root["a"]?.string == "b")
        #expect(root["c"]?.array?.compactMap(\.int) == [1, 2])
        #expect(root["d"]?.string == "x y")
    }

    @Test func duplicateKeysAreErrorsAtTheSecondKey() {
        #expect(
            throws: InputError(
                "invalid YAML: duplicate 'title' (first defined on line 2)",
                at: SourceLocation(path: "Site/sitegen.yml", line: 4, column: 3))
        ) {
            try parse("x:\n  title: a\n  y: 1\n  title: b\n")
        }
    }

    @Test func emptyInputIsNil() throws {
        #expect(try parse("") == nil)
        #expect(try parse("# only a comment\n\n") == nil)
    }

    @Test func aliasesAreResolvedAndBombsRefused() throws {
        let root = try #require(try parse("base: &b {x: 1}\ncopy: *b\n"))
        #expect(root["copy"]?["x"]?.int == 1)
        #expect(root["copy"]?.line == 2)
        var bomb = "a: &a [x, x, x, x, x, x, x, x, x, x]\n"
        for level in 1...6 {
            bomb += "\(Character(UnicodeScalar(97 + level)!)): &\(Character(UnicodeScalar(97 + level)!)) ["
            bomb += Array(repeating: "*\(Character(UnicodeScalar(96 + level)!))", count: 10).joined(separator: ", ")
            bomb += "]\n"
        }
        #expect(throws: InputError.self) { try parse(bomb) }
        #expect(throws: InputError.self) { try parse("a: *nope\n") }
    }

    @Test func collectionsNestUpToAHundredLevels() throws {
        let nested = { (levels: Int) in
            "a: " + String(repeating: "[", count: levels) + String(repeating: "]", count: levels) + "\n"
        }
        // The mapping at the top is one level: 99 sequences inside it make 100.
        #expect(try parse(nested(99)) != nil)
        // Deeper is an error at the collection that goes too deep, not a crash when 40,000 are freed.
        #expect(
            throws: InputError(
                "invalid YAML: collections nested deeper than 100 levels",
                at: SourceLocation(path: "Site/sitegen.yml", line: 1, column: 103))
        ) { try parse(nested(40_000)) }
    }

    @Test func secondDocumentIsAnError() {
        #expect(throws: InputError.self) { try parse("a: 1\n---\nb: 2\n") }
    }
}
