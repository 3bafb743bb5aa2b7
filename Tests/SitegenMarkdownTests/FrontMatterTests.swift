import SitegenCore
import Testing

@testable import SitegenMarkdown

@Suite struct FrontMatterTests {
    func split(_ text: String) throws(InputError) -> FrontMatterSplit {
        try FrontMatter.split(text, path: "Site/a.md")
    }

    @Test func noFrontMatter() throws {
        #expect(
            try split("# Hi\n---\n") == FrontMatterSplit(yaml: nil, yamlLineOffset: 0, body: "# Hi\n---\n", bodyLineOffset: 0))
        #expect(try split("") == FrontMatterSplit(yaml: nil, yamlLineOffset: 0, body: "", bodyLineOffset: 0))
        #expect(try split("----\nx\n----\n").yaml == nil)
    }

    /// Front matter below blank lines is no front matter (Hugo and MkDocs read it from the first
    /// line only): its line is told, so that the loader can warn; a rule and text are not.
    @Test func frontMatterBelowABlankLineIsTold() throws {
        let late = try split("\n\n---\ntitle: A\norder: 2\n---\n# Body\n")
        #expect(late.yaml == nil && late.lateFrontMatterLine == 3)
        #expect(late.body == "\n\n---\ntitle: A\norder: 2\n---\n# Body\n")
        #expect(try split(" \r\n---\r\nnav_title: A\r\n...\r\n").lateFrontMatterLine == 2)
        for text in [
            "---\ntitle: A\n---\n", "Text\n\n---\ntitle: A\n---\n", "\n---\nSome text: here\n---\n", "\n---\ntitle: A\n",
            "\n---\n---\n",
        ] {
            #expect(try split(text).lateFrontMatterLine == nil, "\(text)")
        }
    }

    @Test func normal() throws {
        let result = try split("---\ntitle: A\ntags: [x]\n---\n# Body\n")
        #expect(result == FrontMatterSplit(yaml: "title: A\ntags: [x]\n", yamlLineOffset: 1, body: "# Body\n", bodyLineOffset: 4))
    }

    @Test func crlfBOMAndDotsClose() throws {
        let result = try split("\u{FEFF}---\r\ntitle: A\r\n...\r\nBody\r\n")
        #expect(result == FrontMatterSplit(yaml: "title: A\r\n", yamlLineOffset: 1, body: "Body\r\n", bodyLineOffset: 3))
        #expect(try split("\u{FEFF}plain").body == "plain")
    }

    /// Old Mac line ends (a lone `\r`), which cmark and libyaml read as line ends too.
    @Test func loneCarriageReturnsEndLines() throws {
        let result = try split("---\rtitle: CR only\r---\r# Body\r")
        #expect(result == FrontMatterSplit(yaml: "title: CR only\r", yamlLineOffset: 1, body: "# Body\r", bodyLineOffset: 3))
        #expect(try split("---\r\ntitle: A\r---\nB").body == "B")
    }

    @Test func emptyFrontMatterAndTrailingBlanks() throws {
        #expect(try split("---\n---") == FrontMatterSplit(yaml: "", yamlLineOffset: 1, body: "", bodyLineOffset: 2))
        #expect(try split("--- \nx: 1\n---\t\nB").bodyLineOffset == 3)
    }

    @Test func unclosedIsAnError() {
        #expect(
            throws: InputError(
                "front matter starts with '---' but never ends (close it with a line '---')",
                at: SourceLocation(path: "Site/a.md", line: 1, column: 1))
        ) {
            try split("---\ntitle: A\n# Body\n")
        }
    }

    /// Hugo's TOML front matter would show as the page's text: an error that says what to write.
    @Test func tomlFrontMatterIsAnError() throws {
        #expect(
            throws: InputError(
                "front matter in TOML ('+++') is not read: write it as YAML between '---' lines (title: My page)",
                at: SourceLocation(path: "Site/a.md", line: 1, column: 1))
        ) {
            try split("+++\ntitle = \"A\"\n+++\n# Body\n")
        }
        // Not at the start, or more than three: Markdown, as before.
        #expect(try split("Text\n+++\n").yaml == nil)
        #expect(try split("++++\n").yaml == nil)
    }

    @Test func offsetsLineUpWithTheFile() throws {
        let file = "---\ntitle: T\n---\n\nSee [x](b.md).\n"
        let result = try split(file)
        let yaml = try #require(try YAML.parse(result.yaml ?? "", path: "a.md", lineOffset: result.yamlLineOffset))
        #expect(yaml["title"]?.line == 2)
        let rendered = MarkdownRenderer.render(result.body, lineOffset: result.bodyLineOffset)
        #expect(rendered.links.map { [$0.line, $0.column] } == [[5, 5]])
    }
}
