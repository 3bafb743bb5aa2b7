import Foundation
import SitegenLinks
import Testing

@testable import SitegenMirror

/// Rewriting replaces exactly the URL text of each attribute or `url()` token, nothing else.
@Suite struct RewriteTests {
    static func rewrite(_ html: String, _ table: [String: String]) -> String {
        let bytes = Array(html.utf8)
        let facts = HTMLExtractor.extract(Data(bytes))
        return String(decoding: HTMLRewriter.rewrite(bytes, facts: facts) { table[$0] }, as: UTF8.self)
    }

    @Test(arguments: [
        (#"<a href="/x">x</a>"#, #"<a href="x.html">x</a>"#),
        (#"<a  HREF = '/x' class=k>x</a>"#, #"<a  HREF = 'x.html' class=k>x</a>"#),
        (#"<a href=/x>x</a>"#, #"<a href="x.html">x</a>"#),
        ("<a\n  title=\"href=/x\"\n  href=\"/x\">x</a>", "<a\n  title=\"href=/x\"\n  href=\"x.html\">x</a>"),
        (#"<img src="/a?b=1&amp;c=2">"#, #"<img src="a.hash.png">"#),
        (#"<meta http-equiv="refresh" content="0; url=/x">"#, #"<meta http-equiv="refresh" content="0; url=x.html">"#),
        (#"<img srcset="/a 1x,/b 2x">"#, #"<img srcset="a.png 1x,b.png 2x">"#),
        (
            #"<link rel=preload as=image imagesrcset="/a 1x,/b 2x">"#,
            #"<link rel=preload as=image imagesrcset="a.png 1x,b.png 2x">"#
        ),
        // Read as the tokenizer reads them: every reference a browser decodes, `&copy` without `;` too.
        (#"<img srcset="/x&copy.png 1x, /b 2x">"#, #"<img srcset="x©.png 1x, b.png 2x">"#),
        (#"<img srcset="/caf&eacute;.png 1x, /b 2x">"#, #"<img srcset="cafe.png 1x, b.png 2x">"#),
        (
            #"<meta http-equiv="refresh" content="5; url=/caf&eacute;.html">"#,
            #"<meta http-equiv="refresh" content="5; url=cafe.html">"#
        ),
        (#"<div style="background:url(/x&copy.png)">"#, #"<div style="background:url('x©.png')">"#),
        // An SVG presentation attribute is CSS too: only its `url()` is replaced, a fallback stays.
        (
            #"<svg><rect fill="url(/g.svg#a) red" stroke=url(#s)></svg>"#,
            #"<svg><rect fill="url('g.svg#a') red" stroke=url(#s)></svg>"#
        ),
    ])
    func attributes(input: String, expected: String) {
        let table = [
            "/x": "x.html", "/a?b=1&c=2": "a.hash.png", "/a": "a.png", "/b": "b.png", "/x©.png": "x©.png",
            "/café.png": "cafe.png", "/café.html": "cafe.html", "/g.svg#a": "g.svg#a",
        ]
        #expect(Self.rewrite(input, table) == expected)
    }

    @Test func styleElementAndAttribute() {
        let html =
            "<style>\n  @import \"/p.css\";\n  b { background: URL( /bg.png ) }\n</style><i style=\"background:url(/bg.png)\">"
        let expected =
            "<style>\n  @import \"p.css\";\n  b { background: url(\"bg.png\") }\n</style><i style=\"background:url('bg.png')\">"
        #expect(Self.rewrite(html, ["/p.css": "p.css", "/bg.png": "bg.png"]) == expected)
    }

    @Test func cssFile() {
        let css = "/* url(/no) */ @import url('/a.css') screen;\nx{src:url(/f.woff2) format(\"woff2\"),url(\"/f.woff\")}"
        let out = CSSRewriter.rewrite(Array(css.utf8)) {
            ["/a.css": "../a.css", "/f.woff2": "f.woff2", "/f.woff": "f w.woff"][$0]
        }
        #expect(
            String(decoding: out, as: UTF8.self)
                == "/* url(/no) */ @import url(\"../a.css\") screen;\nx{src:url(\"f.woff2\") format(\"woff2\"),url(\"f w.woff\")}"
        )
    }

    /// `image-set()`'s image strings are rewritten like `url()`s; its `type()` strings are not.
    @Test func imageSetStrings() {
        let css = ".t{background-image:image-set(\"/img/a.png\" 1x,'/img/a@2x.png' 2x, \"/b.avif\" type(\"image/avif\"))}"
        let out = CSSRewriter.rewrite(Array(css.utf8)) {
            ["/img/a.png": "img/a.png", "/img/a@2x.png": "img/a@2x.png", "/b.avif": "b.avif", "image/avif": "no"][$0]
        }
        #expect(
            String(decoding: out, as: UTF8.self)
                == ".t{background-image:image-set(\"img/a.png\" 1x,\"img/a@2x.png\" 2x, \"b.avif\" type(\"image/avif\"))}")
    }

    @Test func untouchedWhenNothingMaps() {
        let html = "<p>caf\u{E9} <a href=\"https://e.com/\">e</a></p>"
        #expect(Self.rewrite(html, [:]) == html)
    }

    @Test(arguments: [
        ("http://h/", "text/html", "index.html"),
        ("http://h/guide/", "text/html", "guide/index.html"),
        ("http://h/nextPage", "text/html", "nextPage.html"),
        ("http://h/page.html", "text/html", "page.html"),
        ("http://h/style.css?v=2", "text/css", "style.v=2.css"),
        ("http://h/theme?v=2", "text/css", "theme.v=2.css"),
        ("http://h/a%20b.png", "image/png", "a b.png"),
        ("http://h/data.json?a=1&b=2", "application/json", "data.\(LocalPath.hash("a=1&b=2")).json"),
    ])
    func localPaths(url: String, mime: String, expected: String) throws {
        #expect(LocalPath.path(for: try #require(URL(string: url)), mimeType: mime) == expected)
    }

    @Test func collidingNamesGoInURLOrderAndDoNotDependOnThePort() throws {
        func names(port: Int) throws -> [String: String] {
            var fetched: [String: Mirror.Fetched] = [:]
            for path in ["/", "/index.html", "/a", "/a.html", "/b/", "/b/index.html"] {
                let url = try #require(URL(string: "http://127.0.0.1:\(port)\(path)"))
                fetched[Mirror.key(url)] = Mirror.Fetched(url: url, mimeType: "text/html", body: Data())
            }
            let named = Mirror.name(fetched)
            return Dictionary(
                uniqueKeysWithValues: named.map { (String($0.key.dropFirst("http://127.0.0.1:\(port)".count)), $0.value) })
        }
        let first = try names(port: 8000)
        // The first URL in order keeps the plain name; the other takes its path's hash.
        #expect(first["/"] == "index.html")
        #expect(first["/index.html"] == "index.\(LocalPath.hash("/index.html")).html")
        #expect(first["/a"] == "a.html")
        #expect(first["/a.html"] == "a.\(LocalPath.hash("/a.html")).html")
        #expect(first["/b/"] == "b/index.html")
        #expect(first["/b/index.html"] == "b/index.\(LocalPath.hash("/b/index.html")).html")
        #expect(try names(port: 41259) == first)
    }

    @Test func references() {
        #expect(LocalPath.reference(from: "guide/index.html", to: "css/site.css") == "../css/site.css")
        #expect(LocalPath.reference(from: "index.html", to: "a b/c.html") == "a%20b/c.html")
        #expect(LocalPath.reference(from: "index.html", to: "x:y.html") == "./x:y.html")
    }
}
