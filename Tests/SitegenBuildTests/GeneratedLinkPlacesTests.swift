import Testing

@testable import SitegenBuild

@Suite struct GeneratedLinkPlacesTests {
    @Test func theLinkIsFoundAmongThoseWithItsURL() {
        let page = Array("<p>\n<a href=\"x.txt\">a</a>\n<img src=x.txt> <link rel=stylesheet href='x.txt'>\n</p>".utf8)
        #expect(GeneratedLinkPlaces.index(of: "x.txt", line: 2, column: 4, in: page)! == (0, 3))
        #expect(GeneratedLinkPlaces.index(of: "x.txt", line: 3, column: 6, in: page)! == (1, 3))
        #expect(GeneratedLinkPlaces.index(of: "x.txt", line: 3, column: 33, in: page)! == (2, 3))
        // Written once: counted, not decoded.
        #expect(GeneratedLinkPlaces.index(of: "a.html", line: 1, column: 1, in: Array("<a href=a.html>".utf8))! == (0, 1))
        #expect(
            GeneratedLinkPlaces.index(of: "a&b.html", line: 1, column: 4, in: Array("<a href=\"a&amp;b.html\">".utf8))! == (0, 1))
    }
}
