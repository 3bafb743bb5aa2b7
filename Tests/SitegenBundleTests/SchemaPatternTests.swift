import Foundation
import Testing

@testable import SitegenBundle
@testable import SitegenBundleCore

/// The published schema refuses what readers refuse, where a pattern can say it. Patterns are
/// applied as a JSON Schema validator applies them, a search anywhere in the string, here with
/// ICU's engine, whose `$` also matches before a trailing line break (as Python's does).
@Suite struct SchemaPatternTests {
    /// The subschema at `path` (keys from the schema's root).
    static func subschema(_ path: String...) -> [String: Any] {
        let text = (try? DocsTests.text("Site/bundle/manifest.schema.json")) ?? "{}"
        var node: Any? = try? JSONSerialization.jsonObject(with: Data(text.utf8))
        for key in path { node = (node as? [String: Any])?[key] }
        return node as? [String: Any] ?? [:]
    }

    static func matches(_ pattern: String, _ text: String) -> Bool {
        let regex = try? NSRegularExpression(pattern: pattern)
        #expect(regex != nil, "\(pattern)")
        return regex?.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
    }

    /// Whether `text` passes `subschema`'s `pattern`, `not: {pattern}` and `$ref` (to `$defs`),
    /// the keywords the schema's string definitions use.
    static func accepts(_ subschema: [String: Any], _ text: String) -> Bool {
        if let ref = subschema["$ref"] as? String,
            !accepts(Self.subschema("$defs", String(ref.split(separator: "/").last!)), text)
        {
            return false
        }
        if let pattern = subschema["pattern"] as? String, !matches(pattern, text) { return false }
        if let refused = (subschema["not"] as? [String: Any])?["pattern"] as? String, matches(refused, text) { return false }
        return true
    }

    @Test func theTextTypesAreTheWritersOnes() throws {
        let text = try #require(
            (Self.subschema("$defs", "resource", "if", "properties", "mimeType"))["pattern"] as? String)
        let types = [
            "text/html", "TEXT/Plain", "text/x-foo", "application/json", "application/xml", "application/rtf",
            "application/javascript", "application/x-javascript", "application/ecmascript", "Application/X-EcmaScript",
            "application/yaml", "application/x-yaml", "image/svg+xml", "application/ld+json", "application/vnd.a+XML",
            "application/x-json", "application/jsonp", "application/x-rtf", "application/javascript1", "image/png",
            "font/woff2", "application/octet-stream", "application/wasm", "x-text/plain", "application/json+zip",
        ]
        for type in types {
            #expect(Self.matches(text, type) == MIMEType.isText(type), "\(type)")
        }
    }

    /// Line breaks anywhere, a trailing one included: `$` would let it pass.
    static let lineBreaks = ["\n", "\r\n", "\r", "\u{1B}", "\u{0}", "\u{7F}", "\u{2028}", "\u{2029}"]

    @Test func fileIsRefusedAsTheReaderRefusesIt() {
        let validator = ManifestValidator(origin: BundleOrigin())
        var files = ManifestValidatorTests.files
        files += [
            "~/x", "a~", "C:/x", "c:", "é:x", "MANIFEST.JSON", "a/MANIFEST.json", "manifest.jsonx", "_sitegen/nav.js",
            "a/b/.../c", "a\u{85}b", "x/\u{1F600}.png", "..../x", "a/.", "a/./", ".a/..b", "../\u{301}a", "~\u{301}",
            "a//\u{301}a", "./\u{301}", "a/\u{301}",
        ]
        for file in ["_sitegen/nav.js", "a", "guide/a b.html"] {
            for lineBreak in Self.lineBreaks { files += [file + lineBreak, lineBreak + file, "a" + lineBreak + "b/" + file] }
        }
        let schema = Self.subschema("$defs", "file")
        for file in files {
            let readerTakesIt = (try? validator.checkFile(file, place: "file")) != nil
            #expect(Self.accepts(schema, file) == readerTakesIt, "\(Manifest.printable(file))")
        }
    }

    /// Canonical URLs, as `Manifest.validate` asks of resource and alias URLs and of the entry.
    @Test(arguments: [true, false])
    func urlIsRefusedAsTheReaderRefusesIt(allowDirectory: Bool) {
        var urls = ManifestValidatorTests.urls
        urls += [
            "docs://app/a%20b.html", "docs://app/a%20b%2Fc", "docs://app/%7E", "docs://app/~", "docs://app/a%5Bb%5D.txt",
            "docs://app/a[b].txt", "docs://app/a%5bb%5d.txt", "docs://app/a|b", "docs://app/a%7Cb", "docs://app/a%21b",
            "docs://app/a!b", "docs://app/caf%C3%A9.html", "docs://app/caf%C3%A9/", "docs://app/%E2%82%AC",
            "docs://app/%F0%9F%98%80", "docs://app/%F4%8F%BF%BF", "docs://app/%F4%90%80%80", "docs://app/%C0%AF",
            "docs://app/%E0%80%AF", "docs://app/%ED%9F%BF", "docs://app/%ED%A0%80", "docs://app/%C3", "docs://app/%A9",
            "docs://app/%C3%A9%A9", "docs://app/%0A", "docs://app/%01", "docs://app/%00", "docs://app/%5C", "docs://app/%7F",
            "docs://app/%25", "docs://app/100%25.html", "docs://app/%3F%23", "docs://app/a.", "docs://app/..a/b..",
            "docs://app/.../", "docs://app/a/./", "docs://app/a/../", "docs://app/./", "docs://app/a//", "docs://app/a/.",
            "docs://app/a%2E", "docs://app/%2E", "docs://app/%2Fa", "docs://app/a\u{2028}b", "docs://app/%E2%80%A8",
            "http://app/x", "docs://app.x/y", "docs://app/x?y", "docs://app/x#", "docs://app/index.html\n",
            "docs://app/\n", "docs://app\n", "docs://app/a%20",
        ]
        let schema = Self.subschema("$defs", allowDirectory ? "url" : "fileURL")
        for url in urls where url.utf8.count < URLPath.maximumLength {
            #expect(
                Self.accepts(schema, url) == Self.readerTakes(url, allowDirectory: allowDirectory), "\(Manifest.printable(url))")
        }
    }

    /// Whether `Manifest.validate` takes `url` under the origin it starts with: the schema cannot
    /// compare a URL with the manifest's origin, nor count the bytes of its decoded path.
    static func readerTakes(_ url: String, allowDirectory: Bool) -> Bool {
        guard let separator = url.range(of: "://") else { return false }
        let originEnd = url[separator.upperBound...].firstIndex(of: "/") ?? url.endIndex
        guard let origin = BundleOrigin(parsing: String(url[..<originEnd])),
            case .success(let key) = ManifestValidator(origin: origin).key(url, allowDirectory: allowDirectory)
        else { return false }
        return URLPath.bytesEqual(url, origin.urlString(forPath: key))
    }

    @Test func mimeTypeOriginAndDigestAreRefusedAsTheReaderRefusesThem() {
        var types = [
            "text/html", "Text/HTML", "application/vnd.api+json", "model/gltf-binary", "text/plain; charset=utf-8",
            "text/html\r\nX-Evil: 1", "text/html\n", "text", "text/", "/html", "text/html/x", "text /html", "",
            "a!#$%&'*+.^_`|~-/b", "text/h\u{e9}", "text/html\u{2028}", "text/(html)",
        ]
        types += Self.lineBreaks.map { "text/plain" + $0 }
        for type in types {
            #expect(
                Self.accepts(Self.subschema("$defs", "resource", "properties", "mimeType"), type)
                    == Manifest.isBareMIMEType(type), "\(Manifest.printable(type))")
        }
        var origins = [
            "docs://app", "help://book", "a+b.c-d://x-y.z", "docs://App", "DOCS://app", "docs://app/", "docs://", "://app",
            "docs:app", "docs://app:80", "1docs://app", "http://app", "https://app", "ws://app", "wss://app", "ftp://app",
            "file://app", "about://app", "blob://app", "data://app", "javascript://app", "https2://app", "httpx://app",
            "docs://a_b",
        ]
        origins += Self.lineBreaks.map { "docs://app" + $0 }
        for origin in origins {
            #expect(
                Self.accepts(Self.subschema("properties", "origin"), origin) == (BundleOrigin(parsing: origin) != nil),
                "\(Manifest.printable(origin))")
        }
        let digest = String(repeating: "ab", count: 32)
        for sha in [digest, digest.uppercased(), digest + "\n", String(digest.dropLast()), digest + "0", "\(digest.dropLast())g"]
        {
            #expect(
                Self.accepts(Self.subschema("$defs", "resource", "properties", "sha256"), sha)
                    == Manifest.isLowercaseHexDigest(sha), "\(Manifest.printable(sha))")
        }
    }
}
