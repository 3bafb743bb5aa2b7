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
}
