import Testing

@testable import SitegenBuild

@Suite("Anchor scanner")
struct AnchorScannerTests {
    @Test func findsIDAndNameAttributesAfterWhitespace() {
        let html = """
            <h2 id="intro">Intro</h2><a name="old-anchor"></a>
            <p data-id="no">x</p><p\tID="Tabbed">y</p><div\nNAME="upper">z</div>
            <p>id="after a tag" and id='single' and id= "spaced"</p><span id="unclosed
            """
        #expect(AnchorScanner.anchors(inHTML: html) == ["intro", "old-anchor", "Tabbed", "upper", "unclosed"])
        #expect(AnchorScanner.anchors(inHTML: "") == [])
        #expect(AnchorScanner.anchors(inHTML: "id=\"x\"") == [])
        #expect(AnchorScanner.anchors(inHTML: " id=\"") == [""])
        #expect(AnchorScanner.anchors(inHTML: " id=") == [])
    }

    /// Inside a tag, values are read as the crawl's tokenizer reads them: single-quoted, unquoted,
    /// with character references decoded.
    @Test func readsValuesInsideTagsAsABrowserDoes() {
        let html = """
            <span id='sq'>a</span><a name=bare>b</a><span id="x&amp;y">c</span>
            <span id="caf&eacute;">d</span><span id=s&bigstar;>e</span><p>text id='not' id=not</p>
            """
        #expect(AnchorScanner.anchors(inHTML: html) == ["sq", "bare", "x&y", "café", "s★"])
    }

    @Test func agreesWithAByteByByteScanOnGeneratedHTML() {
        var generator = SystemRandomNumberGenerator()
        let pieces = [" ", "\n", "\t", "id", "ID", "name", "nAme", "=", "\"", "'", "x", "é", "<p", ">", "data-", "a=b"]
        for _ in 0..<500 {
            let html = (0..<Int.random(in: 0..<40, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }
                .joined()
            #expect(AnchorScanner.anchors(inHTML: html) == Self.reference(html), "\(html.debugDescription)")
        }
    }

    /// The scan as it was first written, one byte at a time: the reference the memchr scan must match.
    private static func reference(_ html: String) -> [String] {
        var found: [String] = []
        var utf8 = Array(html.utf8)
        utf8.append(0)
        let quote = UInt8(ascii: "\""), apostrophe = UInt8(ascii: "'"), equals = UInt8(ascii: "=")
        var i = 1
        while i + 4 < utf8.count {
            let isSpace =
                utf8[i - 1] == UInt8(ascii: " ") || utf8[i - 1] == UInt8(ascii: "\n") || utf8[i - 1] == UInt8(ascii: "\t")
            var nameLength = 0
            if isSpace, utf8[i] | 0x20 == UInt8(ascii: "i"), utf8[i + 1] | 0x20 == UInt8(ascii: "d"), utf8[i + 2] == equals {
                nameLength = 2
            } else if isSpace, i + 6 < utf8.count, utf8[i] | 0x20 == UInt8(ascii: "n"), utf8[i + 1] | 0x20 == UInt8(ascii: "a"),
                utf8[i + 2] | 0x20 == UInt8(ascii: "m"), utf8[i + 3] | 0x20 == UInt8(ascii: "e"), utf8[i + 4] == equals
            {
                nameLength = 4
            }
            let value = i + nameLength + 1
            if nameLength > 0, utf8[value] == quote || (utf8[value] == apostrophe && insideTag(utf8, i)) {
                let start = value + 1
                var end = start
                while end < utf8.count - 1, utf8[end] != utf8[value] { end += 1 }
                found.append(String(decoding: utf8[start..<end], as: UTF8.self))
                i = end
            } else if nameLength > 0, value < utf8.count - 1, !" \n\t>".utf8.contains(utf8[value]), insideTag(utf8, i) {
                var end = value
                while end < utf8.count - 1, !" \n\t>".utf8.contains(utf8[end]) { end += 1 }
                found.append(String(decoding: utf8[value..<end], as: UTF8.self))
                i = end - 1
            }
            i += 1
        }
        return found
    }

    /// Whether a `<` comes before `index` with no `>` in between.
    private static func insideTag(_ utf8: [UInt8], _ index: Int) -> Bool {
        var j = index - 1
        while j >= 0 {
            if utf8[j] == UInt8(ascii: "<") { return true }
            if utf8[j] == UInt8(ascii: ">") { return false }
            j -= 1
        }
        return false
    }
}
