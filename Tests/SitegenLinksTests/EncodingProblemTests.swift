import Foundation
import Testing

@testable import SitegenLinks

/// Pages and style sheets that are not UTF-8, which the resolver serves them as.
@Suite struct EncodingProblemTests {
    private func problem(_ bytes: [UInt8]) -> EncodingProblem? {
        bytes.withUnsafeBytes { EncodingProblem.find(in: $0) }
    }

    private func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

    @Test func utf8AndUTF16PassAsTheyAre() {
        #expect(problem([]) == nil)
        #expect(problem(bytes("plain ASCII, longer than one step of thirty-two bytes: <a href=x>")) == nil)
        #expect(problem(bytes("\u{FEFF}café ∑ 日本 𝄞 \u{10FFFF} and ASCII after them, well past thirty-two bytes")) == nil)
        #expect(problem([0xFF, 0xFE, 0x3C, 0x00, 0xE9, 0x00]) == nil, "UTF-16 with its byte order mark")
    }

    @Test func theFirstBadByteIsPlacedByLineAndByteColumn() throws {
        let latin1 = bytes("<!doctype html>\n<p>Caf") + [0xE9] + bytes(" cr") + [0xE8] + bytes("me\n")
        let found = try #require(problem(latin1))
        #expect(found == EncodingProblem(line: 2, column: 7, byte: 0xE9, replacements: 2, declared: nil))
        // Past the 32-byte ASCII steps: the byte is found where it is, not at the step's start.
        let inside = bytes(String(repeating: "a", count: 40)) + [0x80] + bytes(String(repeating: "b", count: 40))
        #expect(problem(inside).map { [$0.line, $0.column] } == [1, 41])
        let last = bytes(String(repeating: "a", count: 70)) + [0x80]
        #expect(problem(last).map { [$0.line, $0.column] } == [1, 71])
    }

    @Test func illFormedSequencesAreRefusedAsUTF8DecodersRefuseThem() {
        let cases: [(String, [UInt8])] = [
            ("overlong slash", [0xC0, 0xAF]), ("overlong 3-byte", [0xE0, 0x80, 0xAF]),
            ("surrogate", [0xED, 0xA0, 0x80]), ("past U+10FFFF", [0xF4, 0x90, 0x80, 0x80]),
            ("lone continuation", [0x80]), ("cut off by the end", [0xE2, 0x82]), ("F5 lead", [0xF5, 0x80, 0x80, 0x80]),
            ("continuation missing", [0xE2, 0x28, 0xA1]),
        ]
        for (name, sequence) in cases {
            #expect(problem(bytes("ok ") + sequence)?.column == 4, "\(name)")
        }
        #expect(problem([0xE2, 0x82, 0xAC, 0xF0, 0x9F, 0x98, 0x80]) == nil, "€ and 😀")
    }

    @Test func replacementsCountMaximalIllFormedSequences() {
        // E9: one; E2 82 cut by a space: one (a maximal subpart); C0: one; lone 80 80: two.
        let mixed: [UInt8] = [0xE9, 0x20, 0xE2, 0x82, 0x20, 0xC0, 0x20, 0x80, 0x80]
        #expect(problem(mixed)?.replacements == 5)
        #expect(String(decoding: mixed, as: UTF8.self).unicodeScalars.count { $0 == "\u{FFFD}" } == 5)
    }

    @Test func theDeclaredEncodingIsNamedUnlessItIsUTF8() {
        let cases: [(String, String?)] = [
            ("<meta charset=\"windows-1252\">", "windows-1252"),
            ("<META CHARSET=ISO-8859-1>", "iso-8859-1"),
            ("<meta http-equiv=\"Content-Type\" content=\"text/html; charset=Shift_JIS\">", "shift_jis"),
            ("@charset \"latin1\";", "latin1"),
            ("<meta charset='utf-8'>", nil), ("<meta charset=UTF8>", nil), ("<p>no declaration", nil),
        ]
        for (head, declared) in cases {
            #expect(problem(bytes(head + "<p>") + [0xE9])?.declared == declared, "\(head)")
        }
        // Browsers look at the first 1,024 bytes only.
        let late = bytes(String(repeating: " ", count: 1_024) + "<meta charset=koi8-r>") + [0xE9]
        #expect(problem(late)?.declared == nil)
    }

    @Test func theMessageSaysWhatABrowserShowsAndWhatToDo() {
        let one = EncodingProblem(line: 1, column: 2, byte: 0xE9, replacements: 1, declared: nil)
        #expect(
            one.message
                == "not UTF-8 from here (byte 0xE9), and the bundle serves text as UTF-8: a browser shows '\u{FFFD}'; save the file as UTF-8"
        )
        let many = EncodingProblem(line: 1, column: 2, byte: 0x92, replacements: 4, declared: "windows-1252")
        #expect(
            many.message.hasSuffix(
                "'\u{FFFD}' (4 places in all); the file declares 'windows-1252': save it as UTF-8 and declare utf-8"))
    }

    @Test func onlyResourcesServedAsUTF8AreChecked() {
        #expect(servesUTF8("text/html; charset=utf-8"))
        #expect(servesUTF8("text/css"))
        #expect(servesUTF8("text/html; Charset=\"UTF-8\""))
        #expect(!servesUTF8("text/html; charset=iso-8859-1"))
        #expect(!servesUTF8("text/css;charset=windows-1252; x=y"))
    }

    @Test func theCrawlWarnsOncePerDocument() async throws {
        var site = InMemoryFetcher([
            "index.html": "<link rel=stylesheet href=s.css><a href=a.html>a</a>",
            "s.css": "",
        ])
        site.files["a.html"] = Data(bytes("<meta charset=windows-1252>\n<p>") + [0x93] + bytes("quoted") + [0x94])
        site.files["s.css"] = Data(bytes("a::after { content: \"") + [0xA7] + bytes("\" }"))
        let report = await site.check()
        #expect(report.summary == ["not-utf8 a.html:2:4", "not-utf8 s.css:1:22"])
        #expect(report.messages(.notUTF8).first?.contains("(2 places in all); the file declares 'windows-1252'") == true)
        #expect(report.findings.allSatisfy { $0.diagnostic.severity == .warning })
    }

    @Test func theMemoKeepsTheProblemAndItsDeclaredEncoding() throws {
        var memo = CrawlMemo(paths: ["a.html", "b.html"], context: 7)
        let problems: [String: EncodingProblem?] = [
            "a.html": EncodingProblem(line: 3, column: 9, byte: 0x92, replacements: 4, declared: "windows-1252"),
            "b.html": EncodingProblem(line: 1, column: 1, byte: 0xFF, replacements: 1, declared: nil),
        ]
        for (path, encoding) in problems {
            let document = ParsedDocument(
                path: path, kind: .html, duplicateIDs: [], links: [], acceptedTargets: [], acceptedCount: 0,
                anchorNames: [], encoding: encoding)
            memo.remember(CrawlMemo.Entry(sha256: "00", mimeType: "text/html", document: document), at: path)
        }
        let read = try #require(CrawlMemo(bytes: memo.encoded()))
        for (path, encoding) in problems {
            #expect(read.entry(at: path)?.document.encoding == encoding)
        }
    }
}
