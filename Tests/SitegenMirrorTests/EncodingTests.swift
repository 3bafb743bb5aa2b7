import Foundation
import SitegenBundle
import SitegenCore
import SitegenLinks
import Testing

@testable import SitegenMirror

/// Pages and style sheets in other encodings than UTF-8 are mirrored as UTF-8, as the manifest
/// declares them, and say so.
@Suite struct EncodingTests {
    static func text(_ data: Data?) -> String? { data.map { String(decoding: $0, as: UTF8.self) } }

    static func html(_ bytes: [UInt8], charset: String? = nil) -> (String, TextEncoding?, String?) {
        let outcome = Transcoder.html(Data(bytes), charset: charset)
        return (String(decoding: outcome.body, as: UTF8.self), outcome.encoding, outcome.problem)
    }

    @Test func latinPageAndItsStyleSheetOverHTTP() async throws {
        let latin: [UInt8] =
            Array(#"<!doctype html><meta charset="iso-8859-1"><link rel=stylesheet href="/latin.css"><title>caf"#.utf8)
            + [0xE9, 0x20, 0x93, 0x71, 0x94] + Array("</title>".utf8)
        let server = try LoopbackServer(routes: [
            "/": ("text/html; charset=utf-8", Array(#"<a href="/latin">latin</a>"#.utf8)),
            "/latin": ("text/html; charset=ISO-8859-1", latin),
            "/latin.css": ("text/css", Array(#"a::after { content: "caf"#.utf8) + [0xE9] + Array(#"" }"#.utf8)),
        ])
        defer { server.stop() }
        let result = try await Mirror(source: HTTPSource(root: server.url, timeout: 5)).run()
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        #expect(
            Self.text(result.files["latin.html"])
                == #"<!doctype html><meta charset="utf-8"><link rel=stylesheet href="latin.css"><title>café “q”</title>"#)
        // A style sheet that declares nothing is in the encoding of the page that links to it.
        #expect(Self.text(result.files["latin.css"]) == #"a::after { content: "café" }"#)
        let bundle = try await MirrorChecks.write(result)
        defer { try? FileManager.default.removeItem(at: bundle) }
        let manifest = try Manifest.decode(Data(contentsOf: bundle.appendingPathComponent(Manifest.fileName)))
        for resource in manifest.resources { #expect(resource.textEncoding == "utf-8", "\(resource.file)") }
    }

    /// A link's query is sent in its page's encoding, as browsers send it (the path and fragment
    /// in UTF-8); a character the encoding lacks as its numeric reference. A UTF-8 page's in UTF-8.
    @Test func aQueryIsSentInItsPagesEncoding() async throws {
        let latin: [UInt8] =
            Array(#"<a href="/x?q="#.utf8) + [0xE9] + Array(#"&amp;e=&#8364;&amp;a=&#257;#"#.utf8) + [0xE9]
            + Array(#"">x</a><a href="/p"#.utf8) + [0xE9] + Array(#"?q=1">p</a><a href="/u">u</a>"#.utf8)
        let server = try LoopbackServer(routes: [
            "/": ("text/html; charset=windows-1252", latin), "/x": ("text/plain", Array("x".utf8)),
            "/p%C3%A9": ("text/plain", Array("p".utf8)),
            "/u": ("text/html", Array(#"<a href="/x?q=é">x</a>"#.utf8)),
        ])
        defer { server.stop() }
        let result = try await Mirror(source: HTTPSource(root: server.url, timeout: 5)).run()
        let index = Self.text(result.files["index.html"]) ?? ""
        #expect(!index.contains(#"href="/"#), "every link names its file: \(index)")
        #expect(
            Set(server.targets) == ["/", "/x?q=%E9&e=%80&a=%26%23257%3B", "/p%C3%A9?q=1", "/u", "/x?q=%C3%A9"],
            "\(server.targets)")
    }

    /// A style sheet's queries go in its own encoding (its `@charset`, or its page's), as browsers
    /// send them.
    @Test func aStyleSheetsQueryIsSentInItsEncoding() async throws {
        let css: [UInt8] = Array("@charset \"iso-8859-2\"; a { background: url(/i?q=".utf8) + [0xB3] + Array(") }".utf8)
        let server = try LoopbackServer(routes: [
            "/": ("text/html", Array(#"<link rel=stylesheet href="/s.css">"#.utf8)), "/s.css": ("text/css", css),
            "/i": ("image/png", [0x89, 0x50, 0x4E, 0x47]),
        ])
        defer { server.stop() }
        _ = try await Mirror(source: HTTPSource(root: server.url, timeout: 5)).run()
        #expect(server.targets.contains("/i?q=%B3"), "\(server.targets)")
    }

    /// A page sent without `Content-Type` is sniffed as a browser sniffs it: HTML is a page, its
    /// links followed; anything else stays an untyped file.
    @Test func aPageSentWithoutATypeIsSniffed() async throws {
        let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13]
        // `/both` is first found by a plain link, then by a style sheet link.
        let index: String =
            #"<a href="/noctype">n</a><a href="/bin">b</a><img src="/pic"><link rel=stylesheet href="/css"><script src="/js"></script>"#
            + #"<a href="/both">first a link</a><link rel=stylesheet href="/both">"#
        let server = try LoopbackServer(routes: [
            "/": ("text/html", Array(index.utf8)),
            "/noctype": (nil, Array("\n  <!DOCTYPE html><title>t</title><a href=\"/b\">b</a>".utf8)),
            "/b": ("text/html", Array("<p>b".utf8)), "/bin": (nil, [0x00, 0x01, 0x3C]), "/pic": (nil, png),
            "/css": (nil, Array("p { color: red }".utf8)), "/js": (nil, Array("let a = 1".utf8)),
            "/both": (nil, Array("b { color: blue }".utf8)),
        ])
        defer { server.stop() }
        let result = try await Mirror(source: HTTPSource(root: server.url, timeout: 5)).run()
        // The bytes tell HTML and PNG; a style sheet and a script are what their links fetch them as.
        #expect(
            result.files.keys.sorted() == [
                "b.html", "bin", "both.css", "css.css", "index.html", "js.js", "noctype.html", "pic.png",
            ],
            "\(result.files.keys)")
        #expect(result.pages == 3)
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        #expect(ContentType.sniffed(Array("<html>".utf8)) == "text/html")
        #expect(ContentType.sniffed(Array("<htmlx>".utf8)) == "")
        #expect(ContentType.sniffed(Array("<!-- c -->".utf8)) == "text/html")
        #expect(ContentType.sniffed(Array("GIF89a....".utf8)) == "image/gif")
        #expect(ContentType.sniffed(Array("RIFF\u{0}\u{0}\u{0}\u{0}WEBPVP8 ".utf8)) == "image/webp")
        #expect(ContentType.sniffed(Array("{\"a\": 1}".utf8)) == "")
    }

    @Test func metaDeclarationsInAFolder() async throws {
        let folder = MirrorChecks.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let index =
            Array(#"<meta charset="iso-8859-1"><title>caf"#.utf8) + [0xE9] + Array(#"</title><a href="/ru">ru</a>"#.utf8)
        try Data(index).write(to: folder.appendingPathComponent("index.html"))
        let russian =
            Array("<META HTTP-EQUIV=Content-Type CONTENT='text/html; charset=windows-1251'><p>".utf8) + [0xEF, 0xF0, 0xE8]
        try Data(russian).write(to: folder.appendingPathComponent("ru.html"))
        let result = try await Mirror(source: FolderSource(folder: folder)).run()
        #expect(Self.text(result.files["index.html"]) == #"<meta charset="utf-8"><title>café</title><a href="ru.html">ru</a>"#)
        #expect(Self.text(result.files["ru.html"]) == "<META HTTP-EQUIV=Content-Type CONTENT='text/html; charset=utf-8'><p>при")
    }

    @Test func byteOrderMarkWinsAndUTF16BecomesUTF8() {
        let utf16: [UInt8] = [0xFF, 0xFE] + "<p>é€</p>".utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        let (text, encoding, problem) = Self.html(utf16, charset: "iso-8859-1")
        #expect(text == "<p>é€</p>")
        #expect(encoding?.name == "UTF-16LE")
        #expect(problem == nil)
        // A UTF-8 mark is kept, and a meta that says otherwise is made to say UTF-8.
        let marked: [UInt8] = [0xEF, 0xBB, 0xBF] + Array("<meta charset=latin1><p>é".utf8)
        #expect(Self.html(marked, charset: "windows-1252").0 == "\u{FEFF}<meta charset=utf-8><p>é")
    }

    @Test func theHeaderWinsOverTheMeta() {
        let (text, encoding, _) = Self.html(Array("<meta charset=\"iso-8859-1\"><p>é".utf8), charset: "utf-8")
        #expect(text == "<meta charset=\"utf-8\"><p>é")
        #expect(encoding == .utf8)
        // An unknown label is ignored, as browsers ignore it.
        let latin = Array("<meta charset=latin1><p>".utf8) + [0xE9]
        #expect(Self.html(latin, charset: "x-nonsense").0 == "<meta charset=utf-8><p>é")
    }

    @Test func declarationsInCommentsScriptsOrAfterTheFirstKilobyteAreNotTheEncoding() {
        let commented = Array("<!-- <meta charset=latin1> --><script>'<meta charset=latin1>'</script><p>é".utf8)
        #expect(Self.html(commented).0 == String(decoding: commented, as: UTF8.self))
        let late = Array(("<p>" + String(repeating: " ", count: 1100) + "<meta charset=latin1>").utf8) + [0xE9]
        #expect(Self.html(late).1 == nil)
    }

    @Test func styleSheetCharsetRule() {
        let css = Array(#"@charset "iso-8859-15"; p::after { content: ""#.utf8) + [0xA4] + Array(#"" }"#.utf8)
        let outcome = Transcoder.css(Data(css), charset: nil, environment: .windows1252)
        #expect(String(decoding: outcome.body, as: UTF8.self) == #"@charset "utf-8"; p::after { content: "€" }"#)
        #expect(outcome.encoding?.name == "ISO-8859-15")
    }

    @Test func windows1252IsWhatLatin1Means() throws {
        let bytes: [UInt8] = [0x80, 0x81, 0x93, 0x9F, 0xA0, 0xE9, 0xFF]
        let decoded = try #require(TextEncoding(label: " ISO-8859-1 ")?.utf8(from: bytes[...]))
        #expect(String(decoding: decoded, as: UTF8.self) == "€\u{81}“Ÿ\u{A0}éÿ")
        #expect(TextEncoding(label: "us-ascii")?.name == "windows-1252")
        #expect(TextEncoding(label: "sjis")?.name == "Shift_JIS")
        #expect(TextEncoding(label: "utf-7") == nil)
    }

    @Test func anEncodingThatCannotBeDecodedIsReportedAndCopied() async throws {
        let body: [UInt8] = Array("<p>".utf8) + [0x1B, 0x24, 0x29, 0x43, 0x0E, 0x21, 0x21]
        let server = try LoopbackServer(routes: [
            "/": ("text/html", Array(#"<a href="/kr">kr</a>"#.utf8)), "/kr": ("text/html; charset=iso-2022-kr", body),
        ])
        defer { server.stop() }
        let result = try await Mirror(
            source: HTTPSource(root: server.url, timeout: 5), options: MirrorOptions(sourceDisplay: "site/")
        ).run()
        #expect(result.files["kr.html"] == Data(body))
        #expect(
            result.diagnostics.map(\.description) == [
                "site/kr.html: warning: '\(server.url.absoluteString)kr' cannot be decoded from 'iso-2022-kr' (named by its "
                    + "Content-Type header): copied as it is, though served as UTF-8 [mirror-encoding]"
            ])
    }

    @Test func bytesThatAreNotTheUTF8TheySayAreWarnedAboutAndNotRewritten() {
        // Served as UTF-8, windows-1252 in fact.
        let lie: [UInt8] = Array("<!doctype html><title>Caf".utf8) + [0xE9] + Array("</title>".utf8)
        let (_, _, problem) = Self.html(lie, charset: "utf-8")
        #expect(problem == "is not valid 'utf-8' (named by its Content-Type header): copied as it is, though served as UTF-8")
        // A declaration past the first 1024 bytes is not used, and so not made to say utf-8 either.
        let late: [UInt8] =
            Array("<!doctype html><!--\(String(repeating: "x", count: 1100))-->".utf8)
            + Array(#"<meta charset="windows-1252"><title>Caf"#.utf8) + [0xE9] + Array("</title>".utf8)
        let (text, encoding, lateProblem) = Self.html(late)
        #expect(encoding == nil)
        #expect(
            lateProblem
                == "is not valid UTF-8 (nothing declares an encoding early enough): copied as it is, though served as UTF-8")
        #expect(text.contains(#"<meta charset="windows-1252">"#))
    }
}
