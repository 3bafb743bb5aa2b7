import Foundation
import Testing

@testable import SitegenLinks

/// SVG's presentation attributes that name an element by `url()` (`fill="url(#grad)"`), on the
/// elements of an inline `<svg>` and of an SVG file: only the `url()` of the value is a reference.
@Suite struct SVGPresentationAttributeTests {
    private func links(_ html: String, xml: Bool = false) -> [ExtractedLink] {
        HTMLExtractor.extract(Data(html.utf8), xml: xml).links
    }

    @Test(arguments: [
        "fill", "stroke", "clip-path", "mask", "filter", "marker-start", "marker-mid", "marker-end", "cursor",
    ])
    func eachAttributeIsAReference(attribute: String) {
        let found = links("<p>\n<svg><path d=\"M0 0\" \(attribute)=\"url(#a)\"/></svg>")
        #expect(found.map { "\($0.element).\($0.attribute) \($0.url)@\($0.line):\($0.column)" } == ["path.\(attribute) #a@2:21"])
        #expect(found.first?.destination == .other)
        #expect(
            links(#"<svg xmlns="http://www.w3.org/2000/svg"><g \#(attribute)="url(#b)"/></svg>"#, xml: true).map(\.url) == ["#b"])
    }

    /// The value is CSS: a colour or keyword names nothing, a fallback after the `url()` is no
    /// reference, and the `url()` is read as CSS reads it (quotes, spaces, case, escapes), after
    /// the tokenizer has decoded the attribute's character references.
    @Test(
        arguments: [
            ("none", []), ("currentColor", []), ("#fff", []), ("red", []), ("", []), ("rgb(0, 0, 0)", []),
            ("inherit", []), ("context-stroke", []),
            ("url(#a) red", ["#a"]), ("url(#a) none", ["#a"]), (##"url("#a")"##, ["#a"]), ("url('#a')", ["#a"]),
            ("url( #a )", ["#a"]), ("url(  '#a'  ) #000", ["#a"]), ("URL(#a)", ["#a"]), (#"url(#a\ b)"#, ["#a b"]),
            ("url(&quot;#a&quot;)", ["#a"]), ("&#117;rl(#a)", ["#a"]), ("url(other.svg#x)", ["other.svg#x"]),
            ("url(c.svg) 2 2, url(d.png), auto", ["c.svg", "d.png"]),
            // What CSS makes a bad URL fetches nothing.
            ("url(#a b)", []), ("url(a(1).svg#x)", []),
        ] as [(String, [String])])
    func onlyTheURLOfTheValueIsAReference(value: String, expected: [String]) {
        let quote = value.contains("\"") ? "'" : "\""
        for attribute in ["fill", "mask"] {
            let written = "\(attribute)=\(quote)\(value)\(quote)"
            #expect(links("<svg><rect \(written)/></svg>").map(\.url) == expected, "\(written)")
        }
    }

    /// Presentation attributes belong to SVG elements: the `<svg>` itself and what is inside it, but
    /// not HTML elements, those of an HTML integration point (`<foreignObject>`) among them.
    @Test func onlySVGElementsHavePresentationAttributes() {
        #expect(links(#"<svg fill="url(#root)"><g stroke="url(#g)"></g></svg>"#).map(\.url) == ["#root", "#g"])
        #expect(links(#"<div fill="url(#a)" mask="url(#b)"><p filter="url(#c)">x</p></div><img cursor="url(#d)">"#).isEmpty)
        #expect(
            links(#"<svg><foreignObject clip-path="url(#in)"><div fill="url(#html)">x</div></foreignObject></svg>"#).map(\.url)
                == ["#in"])
        #expect(links(#"<svg><rect fill="url(#in)"/></svg><rect fill="url(#after)">"#).map(\.url) == ["#in"])
        #expect(links(#"<svg/><rect fill="url(#closed)">"#).isEmpty, "a closed <svg/> opens nothing")
    }

    /// As the tokenizer keeps attributes, the first of a name wins, even one that holds no `url()`.
    @Test func theFirstAttributeOfANameWins() {
        #expect(links(#"<svg><rect fill="red" fill="url(#second)"/></svg>"#).isEmpty)
        #expect(links(#"<svg><rect FILL="url(#first)" fill="url(#second)"/></svg>"#).map(\.url) == ["#first"])
    }

    /// Each reference is placed at its attribute's name, as a `style` attribute's are; an element's
    /// `href` keeps what a browser fetches it as, its presentation attributes do not take it.
    @Test func placesAndDestinations() {
        let found = links(
            "<svg>\n  <path d=\"M0 0\"\n     stroke=\"url(#s)\" style=\"fill: url(#f)\"\n     marker-end=\"url(m.svg#end)\"/>\n"
                + "<script href=\"a.js\" fill=\"url(#x)\"/></svg>")
        #expect(
            found.map { "\($0.element).\($0.attribute) \($0.url)@\($0.line):\($0.column) \($0.destination)" } == [
                "path.stroke #s@3:6 other", "path.style #f@3:23 other", "path.marker-end m.svg#end@4:6 other",
                "script.href a.js@5:9 script", "script.fill #x@5:21 other",
            ])
    }
}

/// The references of presentation attributes are checked as any other: `#id` against the page's
/// ids, `other.svg#id` against that file's.
@Suite struct SVGPresentationAttributeCheckTests {
    @Test func missingTargetsAreBrokenFragments() async {
        let site = InMemoryFetcher([
            "index.html": """
            <svg><defs><linearGradient id="present"/></defs>
            <rect fill="url(#present)" stroke="url(#missing)" style="fill: url(#present)"/>
            <rect fill="red" clip-path="url('#present') " mask="url(shapes.svg#nope)" filter="url(shapes.svg#blur)"/></svg>
            <div fill="url(#not-svg)"></div>
            """,
            "shapes.svg": """
            <svg xmlns="http://www.w3.org/2000/svg"><filter id="blur"/>
            <circle r="1" marker-mid="url(#blur)" marker-start="url(#gone)"/></svg>
            """,
        ])
        let report = await site.check()
        #expect(
            Set(report.summary) == [
                "broken-fragment index.html:2:28", "broken-fragment index.html:3:47", "broken-fragment shapes.svg:2:39",
            ], "\(report.summary)")
        #expect(report.summary.count == 3)
        #expect(
            report.messages(.brokenFragment).sorted() == [
                "no id 'gone' in shapes.svg", "no id 'missing' in index.html", "no id 'nope' in shapes.svg",
            ])
    }

    /// A `url()` that is only a fragment names an element of the page itself, whatever its
    /// `<base href>` says (CSS Values, "fragment URLs"), in a presentation attribute, a `style`
    /// attribute and a `<style>` element alike; an `<a href="#x">` still goes where the base sends it.
    @Test func aFragmentURLIgnoresTheBase() async {
        let site = InMemoryFetcher([
            "index.html": """
            <base href="docs/"><style>.s { filter: url(#present) }</style>
            <svg><defs><linearGradient id="present"/></defs>
            <rect fill="url(#present)" style="fill: url(#present)" stroke="url( '#missing' )"/></svg>
            <a href="#present">moved by the base</a>
            """,
            "docs/index.html": "<p>no ids</p>",
        ])
        let report = await site.check()
        #expect(
            Set(report.summary) == ["broken-fragment index.html:3:56", "broken-fragment index.html:4:4"], "\(report.summary)")
        #expect(
            report.messages(.brokenFragment).sorted() == [
                "no id 'missing' in index.html",
                "no id 'present' in docs/index.html (resolved against the page's <base href=\"docs/\">)",
            ])
    }
}
