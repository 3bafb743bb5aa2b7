import Foundation
import SitegenCore
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
        ("<form><button formaction=\"a.html\">Go</button></form>", "button", "formaction"),
        ("<input type=submit formaction=\"a.html\">", "input", "formaction"),
        ("<link rel=preload as=image imagesrcset=\"a.html 2x\">", "link", "imagesrcset"),
        ("<table><tr><td background=\"a.html\">x</td></tr></table>", "td", "background"),
        ("<svg><use href=\"a.html\"/></svg>", "use", "href"),
        ("<svg><use xlink:href=\"a.html\"/></svg>", "use", "xlink:href"),
        ("<svg><image href=\"a.html\"/></svg>", "image", "href"),
        ("<svg><a xlink:href=\"a.html\">x</a></svg>", "a", "xlink:href"),
        ("<svg><animate xlink:href=\"a.html\"/></svg>", "animate", "xlink:href"),
        ("<link rel=\"next\" href=\"a.html\">", "link", "href"),
        ("<meta http-equiv=\"refresh\" content=\"0; url=a.html\">", "meta", "content"),
    ])
    func elementAttribute(html: String, element: String, attribute: String) {
        let links = facts("<!doctype html>\n<body>\n" + html).links
        #expect(links.map(\.url) == ["a.html"])
        #expect(links.first?.element == element)
        #expect(links.first?.attribute == attribute)
        #expect(links.first?.line == 3)
    }

    /// What browsers do nothing with is no link: `href` on SVG shapes (Inkscape writes
    /// `<path xlink:href>`), a `<link>` without `rel` (`rev="made"` alone), `rel="canonical"`,
    /// the URL for search engines, and `dns-prefetch` or `preconnect`, an origin to get ready.
    @Test(arguments: [
        "<svg><path d=\"M0 0\" xlink:href=\"#p\"/><rect href=\"#r\"/><g xlink:href=\"x.svg\"></g></svg>",
        "<link rev=\"made\" href=\"docs@lists.example.org\">", "<link rel=\"canonical\" href=\"file:///usr/share/doc/x.html\">",
        "<link rel=\" Canonical \" href=\"x.html\" style=\"background:url(y.png)\">", "<link href=\"x.css\">",
        "<link rel=\"dns-prefetch\" href=\"//cdn.example.com\">",
        "<link rel=\"preconnect dns-prefetch\" href=\"//cdn.example.com\">",
    ])
    func attributesBrowsersIgnoreAreNoLinks(html: String) {
        #expect(facts("<!doctype html>\n<body>\n" + html).links.isEmpty)
    }

    /// A `<source>` is read as its parent reads it: a `<picture>` takes its `srcset`, a `<video>` or
    /// `<audio>` its `src`, and elsewhere it loads nothing. The parent is the innermost open one:
    /// a `<picture>` inside a `<video>`'s fallback is a picture, and an end tag closes it.
    @Test func aSourceLoadsWhatItsParentUses() {
        let html = """
            <picture><source src=p1.png srcset="p2.png 1x, p3.png 2x"><img src=p4.png></picture>
            <video><source src=v1.mp4 srcset=v2.png><picture><source srcset=v3.png src=v4.png></picture>
            <source src=v5.webm></video><audio><source src=a1.ogg></audio><source src=x1.png srcset=x2.png>
            </video><svg><source src=s1.png></svg><template><picture><source srcset=t1.png></picture></template>
            """
        #expect(urls(html) == ["p2.png", "p3.png", "p4.png", "v1.mp4", "v3.png", "v5.webm", "a1.ogg", "t1.png"])
        // A media element with a `src` of its own uses none of its sources.
        #expect(
            urls(
                "<video src=v.mp4><source src=s.mp4></video><audio src=a.ogg><source src=s.ogg></audio><video><source src=w.mp4>")
                == ["v.mp4", "a.ogg", "w.mp4"])
    }

    /// A script's text ends at its first `</script>` unless `<!--<script>` made the rest of it
    /// double-escaped (the HTML tokenizer's script data states), as in old `document.write`
    /// snippets: then only the next `</script>` does. `-->` ends the escape.
    @Test func aScriptEndsWhereTheTokenizerEndsIt() {
        let html = """
            <script>var s = "<!--<script>";</script>
            <h2 id="install">Install</h2><a href="missing.html">m</a>
            </script><a href="#install">to install</a>
            <script>a = "<!--"; b = "-->";</script><a href="one.html">1</a>
            <script><!-- x --></script><a href="two.html">2</a><script><!--></script><a href="three.html">3</a>
            <SCRIPT>"<!--<SCRIPT>" "</Script>" "-->"</SCRIPT><a href="four.html">4</a>
            """
        #expect(urls(html) == ["#install", "one.html", "two.html", "three.html", "four.html"])
        #expect(facts(html).anchors.isEmpty)
    }

    /// With scripts on, as in every web view, a `<noscript>`'s content is text: its ids and `<a
    /// name>`s name nothing. Its links are still checked, for a reader without scripts.
    @Test func aNoscriptsIdsNameNothing() {
        let page = facts(#"<noscript><p id="ns">x</p><a name="n" href="a.html">a</a></noscript><p id="after">"#)
        #expect(page.anchors.map(\.name) == ["after"])
        #expect(page.links.map(\.url) == ["a.html"])
    }

    /// A `rel` that fetches something besides naming an origin keeps the link.
    /// A `<template>`'s content is no part of the page until a script copies it there: its ids
    /// name nothing and its `<base>` sets no base, while its links are kept, as the copy fetches
    /// them. A `<base>` inside `<svg>` is no HTML element either.
    @Test func templateContentAndForeignBaseSetNothing() {
        let inTemplate = facts(
            "<p id=a><template><base href=\"sub/\"><h2 id=setup>S</h2><a name=n href=\"x.html\">x</a>"
                + "<template><p id=deep></template><p id=still-inside></template><p id=after><a href=\"y.html\">y</a>")
        #expect(inTemplate.baseHref == nil)
        #expect(inTemplate.anchors.map(\.name) == ["a", "after"])
        #expect(inTemplate.links.map(\.url) == ["x.html", "y.html"])
        #expect(facts("<svg><base href=\"sub/\"/></svg><a href=\"x.html\">x</a>").baseHref == nil)
        #expect(facts("<svg><foreignObject><base href=\"sub/\"></foreignObject></svg>").baseHref == "sub/")
        #expect(facts("<svg><template><p id=t></template></svg><p id=u>").anchors.map(\.name) == ["t", "u"])
    }

    /// A form control's `src` and `formaction` count only where browsers use them: an image
    /// button's `src`, a submit button's `formaction` (a `<button>` is one unless its type says
    /// otherwise); `type` in any case, not trimmed.
    @Test func formControlsLinkOnlyWhatTheyUse() {
        #expect(
            urls(
                "<input src=a.png><input type=IMAGE src=b.png><input type=\" image\" src=c.png><input src=d.png type=image>"
                    + "<input type=text formaction=e.html><input type=submit formaction=f.html><input formaction=g.html type=image>"
                    + "<button formaction=h.html>b</button><button type=button formaction=i.html>b</button>"
                    + "<button type=reset formaction=j.html>b</button><button type=bogus formaction=k.html>b</button>"
                    + "<input type=text style=\"background:url(l.png)\">")
                == ["b.png", "d.png", "f.html", "g.html", "h.html", "k.html", "l.png"])
    }

    /// `xlink:href` is SVG's: an HTML `<a>` with one links nowhere; inside `<svg>` it links.
    @Test func xlinkHrefCountsOnlyInSVG() {
        #expect(urls("<a xlink:href=\"html.html\">x</a><svg><a xlink:href=\"svg.html\"><text>y</text></a></svg>") == ["svg.html"])
    }

    /// An iframe with `srcdoc` shows that text and never loads its `src`; its other links stay.
    @Test func anIframesSrcIsNoLinkBesideSrcdoc() {
        #expect(
            urls(
                "<iframe src=\"a.html\"></iframe><iframe src=\"b.html\" srcdoc=\"<p>hi</p>\" style=\"background:url(c.png)\"></iframe>"
            ) == ["a.html", "c.png"])
    }

    /// SVG's elements link inside `<svg>` only, and an HTML element there (`<img>`, `<p>`) ends the
    /// `<svg>` as browsers' parsers end it; an `<image src>` of a page is an `<img>` to them.
    @Test func svgElementsLinkOnlyInSVGAndHTMLElementsEndIt() {
        #expect(urls("<svg><img src=ok.png><image href=\"m5.png\"/></svg>") == ["ok.png"])
        #expect(urls("<image src=\"m1.png\"><use href=\"u.svg#a\"></use>") == ["m1.png"])
        #expect(
            urls(
                "<svg><script src=\"s.js\"></script><iframe src=\"f.html\"></iframe><link rel=stylesheet href=\"l.css\"/><use href=\"u.svg#a\"/></svg>"
            ) == [
                "u.svg#a"
            ])
        // After an HTML element ended it, a presentation attribute is HTML's again: no `url()` of it.
        #expect(urls("<svg><rect fill=\"url(#g)\"/><p>x</p><rect fill=\"url(#h)\"/></svg>") == ["#g"])
        // In an SVG file every element is SVG's, and XHTML in a `<foreignObject>` links by `src`.
        let file = HTMLExtractor.extract(
            Data(
                "<svg xmlns=\"http://www.w3.org/2000/svg\"><image href=\"i.png\"/><foreignObject><img src=\"p.png\"/></foreignObject></svg>"
                    .utf8),
            xml: true, known: nil
        ).facts
        #expect(file.links.map(\.url) == ["i.png", "p.png"])
    }

    @Test func aRelThatAlsoFetchesKeepsTheLink() {
        #expect(
            urls(#"<link rel="preconnect stylesheet" href="s.css"><link rel="preload" href="f.woff2">"#) == ["s.css", "f.woff2"])
    }

    /// A tag that closes itself has no content in an SVG file and inside `<svg>` or `<math>` in HTML,
    /// `<script/>` too; in HTML proper, `<script/>` still starts raw text, as browsers read it.
    @Test func selfClosingTagsInSVGHoldNoRawText() {
        let svg =
            ##"<svg xmlns="http://www.w3.org/2000/svg"><script href="m1.js"/><script href="m2.js"/><image href="x.png"/><use href="#n"/></svg>"##
        #expect(HTMLExtractor.extract(Data(svg.utf8), xml: true).links.map(\.url) == ["m1.js", "m2.js", "x.png", "#n"])
        #expect(urls("<p>" + svg + "<a href=after.html>a</a>") == ["m1.js", "m2.js", "x.png", "#n", "after.html"])
        #expect(urls(#"<script src="a.js"/><a href=hidden.html>h</a></script><a href=b.html>b</a>"#) == ["a.js", "b.html"])
        #expect(urls(#"<svg/><script src="a.js"/><a href=hidden.html>"#) == ["a.js"], "a closed <svg/> opens nothing")
    }

    /// Inside `<svg>` in HTML: a `<style>`'s text has its references decoded, SVG's `<title>` holds
    /// markup, and an integration point (`<foreignObject>`, `<desc>`, `<title>`) is HTML again.
    @Test func foreignContentAndItsIntegrationPoints() {
        #expect(
            urls("<svg><style>@import &quot;m2.css&quot;; .a{background:url(&quot;m5.png&quot;)}</style></svg>")
                == ["m2.css", "m5.png"])
        #expect(
            urls(
                ##"<svg><foreignObject><script src="s.js"/><a href="no3.html">x</a></script></foreignObject></svg><a href=after.html>"##
            )
                == ["s.js", "after.html"])
        #expect(urls(##"<svg><desc><style/><a href="no6.html">x</a></style></desc></svg>"##) == [])
        #expect(urls(##"<svg><title><a href="m10.html">x</a></title></svg>"##) == ["m10.html"])
        #expect(urls("<title><a href=x.html>t</a></title><a href=y.html>") == ["y.html"], "HTML's title holds text")
        #expect(urls("<style>a{background:url(&quot;q.png&quot;)}</style>") == ["&quot;q.png&quot;"], "HTML's style is raw")
    }

    @Test func attributesThatAreNotLinks() {
        #expect(
            urls(
                "<div href=x.html src=y.html formaction=f.html background=b.png><p data=z.html imagesrcset=i.png><meta content=\"0; url=a.html\"><span action=x>"
            ) == [])
    }

    @Test func lineAndColumnOfTheAttribute() {
        let html = "<p>\n  <a class=\"x\"\n     href=\"one.html\">1</a> <img  SRC='two.png'>\n"
        let links = facts(html).links
        #expect(links.map { "\($0.url)@\($0.line):\($0.column)" } == ["one.html@3:6", "two.png@3:34"])
    }

    /// A lone `\r` ends a line as `\n` and `\r\n` do (HTML's preprocessing of the input stream;
    /// CSS's too): a file saved with old Mac line ends is placed by lines, not all on line 1. (A
    /// `style` attribute's `url()` is placed at the attribute's name.)
    @Test(arguments: ["\r", "\n", "\r\n"])
    func everyLineEndCountsOnce(end: String) {
        let html = [
            "<p>", "  <a class=\"x\"", "     href=\"one.html\">1</a> <img  SRC='two.png'>", "<style>", "",
            "b { background: url(b.png) }", "</style><p style=\"a:b;", "  c: url(c.png)\">",
        ].joined(separator: end)
        let links = facts(html).links
        #expect(
            links.map { "\($0.url)@\($0.line):\($0.column)" } == ["one.html@3:6", "two.png@3:34", "b.png@6:17", "c.png@7:12"])
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
        // No delay first, or something else right after it: no refresh at all, as browsers read it.
        ("next.html", nil), ("url=next.html", nil), ("5x.html", nil), (".5;url=a.html", "a.html"),
        ("0 next.html", "next.html"),
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

    /// A template's links are fetched once a script copies it into the page; its ids are found by
    /// no fragment before that (`templateContentAndForeignBaseSetNothing`).
    @Test func templateContentLinksCount() {
        let f = facts("<template><a id=t href=\"in-template.html\">x</a></template>")
        #expect(f.links.map(\.url) == ["in-template.html"])
        #expect(f.ids == [])
    }

    @Test func documentsThatStartWithAnEndTagAreRead() {
        // libxml2's push parser reported nothing at all after a leading end tag.
        #expect(urls("</p><a href=\"a.html\">") == ["a.html"])
    }

    @Test func commentsEndWhereTheStandardEndsThem() {
        #expect(urls("<!--><a href=\"after-empty.html\">") == ["after-empty.html"])
        #expect(urls("<!---><a href=\"after-dash.html\">") == ["after-dash.html"])
        #expect(urls("<!-- a --!><a href=\"after-bang.html\">") == ["after-bang.html"])
        #expect(urls("<!-- never closed <a href=\"hidden.html\">") == [])
        #expect(urls("<!doctype html><?php x ?><a href=\"after-bogus.html\">") == ["after-bogus.html"])
    }

    @Test func rawTextElementsHoldNoMarkup() {
        let html =
            "<iframe src=\"f.html\"><a href=\"fallback.html\"></iframe><xmp><a href=\"x.html\"></xmp><a href=\"real.html\">"
        #expect(urls(html) == ["f.html", "real.html"])
        #expect(urls("<script></scripts><a href=\"in.html\"></script ><a href=\"out.html\">") == ["out.html"])
        #expect(urls("<plaintext><a href=\"text.html\">") == [])
    }

    @Test(arguments: ["script", "xmp", "iframe", "noembed", "noframes", "title", "textarea", "SCRIPT", "NoFrames"])
    func everyRawTextElementHidesMarkupToItsEndTag(_ element: String) {
        let html = "<\(element)><a href=\"inside.html\"></\(element)><a href=\"after.html\">"
        #expect(urls(html) == ["after.html"])
    }

    @Test(arguments: ["header", "section", "template", "sty", "styles", "xm", "plaintex", "titles"])
    func elementsNamedLikeRawTextOnesHoldMarkup(_ element: String) {
        let html = "<\(element)><a href=\"inside.html\"></\(element)><a href=\"after.html\">"
        #expect(urls(html) == ["inside.html", "after.html"])
    }

    @Test func attributesAsTheTokenizerReadsThem() {
        #expect(urls("<a href=\"first.html\" HREF=\"second.html\">") == ["first.html"])
        #expect(urls("<a title=\">\" href=\"quoted-gt.html\">") == ["quoted-gt.html"])
        #expect(urls("<a href=x.html/>") == ["x.html/"])
        #expect(urls("<a href=\"cut-off.html\"") == [])
        #expect(urls("<a href=\"q?a=1&copy=2&amp;b=&lt;3&#x41;&#66\">") == ["q?a=1&copy=2&b=<3AB"])
        #expect(urls("<a href=\"caf&eacute;.html\">") == ["café.html"])
    }

    /// Named references in an attribute value as browsers read them, with the HTML standard's table:
    /// `run;` when it is a name, a legacy name without `;` unless `=` (or a letter or digit) follows,
    /// anything else literal. Compared scalar by scalar: `String` equality would accept a composed form.
    @Test(arguments: [
        ("x&bigstar;y", "x\u{2605}y"),  // not in HTML 4's table
        ("x&NotEqualTilde;y", "x\u{2242}\u{0338}y"),  // two code points
        ("&fjlig;", "fj"),
        ("&CounterClockwiseContourIntegral;", "\u{2233}"),  // the longest name
        ("&notin;", "\u{2209}"),
        ("x&copy y", "x\u{A9} y"),  // a legacy name without `;` before a space
        ("x&copy", "x\u{A9}"),
        ("x&copy/y", "x\u{A9}/y"),
        ("x&COPY;", "x\u{A9}"),
        ("?a=1&copy=2", "?a=1&copy=2"),  // before `=`: a query, not a reference
        ("x&copyz", "x&copyz"),  // before a letter or digit
        ("x&copy2", "x&copy2"),
        ("x&notit;", "x&notit;"),
        ("x&bigstar y", "x&bigstar y"),  // not a legacy name: needs its `;`
        ("x&Copy;", "x&Copy;"),  // names are case-sensitive
        ("x&nosuchname;", "x&nosuchname;"),
        ("x&CounterClockwiseContourIntegralX;", "x&CounterClockwiseContourIntegralX;"),
        ("x&;y&", "x&;y&"),
        ("a&amp;b", "a&b"),
        ("a&amp b", "a& b"),
        ("a&lt", "a<"),
        ("a&lt;b&gt&quot;", "a<b>\""),
        ("&#x2605;&#65", "\u{2605}A"),
        // 0x80 to 0x9F are read as windows-1252, as pages in that encoding meant them.
        ("&#x80;&#146;&#150;&#153;", "\u{20AC}\u{2019}\u{2013}\u{2122}"),
        ("&#x81;&#x9f;", "\u{81}\u{178}"),  // unassigned there: as written
        ("&#0;&#xD800;&#x110000;", "\u{FFFD}\u{FFFD}\u{FFFD}"),
    ])
    func namedReferencesInAttributeValues(written: String, decoded: String) {
        let found = urls("<a href=\"\(written)\">")
        #expect(found.map { Array($0.unicodeScalars) } == [Array(decoded.unicodeScalars)], "\(found)")
    }

    @Test func anAnchorAfterAnImpliedEndHasItsOwnColumn() {
        // libxml2 placed it at the first `<p`.
        #expect(facts("<p><p id=second>").anchors.map { "\($0.name)@\($0.column)" } == ["second@7"])
    }

    /// Every byte the tokenizer's states turn on, NUL included, in random order: it must come back,
    /// with positions inside the document.
    @Test func randomBytesAlwaysFinish() {
        let alphabet: [UInt8] = Array("<>/=\"'!-?&#;x aAbh\n\t".utf8) + [0, 0xFF]
        let words = ["<a ", "href", "=", "<!--", "-->", "<style>", "</style", "<script>", "</script", "<title>", "&amp;", "&#"]
        var state: UInt64 = 7
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        for _ in 0..<5000 {
            var bytes: [UInt8] = []
            for _ in 0..<next(60) {
                if next(3) == 0 {
                    bytes += Array(words[next(words.count)].utf8)
                } else {
                    bytes.append(alphabet[next(alphabet.count)])
                }
            }
            let lines = bytes.count { $0 == 0x0A } + 1
            let found = HTMLExtractor.extract(Data(bytes))
            #expect(found.links.allSatisfy { $0.line >= 1 && $0.line <= lines && $0.column >= 1 })
        }
    }

    @Test func nulInNamesDoesNotStopTheParser() {
        #expect(urls("<a\u{0}b href=\"one.html\"><a h\u{0}ref=x href=\"two.html\">") == ["one.html", "two.html"])
    }

    @Test func nulAndInvalidUTF8DoNotStopTheParser() {
        var bytes = Array("<p>a\u{0}b</p>".utf8) + [0xFF, 0xFE]
        bytes += Array("<a href=\"after.html\">".utf8)
        #expect(HTMLExtractor.extract(Data(bytes)).links.map(\.url) == ["after.html"])
    }

    @Test(arguments: [String.Encoding.utf16LittleEndian, .utf16BigEndian])
    func utf16PagesWithAByteOrderMarkAreRead(encoding: String.Encoding) throws {
        let html = "<p>\n<a href=\"missing.html\">é</a><h2 id=\"sec\">x</h2>"
        let bom: [UInt8] = encoding == .utf16LittleEndian ? [0xFF, 0xFE] : [0xFE, 0xFF]
        let data = Data(bom) + (try #require(html.data(using: encoding)))
        let facts = HTMLExtractor.extract(data)
        #expect(facts.links.map(\.url) == ["missing.html"])
        #expect(facts.links.first?.line == 2)
        #expect(facts.anchors.map(\.name) == ["sec"])
    }
}
