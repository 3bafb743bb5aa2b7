import Foundation
import Testing

@testable import SitegenLinks

@Suite struct HTMLExtractorTests {
    func facts(_ html: String) -> DocumentFacts { HTMLExtractor.extract(Data(html.utf8)) }
    func urls(_ html: String) -> [String] { facts(html).links.map(\.url) }

    @Test(arguments: [
        ("<a href=\"a.html\">", "a", "href"),
        ("<area href=\"a.html\">", "area", "href"),
        ("<link rel=stylesheet href=\"a.html\">", "link", "href"),
        ("<script src=\"a.html\"></script>", "script", "src"),
        ("<img src=\"a.html\">", "img", "src"),
        ("<video><source src=\"a.html\"></video>", "source", "src"),
        ("<video src=\"a.html\"></video>", "video", "src"),
        ("<video poster=\"a.html\"></video>", "video", "poster"),
        ("<audio src=\"a.html\"></audio>", "audio", "src"),
        ("<video><track src=\"a.html\"></video>", "track", "src"),
        ("<iframe src=\"a.html\"></iframe>", "iframe", "src"),
        ("<embed src=\"a.html\">", "embed", "src"),
        ("<object data=\"a.html\"></object>", "object", "data"),
        ("<form action=\"a.html\"></form>", "form", "action"),
        ("<svg><use href=\"a.html\"/></svg>", "use", "href"),
        ("<svg><use xlink:href=\"a.html\"/></svg>", "use", "xlink:href"),
        ("<svg><image href=\"a.html\"/></svg>", "image", "href"),
        ("<svg><a xlink:href=\"a.html\">x</a></svg>", "a", "xlink:href"),
        ("<meta http-equiv=\"refresh\" content=\"0; url=a.html\">", "meta", "content"),
    ])
    func elementAttribute(html: String, element: String, attribute: String) {
        let links = facts("<!doctype html>\n<body>\n" + html).links
        #expect(links.map(\.url) == ["a.html"])
        #expect(links.first?.element == element)
        #expect(links.first?.attribute == attribute)
        #expect(links.first?.line == 3)
    }

    @Test func attributesThatAreNotLinks() {
        #expect(urls("<div href=x.html src=y.html><p data=z.html><meta content=\"0; url=a.html\"><span action=x>") == [])
    }

    @Test func lineAndColumnOfTheAttribute() {
        let html = "<p>\n  <a class=\"x\"\n     href=\"one.html\">1</a> <img  SRC='two.png'>\n"
        let links = facts(html).links
        #expect(links.map { "\($0.url)@\($0.line):\($0.column)" } == ["one.html@3:6", "two.png@3:34"])
    }

    @Test func entitiesAreDecoded() {
        #expect(urls("<a href=\"a.html?x=1&amp;y=2\">") == ["a.html?x=1&y=2"])
    }

    @Test func srcsetCandidates() {
        #expect(urls("<img srcset=\"a.png 1x, b,c.png 2x,d.png\">") == ["a.png", "b,c.png", "d.png"])
        #expect(SrcsetParser.urls(in: "  a.png 100w (x, y), b.png,, c.png 1.5x ") == ["a.png", "b.png", "c.png"])
        #expect(SrcsetParser.urls(in: "data:image/png;base64,AAA= 1x") == ["data:image/png;base64,AAA="])
        #expect(SrcsetParser.urls(in: "") == [])
    }

    @Test(arguments: [
        ("0; url=next.html", "next.html"), ("5;URL='next.html'", "next.html"), ("1, url = \"a b.html\"", "a b.html"),
        ("0; next.html", "next.html"), ("30", nil), ("", nil), ("3.5 ; Url=x.html ", "x.html"),
    ])
    func metaRefresh(content: String, expected: String?) {
        #expect(MetaRefresh.url(in: content) == expected)
    }

    @Test func baseHrefIsTheFirst() {
        let f = facts("<head><base href=\"sub/\"><base href=\"other/\"></head><a href=x.html>")
        #expect(f.baseHref == "sub/")
        #expect(f.links.map(\.url) == ["x.html"])
    }

    @Test func idsAndNamesInOrder() {
        let f = facts("<h1 id=top>x</h1><a name=legacy></a><p name=notanchor id=\"a b\"><h2 id=top>")
        #expect(f.ids == ["top", "legacy", "a b", "top"])
        #expect(
            f.duplicateIDs.map { "\($0.duplicate.name)@\($0.duplicate.column) first \($0.first.column)" } == ["top@68 first 5"])
    }

    @Test func styleAttributeAndStyleBlock() {
        let html =
            "<div style=\"background:url('bg.png')\">\n<style>\n@import 'theme.css';\nb { background: url(b.png) }\n</style>"
        let links = facts(html).links
        #expect(
            links.map { "\($0.element).\($0.attribute) \($0.url)@\($0.line):\($0.column)" } == [
                "div.style bg.png@1:6", "style.@import theme.css@3:9", "style.url b.png@4:17",
            ])
    }

    @Test func titleAndTextareaAreText() {
        let html = "<title>A <a href=\"t.html\">title</a></title><textarea><a href=\"x.html\"></textarea><a href=\"real.html\">"
        #expect(urls(html) == ["real.html"])
        #expect(urls("<TITLE>a</TITLE><a href=\"after.html\">") == ["after.html"])
    }

    @Test func scriptAndCommentsAreNotMarkup() {
        let html =
            "<script>document.write('<a href=\"s.html\">'); var t = '<title>';</script><!-- <a href=\"c.html\"> --><a href=\"real.html\">"
        #expect(urls(html) == ["real.html"])
    }

    @Test func templateContentCounts() {
        let f = facts("<template><a id=t href=\"in-template.html\">x</a></template>")
        #expect(f.links.map(\.url) == ["in-template.html"])
        #expect(f.ids == ["t"])
    }

    @Test func nulAndInvalidUTF8DoNotStopTheParser() {
        var bytes = Array("<p>a\u{0}b</p>".utf8) + [0xFF, 0xFE]
        bytes += Array("<a href=\"after.html\">".utf8)
        #expect(HTMLExtractor.extract(Data(bytes)).links.map(\.url) == ["after.html"])
    }
}
