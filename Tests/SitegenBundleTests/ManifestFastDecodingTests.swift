import Foundation
import Testing

@testable import SitegenBundle
@testable import SitegenBundleCore

/// `Manifest.fastDecode` must give what `JSONDecoder` gives, or nothing (and leave the input to
/// it): never a different manifest, never one where `JSONDecoder` refuses the input.
@Suite struct ManifestFastDecodingTests {
    private static func slow(_ data: Data) -> Manifest? { try? JSONDecoder().decode(Manifest.self, from: data) }

    /// A manifest with what strings can hold: escapes, non-ASCII text, a surrogate pair, absent
    /// encodings, aliases.
    static let varied = Data(
        #"""
        {
          "format": "sitegen-bundle", "version": 1,
          "generator": "t \"q\" \\ \/ \b\f\n\r\t \u00e9\u20ac \ud83d\ude00 é",
          "origin": "docs://app", "entry": "docs://app/index.html",
          "resources": [
            {"url": "docs://app/z.html", "file": "z.html", "mimeType": "text/html", "textEncoding": "utf-8",
             "size": 0, "sha256": "\#(String(repeating: "a", count: 64))"},
            {"sha256": "\#(String(repeating: "b", count: 64))", "size": 123456789,
             "mimeType": "image/png", "file": "guía/a b.png", "url": "docs://app/gu%C3%ADa/a%20b.png"},
            {"url": "docs://app/index.html", "file": "index.html", "mimeType": "text/html", "size": -1,
             "sha256": "\#(String(repeating: "c", count: 64))"}
          ],
          "aliases": [{"url": "docs://app/", "target": "docs://app/index.html"}, {"target": "t", "url": "u"}]
        }
        """#.utf8)

    @Test func givesWhatJSONDecoderGives() throws {
        let inputs = [
            Self.varied, ManifestTests.json(), ManifestTests.json(resources: "[]"),
            ManifestTests.json(version: "2"), ManifestTests.json(format: "\"other\""),
            Manifest(
                generator: "g", origin: "docs://app", entry: "docs://app/index.html",
                resources: (0..<50).map {
                    .init(
                        url: "docs://app/p\($0).html", file: "p\($0).html", mimeType: "text/html", textEncoding: "utf-8",
                        size: $0, sha256: String(repeating: "d", count: 64))
                }, aliases: []
            ).encoded(),
        ]
        for data in inputs {
            let fast = try #require(Manifest.fastDecode(data))
            #expect(fast == Self.slow(data))
        }
        let varied = try #require(Manifest.fastDecode(Self.varied))
        #expect(varied.generator == "t \"q\" \\ / \u{8}\u{C}\n\r\t é€ 😀 é")
        #expect(varied.resources.map(\.url) == ["docs://app/z.html", "docs://app/gu%C3%ADa/a%20b.png", "docs://app/index.html"])
        #expect(varied.resources.map(\.textEncoding) == ["utf-8", nil, nil])
    }

    @Test(arguments: [
        #"{"format": "sitegen-bundle", "version": 1.0}"#,
        #"{"format": "sitegen-bundle", "version": 1e0}"#,
        #"{"format": "sitegen-bundle", "version": 01}"#,
        #"{"format": "sitegen-bundle", "format": "sitegen-bundle"}"#,
        #"{"unknown": 1}"#,
        #"{"format": "\ud800"}"#,
        "{\"format\": \"a\u{1}\"}",
        #"{"format": "\x"}"#,
        #"{"resources": [{"textEncoding": null}]}"#,
        #"{"format": "sitegen-bundle"} x"#,
        "\u{FEFF}{}",
        "",
        "[]",
    ])
    func leavesOtherInputToJSONDecoder(text: String) {
        #expect(Manifest.fastDecode(Data(text.utf8)) == nil)
    }

    @Test func leavesInvalidUTF8ToJSONDecoder() {
        var data = ManifestTests.json()
        let at = try! #require(data.firstRange(of: Data("\"t\"".utf8))).lowerBound + 1
        data[at] = 0xFF
        #expect(Manifest.fastDecode(data) == nil)
    }

    /// Thousands of one-byte changes to a manifest: whatever the fast reader accepts, JSONDecoder
    /// accepts too, with the same result.
    @Test func neverAcceptsWhatJSONDecoderRefusesOrDiffers() throws {
        var generator = SplitMix(seed: 42)
        let original = [UInt8](Self.varied)
        let alphabet = Array(#"{}[]:,"\ u0123456789abcdefnulltrue-.eE"#.utf8) + [0x00, 0x0A, 0xC3, 0xA9, 0xFF]
        var accepted = 0
        for _ in 0..<3000 {
            var bytes = original
            let at = Int.random(in: 0..<bytes.count, using: &generator)
            switch Int.random(in: 0..<3, using: &generator) {
            case 0: bytes[at] = alphabet.randomElement(using: &generator)!
            case 1: bytes.remove(at: at)
            default: bytes.insert(alphabet.randomElement(using: &generator)!, at: at)
            }
            let data = Data(bytes)
            guard let fast = Manifest.fastDecode(data) else { continue }
            accepted += 1
            #expect(fast == Self.slow(data), "\(String(decoding: bytes, as: UTF8.self))")
        }
        // Whitespace and string contents change harmlessly often enough to test both sides.
        #expect(accepted > 100)
    }
}
