import Foundation
import Testing

@testable import SitegenMarkdown

/// cmark allocates a page's nodes and buffers from a per-thread arena that is reset between pages.
@Suite("Rendering through the per-thread arena")
struct ArenaRenderingTests {
    /// Larger than the arena's 1 MB chunks: one paragraph whose text buffer grows by reallocation,
    /// and many headings and links.
    static let large: String = {
        var text = "# Big\n\n" + String(repeating: "word ", count: 400_000) + "\n\n"
        for index in 0..<2_000 { text += "## Part \(index)\n\nSee [next](p\(index + 1).md#part-\(index)).\n\n" }
        return text
    }()

    static let small = "# Small\n\nA [link](other.md) and `code`.\n\n## Again\n"

    @Test func largePagesRenderWholeAndTheArenaIsReusedAfterThem() {
        let first = MarkdownRenderer.render(Self.large)
        #expect(first.html.utf8.count > 2_000_000)
        #expect(first.html.hasSuffix("</p>\n"))
        #expect(first.headings.count == 2_001)
        #expect(first.links.count == 2_000)
        #expect(first.links.last?.rewritten == "p2000.html#part-1999")
        let small = MarkdownRenderer.render(Self.small)
        #expect(
            small.html
                == "<h1 id=\"small\"><a class=\"anchor\" href=\"#small\" aria-hidden=\"true\" tabindex=\"-1\">#</a>Small</h1>\n"
                + "<p>A <a href=\"other.html\">link</a> and <code>code</code>.</p>\n"
                + "<h2 id=\"again\"><a class=\"anchor\" href=\"#again\" aria-hidden=\"true\" tabindex=\"-1\">#</a>Again</h2>\n")
        #expect(MarkdownRenderer.render(Self.large).html == first.html)
    }

    @Test func pagesRenderedOnManyThreadsAtOnceMatchOneByOne() async {
        let pages = (0..<64).map { index in
            index % 16 == 0 ? Self.large : Self.small + String(repeating: "\n\nMore [x](x\(index).md).", count: index)
        }
        let alone = pages.map { MarkdownRenderer.render($0).html }
        let together = await withTaskGroup(of: (Int, String).self) { group in
            for (index, page) in pages.enumerated() { group.addTask { (index, MarkdownRenderer.render(page).html) } }
            var results = Array(repeating: "", count: pages.count)
            for await (index, html) in group { results[index] = html }
            return results
        }
        #expect(together == alone)
    }

    @Test func threadsThatRenderAndExitLeaveTheOthersWorking() throws {
        let expected = MarkdownRenderer.render(Self.small).html
        let results = SizesFromThreads()
        for _ in 0..<8 {
            let done = DispatchSemaphore(value: 0)
            let thread = Thread {
                results.append(MarkdownRenderer.render(Self.large).html.utf8.count)
                results.append(MarkdownRenderer.render(Self.small).html.utf8.count)
                done.signal()
            }
            thread.start()
            done.wait()
        }
        #expect(results.values.count == 16)
        #expect(Set(results.values.enumerated().filter { $0.offset % 2 == 1 }.map(\.element)) == [expected.utf8.count])
        #expect(MarkdownRenderer.render(Self.small).html == expected)
    }
}

/// Sizes handed back from other threads.
private final class SizesFromThreads: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [Int] = []
    var values: [Int] { lock.withLock { stored } }
    func append(_ value: Int) { lock.withLock { stored.append(value) } }
}
