import Testing

@testable import SitegenBuild

@Suite struct GeneratedLinkPlacesTests {
    @Test func theLinkIsFoundAmongThoseWithItsURL() {
        var places = GeneratedLinkPlaces(
            page: Array("<p>\n<a href=\"x.txt\">a</a>\n<img src=x.txt> <link rel=stylesheet href='x.txt'>\n</p>".utf8))
        #expect(places.index(of: "x.txt", line: 2, column: 4)! == (0, 3))
        #expect(places.index(of: "x.txt", line: 3, column: 6)! == (1, 3))
        #expect(places.index(of: "x.txt", line: 3, column: 33)! == (2, 3))
        #expect(places.index(of: "x.txt", line: 4, column: 1) == nil)
        // Written once: counted, not decoded.
        var once = GeneratedLinkPlaces(page: Array("<a href=a.html>".utf8))
        #expect(once.index(of: "a.html", line: 1, column: 1)! == (0, 1))
        var escaped = GeneratedLinkPlaces(page: Array("<a href=\"a&amp;b.html\">".utf8))
        #expect(escaped.index(of: "a&b.html", line: 1, column: 4)! == (0, 1))
    }

    /// Past a few asks, the page is read once into a table: the answers stay those of the count and
    /// the decoding, for hrefs written once, many times, or one inside another (`#h1`, `#h10`).
    @Test func manyAsksOfOnePageGiveTheSameAnswers() {
        let links = (1...300).map { "<a href=\"#h\($0 % 30)\">x</a>" }.joined(separator: "\n")
        var places = GeneratedLinkPlaces(page: Array(links.utf8))
        for line in 1...300 {
            let href = "#h\(line % 30)"
            #expect(places.index(of: href, line: line, column: 4)! == ((line - 1) / 30, 10), "line \(line)")
        }
        #expect(places.index(of: "#h31", line: 1, column: 1) == nil)
    }
}
