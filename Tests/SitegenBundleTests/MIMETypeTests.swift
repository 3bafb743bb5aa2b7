import Testing

@testable import SitegenBundle
@testable import SitegenBundleCore

@Suite struct MIMETypeTests {
    @Test(arguments: [
        ("index.html", "text/html"), ("a/B.HTM", "text/html"), ("x.css", "text/css"), ("m.mjs", "text/javascript"),
        ("d.json", "application/json"), ("s.svg", "image/svg+xml"), ("p.woff2", "font/woff2"), ("v.mp4", "video/mp4"),
        ("a.wasm", "application/wasm"), ("c.vtt", "text/vtt"), ("m.webmanifest", "application/manifest+json"),
        ("noext", "application/octet-stream"), (".hidden", "application/octet-stream"),
        ("dir.d/file", "application/octet-stream"),
    ])
    func table(path: String, type: String) {
        #expect(MIMEType.forPath(path) == type)
    }

    @Test func overrides() {
        #expect(MIMEType.forPath("a.bin", overrides: ["BIN": "application/x-test"]) == "application/x-test")
        #expect(MIMEType.forPath("a.bin", overrides: [".bin": "application/x-test"]) == "application/x-test")
        #expect(MIMEType.forPath("dl/a.html", overrides: ["dl/a.html": "text/plain"]) == "text/plain")
        #expect(MIMEType.forPath("b.html", overrides: ["dl/a.html": "text/plain"]) == "text/html")
    }

    @Test func text() {
        #expect(MIMEType.isText("text/html") && MIMEType.isText("image/svg+xml") && MIMEType.isText("application/json"))
        #expect(!MIMEType.isText("image/png") && !MIMEType.isText("application/wasm"))
        #expect(MIMEType.contentType("text/css") == "text/css; charset=utf-8")
        #expect(MIMEType.contentType("image/png") == "image/png")
    }

    /// The rule manifest.md states, which `textEncoding` follows: a script type is text whatever
    /// its spelling, as are the `x-` forms of YAML.
    @Test(arguments: [
        ("application/x-javascript", true), ("application/ecmascript", true), ("application/x-ecmascript", true),
        ("Application/X-JavaScript", true), ("application/x-yaml", true), ("application/yaml", true),
        ("application/rtf", true), ("application/xml", true), ("application/vnd.api+json", true),
        ("image/svg+xml", true), ("TEXT/x-foo", true), ("application/x-json", false), ("application/jsonp", false),
        ("application/x-rtf", false), ("application/octet-stream", false), ("image/png", false), ("font/woff2", false),
    ])
    func textRule(type: String, isText: Bool) {
        #expect(MIMEType.isText(type) == isText)
    }

    @Test func everyScriptTypeIsText() {
        for type in ["application/ecmascript", "application/javascript", "application/x-ecmascript", "application/x-javascript"] {
            #expect(MIMEType.isJavaScript(type) && MIMEType.isText(type), "\(type)")
        }
    }

    /// The manifest takes a run's type from its first file when the next ends in the same
    /// extension: never where `pathExtension` would read another.
    @Test func aRunOfOneExtensionIsOneExtension() {
        let paths = [
            "a.html", "dir/b.html", "c.HTML", "d.tar.html", ".html", "e/.html", "html", "f.htmlx", "g.xhtml",
            "caf\u{E9}.html", "\u{600}.html", "h/\u{301}.html", "i.\u{301}html", "j\u{301}.html", "k.css", "l.", "m.h",
        ]
        var runs = 0
        for first in paths {
            guard let dotted = MIMEType.dottedExtension(of: first) else { continue }
            for next in paths where MIMEType.hasExtension(next, dotted: dotted) {
                #expect(MIMEType.pathExtension(next) == MIMEType.pathExtension(first), "\(first) then \(next)")
                runs += 1
            }
        }
        #expect(MIMEType.dottedExtension(of: "noext") == nil && MIMEType.dottedExtension(of: ".hidden") == nil)
        #expect(MIMEType.hasExtension("a.html", dotted: Array(".html".utf8)))
        #expect(!MIMEType.hasExtension("\u{600}.html", dotted: Array(".html".utf8)))
        #expect(runs >= 20)
    }
}
