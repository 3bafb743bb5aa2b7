import Foundation
import Testing

@testable import SitegenLinks

/// Pages of one folder share what their references resolved to: the crawl settles a sibling's
/// sidebar links from it, by the references' bytes, before making strings of them.
@Suite struct FolderLinkCacheTests {
    private func outcome(_ folder: FolderLinkCache.Folder, _ reference: String) -> ReferenceTable.Settled? {
        var reference = reference
        return reference.withUTF8 { folder.snapshot().outcome(of: UnsafeRawBufferPointer($0), destination: .other) }
    }

    @Test func referencesAreTheirBytesSoNFCAndNFDAreTwo() {
        let folder = FolderLinkCache.Folder()
        let composed = "caf\u{E9}.html"
        let decomposed = "cafe\u{301}.html"
        folder.remember([(ExtractedLink(url: composed, element: "a", attribute: "href", line: 1, column: 1), .accepted(3))])
        guard case .accepted(3)? = outcome(folder, composed) else {
            Issue.record("the composed spelling is known")
            return
        }
        #expect(outcome(folder, decomposed) == nil, "another file, though equal as strings")
    }

    @Test func aTableKeepsEveryReferenceAsItGrows() {
        var table = ReferenceTable()
        func link(_ index: Int) -> ExtractedLink {
            ExtractedLink(url: "page-\(index).html", element: "a", attribute: "href", line: 1, column: 1)
        }
        for index in 0..<500 { table.insert(link(index), .accepted(Int32(index))) }
        table.insert(link(7), .skipped)
        table.insert(ExtractedLink(url: "", element: "a", attribute: "href", line: 1, column: 1), .accepted(-1))
        let found = (0..<500).map { index -> Int32? in
            guard case .accepted(let target)? = table.outcome(of: link(index)) else { return nil }
            return target
        }
        #expect(found == (0..<500).map { $0 == 7 ? nil : Int32($0) })
        if case .skipped? = table.outcome(of: link(7)) {} else { Issue.record("a later outcome replaces the first") }
        #expect(table.outcome(of: link(500)) == nil)
        #expect(table.outcome(of: ExtractedLink(url: "page-1.htm", element: "a", attribute: "href", line: 1, column: 1)) == nil)
    }

    @Test func aStyleSheetsOutcomeIsNotALinksOutcome() {
        let folder = FolderLinkCache.Folder()
        folder.remember([
            (ExtractedLink(url: "x.txt", element: "link", attribute: "href", line: 1, column: 1, destination: .style), .skipped)
        ])
        #expect(outcome(folder, "x.txt") == nil, "fetched as a style sheet, its type decided; as a link it did not")
    }

    @Test func aPageWithABaseHrefIsNotSettledByItsSiblingsOutcomes() async {
        // b.html is fetched after a.html has taught the folder that 'x.html' is a file of the bundle;
        // under its base, b's 'x.html' is 'other/x.html', which is not.
        let site = InMemoryFetcher([
            "index.html": "<a href=guide/a.html>a</a>",
            "guide/a.html": "<a href=x.html>x</a><a href=b.html>b</a>",
            "guide/b.html": "<a href=x.html>x</a>\n<base href=../other/>",
            "guide/x.html": "<p>x</p>",
            "other/index.html": "<a href=../index.html>home</a>",
        ])
        let report = await site.check()
        #expect(report.summary.filter { $0.hasPrefix("broken-link") } == ["broken-link guide/b.html:1:4"])
    }

    @Test func settledLinksAreCountedAndReachTheirTargets() async {
        // A chain of pages with the same sidebar: each page after the first settles it from the folder.
        var files = ["index.html": "<a href=docs/p0.html>start</a>"]
        let sidebar = (0..<5).map { "<a href=p\($0).html>\($0)</a>" }.joined() + "<a href=../index.html>home</a>"
        for page in 0..<5 { files["docs/p\(page).html"] = sidebar + "<a href=../leaf\(page).html>leaf</a>" }
        for page in 0..<5 { files["leaf\(page).html"] = "<p>leaf</p>" }
        let report = await InMemoryFetcher(files).check()
        #expect(report.summary == [], "every leaf is reached, so none is an orphan")
        #expect(report.linksChecked == 1 + 5 * 7)
        #expect(report.pages == 11)
    }
}
