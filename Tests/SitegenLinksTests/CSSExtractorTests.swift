import Foundation
import Testing

@testable import SitegenLinks

@Suite struct CSSExtractorTests {
    func links(_ css: String) -> [String] {
        CSSExtractor.extract(Data(css.utf8)).map { "\($0.attribute) \($0.url)@\($0.line):\($0.column)" }
    }

    @Test func urlForms() {
        #expect(
            links("a{b:url(x.png)}\nc{d:url( \"y y.png\" ) e:URL('z.png')}") == [
                "url x.png@1:5", "url y y.png@2:5", "url z.png@2:24",
            ])
    }

    @Test func escapes() {
        #expect(
            links("a{b:url(a\\(1\\).png) c:url('q\\'s.png') d:url(\\66 oo.png)}").map { $0.split(separator: "@")[0] } == [
                "url a(1).png", "url q's.png", "url foo.png",
            ])
    }

    @Test func imports() {
        #expect(
            links("@import \"a.css\";\n@import url(b.css) screen;\n@IMPORT 'c.css'") == [
                "@import a.css@1:9", "@import b.css@2:9", "@import c.css@3:9",
            ])
    }

    /// A namespace's `url()` names the namespace, and `@-moz-document url(x)` the pages a block is
    /// for: neither is fetched, while the block's own `url()`s are. An `@import` after a namespace
    /// is dropped, as after a rule: no link.
    @Test func namespaceAndDocumentPreludesAreNoLinks() {
        #expect(
            links(
                "@namespace svg url(http://www.w3.org/2000/svg);\n@NAMESPACE url(foo);\n"
                    + "@-moz-document url(x.html) { a { b: url(y.png) } }\n@document url-prefix(\"z\") { c { d: url(w.png) } }")
                == ["url y.png@3:37", "url w.png@4:36"])
        let late = CSSExtractor.extract(Data("@namespace svg url(s);\n@import 'a.css';\na{b:url(c.png)}".utf8))
        #expect(late.map(\.url) == ["c.png"] && late.map(\.destination) == [.other])
    }

    /// A string cut by a line break is a bad string (CSS Syntax): the rule holding it is dropped,
    /// so its URL is never fetched; one the end of the text closes is read.
    @Test func aStringCutByALineBreakIsNoLink() {
        #expect(links("a{b:url(\"cut.png\nc:d}\ne{f:url(ok.png)}") == ["url ok.png@3:5"])
        #expect(links("@import 'cut.css\r\na{b:url('g.png')}") == ["url g.png@2:5"])
        #expect(links("a{b:url('end.png") == ["url end.png@1:5"])
    }

    /// The image strings of `image-set()` are URLs; strings of a function inside it (`type()`) and
    /// strings after it are not.
    @Test func imageSetStrings() {
        #expect(
            links(
                "a{b:image-set(\"a.png\" 1x, 'a@2x.png' 2x)}\nc{d:-webkit-image-set(url(w.png) 1x, \"x.avif\" type(\"image/avif\"))"
                    + " e:\"not-a-link\"}") == [
                    "image-set a.png@1:15", "image-set a@2x.png@1:27", "url w.png@2:23", "image-set x.avif@2:38",
                ])
        #expect(links("a{content:\"image-set(\\\"no.png\\\")\"; b:my-image-set(\"no.png\")}") == [])
    }

    @Test func commentsAndPlainStringsAreSkipped() {
        #expect(links("/* url(no.png) @import 'no.css'; */ a::before{content:'url(no2.png)'} b{c:myurl(no3)}") == [])
    }

    @Test func startPositionShiftsTheFirstLineOnly() {
        let found = CSSExtractor.extract(Data("a{b:url(x.png)}\nc{d:url(y.png)}".utf8), startLine: 10, startColumn: 8)
        #expect(found.map { "\($0.line):\($0.column)" } == ["10:12", "11:5"])
    }

    /// What CSS Syntax makes a bad URL is fetched by no browser: no link, and the scan goes on after
    /// its `)`.
    @Test func badURLsAreNoLinks() {
        #expect(
            links("a{b:url(bad(paren).png) c:url(a b.png) d:url(q\"uote.png) e:url(ok.png) f:url( spaced.png )}") == [
                "url ok.png@1:60", "url spaced.png@1:74",
            ])
        #expect(links("a{b:url(url(url(url(x.png)))) c:url(y.png)}") == ["url y.png@1:33"])
        // An escaped `)` or letter is part of the URL, not its end or a bad URL.
        #expect(
            links("a{b:url(esc\\)aped.png) c:url(tab\\there.png)}").map { String($0.split(separator: "@")[0]) } == [
                "url esc)aped.png", "url tabthere.png",
            ])
    }

    @Test func unterminatedInput() {
        #expect(links("a{b:url(x.png") == ["url x.png@1:5"])
        #expect(links("@import 'a.css") == ["@import a.css@1:9"])
        #expect(links("/* never closed url(a.png)") == [])
    }
}
