import Foundation
import Testing

@testable import SitegenBundle

/// Percent-encoding and extensions computed from bytes agree with the `String`-based code they
/// replaced; `fileKey` answers only with the key.
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
