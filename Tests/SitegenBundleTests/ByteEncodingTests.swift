import Foundation
import Testing

@testable import SitegenBundle
@testable import SitegenBundleCore

/// Percent-encoding, extensions and JSON written from bytes agree with the `String`-based code
/// they replaced; `fileKey` answers only with the key.
@Suite struct ByteEncodingTests {
    static let strings = [
        "", "index.html", "guide/a b.html", "a%20b", "100%", "a?b#c", "a/b/", "/leading", "~tilde", "x:y@z",
        "-._~!$&'()*+,;=:@/", "\"quoted\"", "back\\slash", "<>[]{}|^`", "é.html", "e\u{301}.html", "日本語/ページ.html",
        "emoji 🙂.png", "tab\there", "line\nbreak", "cr\r\nlf", "nul\u{0}byte", "\u{1f}\u{7f}\u{80}", "DEL\u{7f}",
        "a.HTML", "dir.d/file", ".hidden", "a.", "a..b", "A.B.C.TXT", "a/.b", "a/b.", "noext", "a.tar.GZ", "a.\u{301}x",
        "x.y/\u{301}b", "a.é", "a.JSÖN", String(repeating: "ab/", count: 300),
    ]

    @Test func percentEncodingMatchesTheSetBasedEncoder() {
        for string in Self.strings {
            #expect(BundleOrigin.percentEncodePath(string) == LegacyEncoders.percentEncodePath(string), "\(string)")
        }
        for value in 0...255 {
            let byte = UInt8(value)
            let expected = LegacyEncoders.percentEncodePath(String(decoding: [byte], as: UTF8.self))
            #expect(BundleOrigin.isPathByte(byte) == (expected.utf8.count == 1 && expected.utf8.first == byte), "\(value)")
        }
        #expect(BundleOrigin().urlString(forPath: "/guide/a b.html") == "docs://app/guide/a%20b.html")
        #expect(BundleOrigin().urlString(forPath: "ü") == "docs://app/%C3%BC")
    }

    @Test func extensionsMatchTheCharacterBasedSplit() {
        for string in Self.strings {
            #expect(MIMEType.pathExtension(string) == LegacyEncoders.pathExtension(string), "\(string)")
            let isASCII = string.utf8.allSatisfy { $0 < 0x80 }
            #expect((MIMEType.asciiPathExtension(string) == nil) == !isASCII, "\(string)")
        }
    }

    @Test func jsonStringsMatchTheScalarEncoder() {
        for string in Self.strings {
            var out = JSONBytes(capacity: 0)
            out.appendString(string)
            #expect(String(decoding: out.bytes, as: UTF8.self) == LegacyEncoders.json(string), "\(string)")
        }
        for value in 0..<0x80 {
            let string = String(UnicodeScalar(UInt8(value)))
            var out = JSONBytes(capacity: 0)
            out.appendString(string)
            #expect(out.bytes == Array(LegacyEncoders.json(string).utf8), "\(value)")
        }
    }

    /// The check eight bytes a step finds each byte that needs an escape wherever it lies in a
    /// word or in the tail, and no other; integers come out as `String(_:)` writes them.
    @Test func escapesAreFoundAtEveryPlaceAndIntegersWrittenInDecimal() {
        for value in 0...0xFF {
            for place in 0..<19 {
                var bytes = Array(repeating: UInt8(ascii: "a"), count: 19)
                bytes[place] = UInt8(value)
                let found = bytes.withUnsafeBufferPointer { JSONBytes.needsEscapes($0) }
                #expect(found == (value < 0x20 || value == 34 || value == 92), "byte \(value) at \(place)")
            }
        }
        for value in [0, 7, -7, 10, 99_999, -1_000_000, Int.max, Int.min] {
            var out = JSONBytes(capacity: 0)
            out.appendInteger(value)
            #expect(out.bytes == Array(String(value).utf8), "\(value)")
        }
    }

    @Test func fileKeyIsTheKeyWhenItAnswers() {
        for origin in ManifestValidatorTests.origins {
            let validator = ManifestValidator(origin: origin)
            for file in Self.strings + ManifestValidatorTests.files + ManifestValidatorTests.paths {
                for url in [origin.urlString(forPath: file), origin.description + "/" + file, "docs://app/" + file] {
                    guard let key = validator.fileKey(url: url, file: file) else { continue }
                    #expect(key == file)
                    #expect(validator.key(url, allowDirectory: false) == .success(key), "\(url)")
                }
            }
        }
        let validator = ManifestValidator(origin: BundleOrigin())
        #expect(validator.fileKey(url: "docs://app/guide/a.html", file: "guide/a.html") == "guide/a.html")
        #expect(validator.fileKey(url: "docs://app/guide/a.html", file: "guide/b.html") == nil)
        #expect(validator.fileKey(url: "docs://app/a%20b.html", file: "a b.html") == nil)
        #expect(validator.fileKey(url: "docs://app/a/../b", file: "a/../b") == nil)
        #expect(validator.fileKey(url: "docs://app/a/", file: "a/") == nil)
        let long = String(repeating: "a", count: URLPath.maximumLength)
        #expect(validator.fileKey(url: "docs://app/" + long, file: long) == nil)
        #expect(validator.key("docs://app/" + long, allowDirectory: false) == .failure(.notFound(path: "/" + long)))
        let longest = String(repeating: "a", count: URLPath.maximumLength - 1)
        #expect(validator.fileKey(url: "docs://app/" + longest, file: longest) == longest)
        #expect(validator.key("docs://app/" + longest, allowDirectory: false) == .success(longest))
    }
}

extension ByteEncodingTests {
    @Test func manifestBytesMatchTheStringEncoder() {
        var generator = SplitMix(seed: 5)
        func pick() -> String { Self.strings[Int.random(in: 0..<Self.strings.count, using: &generator)] }
        let empty = Manifest(generator: "", origin: "", entry: "", resources: [], aliases: [])
        #expect(empty.encoded() == LegacyEncoders.encoded(empty))
        var manifest = Manifest(
            format: pick(), version: -3, generator: pick(), origin: pick(), entry: pick(),
            resources: (0..<200).map { index in
                .init(
                    url: pick() + pick(), file: pick(), mimeType: pick(), textEncoding: index % 3 == 0 ? nil : pick(),
                    size: index % 7 == 0 ? Int.min : index * 1000, sha256: pick())
            },
            aliases: (0..<30).map { _ in .init(url: pick(), target: pick()) })
        #expect(manifest.encoded() == LegacyEncoders.encoded(manifest))
        // Records reordered after `init` are still written sorted, as before.
        manifest.resources.reverse()
        manifest.aliases.shuffle(using: &generator)
        #expect(manifest.encoded() == LegacyEncoders.encoded(manifest))
    }
}
