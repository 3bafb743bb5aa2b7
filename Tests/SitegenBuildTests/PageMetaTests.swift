import SitegenCore
import SitegenMarkdown
import Testing

@testable import SitegenBuild

/// Front matter values read into a page's metadata, and the errors about them.
@Suite struct PageMetaTests {
    private func decode(_ yaml: String) throws(InputError) -> (PageMeta, [Diagnostic]) {
        try PageMeta.decode(try YAML.parse(yaml, path: "Site/p.md", lineOffset: 1), path: "Site/p.md")
    }

    private func expectError(_ yaml: String, _ expected: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        do throws(InputError) {
            _ = try decode(yaml)
            Issue.record("expected an input error", sourceLocation: sourceLocation)
        } catch {
            #expect(error.description == expected, sourceLocation: sourceLocation)
        }
    }

    /// An alias that is not text is named as one item of the list, where it is written.
    @Test func anAliasThatIsNotTextIsRefusedAtTheItem() {
        expectError("aliases: [[a.html]]\n", "Site/p.md:2:11: error: each item of 'aliases' must be a text value, not a list")
        expectError(
            "aliases:\n  - ok.html\n  - old: x.html\n",
            "Site/p.md:4:5: error: each item of 'aliases' must be a text value, not a mapping")
        expectError("aliases: [ok.html, ~]\n", "Site/p.md:2:20: error: each item of 'aliases' must be a text value, not empty")
    }

    @Test func aKeyThatIsNotTextIsAWarningSayingSo() throws {
        let (meta, warnings) = try decode("? [a]\n: x\ntitle: T\n")
        #expect(meta.title == "T")
        #expect(
            warnings.map(\.description) == [
                "Site/p.md:2:3: warning: a front matter key must be plain text, not a list [unknown-key]"
            ])
    }

    /// A text key's value tagged as another type is refused with its tag (front-matter.md), as a
    /// number's or a flag's is.
    @Test func textTaggedAsAnotherTypeIsRefusedWithItsTag() {
        expectError("title: !!int 12\n", "Site/p.md:2:8: error: 'title' must be a text value, not a value tagged !!int")
        expectError("description: !foo x\n", "Site/p.md:2:14: error: 'description' must be a text value, not a value tagged !foo")
        expectError(
            "aliases: [ok.html, !!int 5]\n",
            "Site/p.md:2:20: error: each item of 'aliases' must be a text value, not a value tagged !!int")
        expectError(
            "aliases: !!binary abc\n",
            "Site/p.md:2:10: error: 'aliases' must be a list of text values, not a value tagged !!binary")
    }

    /// YAML's standard tag of the type a key expects is read as that type.
    @Test func standardTagsOfTheExpectedTypeAreRead() throws {
        let (meta, warnings) = try decode("draft: !!bool true\norder: !!int 3\ntitle: !!str 12\naliases: [!!str 404]\n")
        #expect(meta.draft)
        #expect(meta.order == 3)
        #expect(meta.title == "12")
        #expect(meta.aliases == ["404"])
        #expect(warnings.isEmpty)
    }

    /// Another tag makes the value another type: the error names the tag.
    @Test func anotherTagIsNamed() {
        expectError("draft: !!str yes\n", "Site/p.md:2:8: error: 'draft' must be true or false, not a value tagged !!str")
        expectError("order: !!float 3\n", "Site/p.md:2:8: error: 'order' must be a whole number, not a value tagged !!float")
        expectError("draft: !!bool maybe\n", "Site/p.md:2:8: error: 'draft' must be true or false")
    }

    /// A whole number that does not fit is named as too large or too small, with the range.
    @Test func anOrderOutOfRangeSaysSo() throws {
        expectError(
            "order: 99999999999999999999999\n",
            "Site/p.md:2:8: error: 'order' is too large: a whole number must be from -9223372036854775808 to "
                + "9223372036854775807")
        expectError(
            "order: !!int -9223372036854775809\n",
            "Site/p.md:2:8: error: 'order' is too small: a whole number must be from -9223372036854775808 to "
                + "9223372036854775807")
        #expect(try decode("order: -9223372036854775808\n").0.order == Int.min)
        expectError("order: +-1\n", "Site/p.md:2:8: error: 'order' must be a whole number")
        expectError("order: '99999999999999999999999'\n", "Site/p.md:2:8: error: 'order' must be a whole number")
    }
}
