import Foundation
import Testing

@testable import SitegenBundle
@testable import SitegenBundleCore

/// Keeps `Site/bundle/` honest: the schema describes what `encoded()` writes, and the embedding
/// guide shows the Apple adapters exactly as shipped.
@Suite struct DocsTests {
    static let repo = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    static func text(_ path: String) throws -> String {
        try String(contentsOf: repo.appendingPathComponent(path), encoding: .utf8)
    }

    @Test func schemaMatchesEncoder() throws {
        let schemaText = try Self.text("Site/bundle/manifest.schema.json")
        let schema = try #require(try JSONSerialization.jsonObject(with: Data(schemaText.utf8)) as? [String: Any])
        let required = try #require(schema["required"] as? [String])
        let defs = try #require(schema["$defs"] as? [String: Any])
        let resource = try #require(defs["resource"] as? [String: Any])
        let resourceKeys = try #require((resource["properties"] as? [String: Any])?.keys)
        let manifest = Manifest(
            generator: "t", origin: "docs://app", entry: "docs://app/index.html",
            resources: [
                .init(
                    url: "docs://app/index.html", file: "index.html", mimeType: "text/html", textEncoding: "utf-8", size: 1,
                    sha256: ManifestTests.sha)
            ],
            aliases: [])
        let encoded = String(decoding: manifest.encoded(), as: UTF8.self)
        let topKeys = encoded.split(separator: "\n").filter { $0.hasPrefix("  \"") }.map { $0.split(separator: "\"")[1] }
        #expect(topKeys.map(String.init) == required)
        let nestedKeys = encoded.split(separator: "\n").filter { $0.hasPrefix("      \"") }.map {
            String($0.split(separator: "\"")[1])
        }
        #expect(Set(nestedKeys) == Set(resourceKeys))
        // The schema is inlined verbatim in the reference page.
        #expect(try Self.text("Site/bundle/manifest.md").contains(schemaText.trimmingCharacters(in: .newlines)))
    }

    @Test(arguments: ["BundleSchemeHandler.swift", "BundleURLSchemeHandler.swift"])
    func embeddingGuideShowsShippedAdapters(file: String) throws {
        let source = try Self.text("Sources/SitegenBundle/Apple/\(file)").trimmingCharacters(in: .newlines)
        #expect(try Self.text("Site/bundle/embedding.md").contains("```swift\n\(source)\n```"))
    }

    @Test(arguments: ["Site/bundle/manifest.md", "Site/bundle/embedding.md"])
    func pagesHaveFrontMatter(path: String) throws {
        let text = try Self.text(path)
        #expect(text.hasPrefix("---\ntitle: "))
        #expect(text.contains("\norder: "))
    }
}
