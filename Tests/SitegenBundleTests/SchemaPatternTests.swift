import Foundation
import Testing

@testable import SitegenBundle
@testable import SitegenBundleCore

/// The published schema refuses what readers refuse, where a pattern can say it: each pattern is
/// applied as a JSON Schema validator applies it, a search anywhere in the string.
@Suite struct SchemaPatternTests {
    /// The pattern at `path` (keys from the schema's root) of `Site/bundle/manifest.schema.json`.
    static func pattern(_ path: String...) throws -> NSRegularExpression {
        let text = try DocsTests.text("Site/bundle/manifest.schema.json")
        var node: Any? = try JSONSerialization.jsonObject(with: Data(text.utf8))
        for key in path { node = (node as? [String: Any])?[key] }
        return try NSRegularExpression(pattern: try #require(node as? String))
    }

    static func matches(_ regex: NSRegularExpression, _ text: String) -> Bool {
        regex.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
    }

    @Test func theTextTypesAreTheWritersOnes() throws {
        let text = try Self.pattern("$defs", "resource", "if", "properties", "mimeType", "pattern")
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
}
