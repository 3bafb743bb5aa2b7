import Testing

@testable import SitegenMarkdown

/// Each document labels its links uniquely; the expected position of a link is where its label's
/// opener (`[L3`, `![I1`, `<https://a1`) is in the source, in 1-based UTF-8 byte columns.
@Suite struct LinkPositionTests {
    static let documents: [String] = [
        "Hello [L1](b.md) and ![I1](x.png)\n",
        "- item\n  continued [L1](b) x\n    indented [L2](d)\n",
        "para\n   leading [L1](f) and [L2](g)\nlazy [L3](h)\n",
        "1. x\n\n   > q [L1](h)\n   > [L2](j)\n   >    deep [L3](k)\nlazy [L4](l)\n",
        "> > nested [L1](a)\n> > more [L2](b)\n>>tight [L3](c)\n",
        "&amp; [L1](l) \\* [L2](n) `[no](x)` [L3](p)\n",
        "code `a\nb` then [L1](x) and [L2](y)\n",
        "line  \nhard [L1](r)\\\nback [L2](s)\n",
        "## Head *em* `c` [L1](e.md)\n\n#   Spaced [L2](x) #\n",
        "Setext [L1](v)\nsecond [L2](w)\n====\n",
        "multi [L1\ncontinued](z) after [L2](q)\n",
        "auto <https://a1.example> and\nsecond <https://a2.example> <a3@example.com>\n",
        "é ü 😀 [L1](x) ![I1](y)\n\n  ——[L2](z)\n",
        "*[L1](a)* **x [L2](b)** _[L3](c)_\n",
        "a <span\nclass=x>y</span> [L1](a)\n", "b\\\nc\\\nd [L1](x)\n  e [L2](y)\n",
        "- a\n  - b [L1](x)\n    c [L2](y)\n",
        "text [](empty) ![](img.png) [*L1*](emph)\n",
        "crlf [L1](a)\r\nnext [L2](b)\r\n",
        "[L1](a) [L2](b) [L3](c)\n[L4](d) [L5](e)\n",
        "a\ttab [L1](a)\n", "x\n- \tlist\n  [L1](a) \\\\\n  y [L2](b)\n",
        "[x]: not a definition\n[L1](a) after\n",
        // One block of many lines, walked once for all its links, with hard breaks and a lazy line.
        (1...40).map { "row \($0 % 7 == 0 ? "\\" : "") [L\($0)](p\($0))\($0 % 5 == 0 ? "\\" : "")" }.joined(separator: "\n")
            + "\n   last [L41](q)\n",
    ]

    @Test(arguments: documents)
    func linkPositionsMatchTheSource(document: String) {
        let rendered = MarkdownRenderer.render(document, lineOffset: 0)
        let expected = Self.openers(in: document)
        let actual = rendered.links.map { "\($0.line):\($0.column)" }
        #expect(actual == expected.map { "\($0.line):\($0.column)" }, "\(document.debugDescription)")
    }

    /// Every reported position, in every document joined into one, is an opener in the source.
    @Test func everyPositionPointsAtAnOpener() {
        let document = Self.documents.joined(separator: "\n\n")
        let lines = Array(document.utf8).split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
            .map(Array.init)
        let rendered = MarkdownRenderer.render(document)
        #expect(rendered.links.count == Self.openers(in: document).count)
        for link in rendered.links {
            let line = lines[link.line - 1]
            let byte = line.indices.contains(link.column - 1) ? line[link.column - 1] : 0
            #expect([UInt8(ascii: "["), UInt8(ascii: "!"), UInt8(ascii: "<")].contains(byte), "\(link)")
            #expect((byte == UInt8(ascii: "!")) == link.isImage, "\(link)")
        }
    }

    @Test func lineOffsetIsAdded() {
        let rendered = MarkdownRenderer.render("x\n\n> a [L1](b)\n", lineOffset: 4)
        #expect(rendered.links.map { [$0.line, $0.column] } == [[7, 5]])
    }

    @Test func referenceLinksUseTheDefinitionsDestination() {
        let rendered = MarkdownRenderer.render("[a][ref] and [ref]\n\n[ref]: guide/x.md#y\n")
        #expect(rendered.links.map(\.destination) == ["guide/x.md#y", "guide/x.md#y"])
        #expect(rendered.links.map(\.rewritten) == ["guide/x.html#y", "guide/x.html#y"])
        #expect(rendered.links.map { "\($0.line):\($0.column)" } == ["3:8", "3:8"])
    }

    /// A reference link is placed at its definition's destination, the text to edit: full,
    /// collapsed and shortcut references, labels in other case and spacing, definitions before the
    /// paragraph (which cmark takes off it), in a block quote, with the destination on the next
    /// line; inline links among them keep their own place, and brackets in code are no label.
    @Test(arguments: [
        ("[L1] and [L2][ref] and [ref][] x\n\n[ref]: /r.md\n[L1]: /s.md\n", ["4:7", "3:8", "3:8"]),
        ("[ref]: /r.md\nsee [L1][ref] and [L2](d)\n", ["1:8", "2:19"]),
        (
            "[a]: /a.md\n[b]: /b.md \"T\"\n[c]:\n  /c.md\n  \"title\"\nsee [L1][a] [L2][b] [L3][c] and [L4](d)\n",
            ["1:6", "2:6", "4:3", "6:33"]
        ),
        ("> [q]: /q.md\n> quoted [L1][q] [L2](e)\n", ["1:8", "2:18"]),
        ("[The  Guide][] and ![pic][the GUIDE]\n\n [the guide]: g.md\n", ["3:15", "3:15"]),
        ("[`a]`][r] x\n\n[r]: z.md\n", ["3:6"]),
        // A look-alike in fenced code is no definition; the real one after it is.
        ("[L1][a]\n\n```\n[a]: fake.md\n```\n\n[a]: real.md\n", ["7:6"]),
        // HTML blocks whose end cmark leaves unset (a lone tag line).
        ("<img src=\"x.png\">\n\n<link rel=\"x\" href=\"y\">\n\n[L1][a]\n\n[a]: y.md\n", ["7:6"]),
        // Nor one in indented code or an HTML block, even writing the same destination.
        (
            "Use [x] and [w].\n\n    [x]: x.md\n\n<div>\n[w]: w.md\n</div>\n\n<!--\n[w]: w.md\n-->\n\n[x]: x.md\n\n[w]: w.md\n",
            ["13:6", "15:6"]
        ),
        // In list items, nested lists and block quotes, with the destination on the next line.
        (
            "[L1][a] [L2][b] [L3][c] [L4][d]\n\n- [a]: ga.md\n- one\n  - two\n\n    [b]: gb.md\n> - [c]: gc.md\n\n> [d]:\n>    gd.md\n",
            ["3:8", "7:10", "8:10", "11:6"]
        ),
        // Angle brackets, and a destination written otherwise than cmark gives it: the link's place.
        ("[L1][a] [L2][b]\n\n[a]: <x y.md>\n[b]: caf&eacute;.md\n", ["3:6", "1:9"]),
    ])
    func referenceLinksArePlacedAtTheirDefinition(document: String, places: [String]) {
        let rendered = MarkdownRenderer.render(document, lineOffset: 0)
        #expect(rendered.links.map { "\($0.line):\($0.column)" } == places, "\(document.debugDescription)")
    }

    @Test func autolinksAndImages() {
        let rendered = MarkdownRenderer.render("x <a@b.co> ![pic](p.png)\n")
        #expect(rendered.links.map(\.destination) == ["mailto:a@b.co", "p.png"])
        #expect(rendered.links.map(\.isImage) == [false, true])
        #expect(rendered.links.map(\.column) == [3, 12])
    }

    static let openerPrefixes = ["[L", "![I", "![](", "[](", "[*L", "<https://", "<a3@", "[ref][]"]

    /// Positions of `[`, `![` or `<` that begin a labelled link, in document order.
    static func openers(in document: String) -> [(line: Int, column: Int)] {
        let bytes = Array(document.utf8)
        var found: [(line: Int, column: Int)] = []
        var line = 1
        var column = 1
        for index in bytes.indices {
            let rest = bytes[index...]
            let afterBang = bytes[index] == UInt8(ascii: "[") && index > 0 && bytes[index - 1] == UInt8(ascii: "!")
            let isDefinition = column == 1 && rest.starts(with: Array("[L1]:".utf8))
            if !afterBang, !isDefinition, openerPrefixes.contains(where: { rest.starts(with: Array($0.utf8)) }) {
                found.append((line, column))
            }
            if bytes[index] == UInt8(ascii: "\n") {
                line += 1
                column = 1
            } else {
                column += 1
            }
        }
        return found
    }
}
