import Foundation
import Testing

@testable import SitegenLinks

/// SplitMix64: the same inputs on every run.
struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// Random and mutated HTML and CSS: unclosed tags, broken entities, huge attributes, NULs, invalid
/// UTF-8, raw-text elements left open.
struct FuzzInput {
    var rng: SeededGenerator

    static let fragments: [String] = [
        "<a href=\"x.html#y\">", "<a href='../../up.html'>", "<img srcset=\"a.png 1x, b,c.png 2x,,\" src=x>", "</a>", "<p id=a>",
        "<title>", "</title>", "<textarea>", "<script>", "</script>", "<style>", "</style>", "<template>", "<!--", "-->",
        "<![CDATA[", "<!doctype html>", "&amp;", "&#x110000;", "&#99999999999;", "&am", "&", "<", ">", "\"", "'", "=",
        "<base href=\"sub/\">", "<meta http-equiv=refresh content=\"0;url='", "url(", "@import '", "/*", "*/", "\\",
        "<svg><use xlink:href=\"#i\"/>", "<div style=\"background:url(q.png\">", "<object data=", "<form action=?>",
        "docs://app/", "http://[", "file:///", "#", "javascript:x", "\u{0}", "é", "\u{FEFF}", "\n", "\r\n", "\t",
        "<a href=\"%zz\">", "<a name=n>", "<a id=n>", "<h1 id=\"top\">", "</body></html>", "<html><body>",
        "@media screen { a { background: url(\"x.png\") } }", "<link href=s.css>", "<iframe src=i.html>",
    ]

    mutating func int(_ range: Range<Int>) -> Int { Int.random(in: range, using: &rng) }

    mutating func document() -> [UInt8] {
        var bytes: [UInt8] = []
        for _ in 0..<int(0..<40) {
            switch int(0..<10) {
            case 0: bytes += (0..<int(0..<20)).map { _ in UInt8.random(in: 0...255, using: &rng) }
            case 1 where int(0..<20) == 0:
                bytes += Array("<a href=\"\(String(repeating: "a", count: int(1000..<50_000)))\" ".utf8)
            case 2: bytes += [0xC3, 0x28, 0xE2, 0x82, 0xF0, 0x9F, 0xFF, 0x00]
            default: bytes += Array(Self.fragments[int(0..<Self.fragments.count)].utf8)
            }
        }
        if !bytes.isEmpty, int(0..<4) == 0 { bytes.removeLast(int(0..<bytes.count)) }
        return bytes
    }
}

@Suite struct RobustnessTests {
    @Test(.timeLimit(.minutes(1))) func tenThousandInputsThroughTheExtractors() {
        var input = FuzzInput(rng: SeededGenerator(state: 42))
        var total = 0
        for i in 0..<10_000 {
            let data = Data(input.document())
            if i % 5 == 0 {
                for link in CSSExtractor.extract(data) {
                    #expect(link.line >= 1 && link.column >= 1)
                    total += 1
                }
            } else {
                let facts = HTMLExtractor.extract(data)
                for link in facts.links {
                    #expect(link.line >= 1 && link.column >= 1)
                }
                total += facts.links.count + facts.anchors.count
            }
        }
        #expect(total > 10_000)
    }

    @Test(.timeLimit(.minutes(1))) func randomBundlesThroughTheChecker() async {
        var input = FuzzInput(rng: SeededGenerator(state: 7))
        for _ in 0..<100 {
            var files: [String: String] = [:]
            let names = ["index.html", "x.html", "sub/index.html", "sub/i.html", "s.css", "sub/q.png"]
            for name in names {
                let prefix = name == "index.html" ? "<a href=x.html><a href=sub/><a href=s.css>" : ""
                files[name] = prefix + String(decoding: input.document(), as: UTF8.self)
            }
            let report = await InMemoryFetcher(files).check(CheckOptions(external: .warn))
            #expect(report.pages >= 1)
            #expect(report.findings == report.findings.sorted())
        }
    }

    @Test func emptyAndTinyInputs() {
        for text in ["", "<", "<a", "<a href", "<a href=", "<a href=\"", "<title", "<style>", "<!--"] {
            _ = HTMLExtractor.extract(Data(text.utf8))
            _ = CSSExtractor.extract(Data(text.utf8))
        }
        #expect(HTMLExtractor.extract(Data("<a href=x".utf8)).links.map(\.url).count <= 1)
    }
}
