import SitegenCore
import SitegenMarkdown
import SitegenTemplates
import Testing

@testable import SitegenBuild

@Suite struct NavValuesTests {
    @Test func sectionWithoutPageDoesNotBorrowItsParentsURL() async throws {
        let site = try TestSite([
            "Site/index.md": "# Home\n", "Site/guide/index.md": "# Guide\n", "Site/guide/advanced/tuning.md": "# Tuning\n",
        ])
        defer { site.remove() }
        let outcome = try await site.build()
        defer { outcome.staged.discard() }
        let html = try site.staged(outcome, "guide/advanced/tuning.html")
        // Mustache looks a missing name up in the enclosing item, so `url` must be there, as null.
        #expect(html.contains("<li>Advanced<ul>"))
        #expect(!html.contains(">Advanced</a>"))
    }

    /// A page `nav:` leaves out shows the first 21 entries of the top level, not all 40.
    @Test func aPageTheNavLeavesOutShowsTheTopLevelTrimmed() async throws {
        var files = ["Site/index.md": "# Home\n", "Site/left.md": "# Left\n"]
        var nav = "nav:\n  - index.md\n"
        for number in 1...40 {
            files["Site/top-\(number).md"] = "# Top \(number)\n"
            nav += "  - top-\(number).md\n"
        }
        files["Site/sitegen.yml"] = nav
        let site = try TestSite(files, defaultTheme: true)
        defer { site.remove() }
        let outcome = try await site.build()
        defer { outcome.staged.discard() }
        let html = try site.staged(outcome, "left.html")
        #expect(html.contains(">Top 20</a>") && !html.contains(">Top 21</a>"), "\(html)")
        #expect(html.contains("… 20 more</a>"))
    }

    @Test func defaultThemeRendersMoreItems() async throws {
        var files = ["Site/index.md": "# Home\n", "Site/guide/index.md": "# Guide\n"]
        for number in 1...60 { files["Site/guide/page-\(number).md"] = "# Page \(number)\n" }
        let site = try TestSite(files, defaultTheme: true)
        defer { site.remove() }
        let outcome = try await site.build()
        defer { outcome.staged.discard() }
        #expect(outcome.diagnostics.isEmpty)
        let html = try site.staged(outcome, "guide/page-30.html")
        #expect(html.contains("<li class=\"nav-more\"><a href=\"page-19.html\">… 19 earlier</a></li>"))
        #expect(html.contains("<li class=\"nav-more\"><a href=\"page-41.html\">… 20 more</a></li>"))
        #expect(html.contains("<li class=\"is-open\"><a href=\"page-30.html\" aria-current=\"page\">Page 30</a></li>"))
        #expect(!html.contains(">Page 18</a>") && html.contains(">Page 20</a>") && !html.contains(">Page 41</a>"))
        // The script that shows the whole tree, hidden pages included, is still there.
        #expect(html.contains("_sitegen/nav.js"))
        #expect(try site.staged(outcome, "_sitegen/nav.js").contains("\"guide/page-18.html\""))
    }
}

@Suite struct NavWindowTests {
    /// The nav of `page` in a site of empty pages at `sources`, laid out by folder.
    private func nav(of page: String, in sources: [String]) throws -> TemplateValue {
        let empty = RenderedMarkdown(html: "", title: nil, headings: [], links: [])
        let pages = sources.map { source in
            let path = SitePath(unchecked: source)
            // `page-21.md` is "Page 21", as `fromFolders` names a folder `page-21a` "Page 21a".
            let words = path.lastComponent.dropLast(3).split(separator: "-").joined(separator: " ")
            return Page(
                source: path, output: path.replacingExtension(with: "html"), meta: PageMeta(),
                title: words.prefix(1).uppercased() + words.dropFirst(), body: empty,
                displayPath: "Site/" + source, anchorIDs: [])
        }
        let model = try SiteModel(config: SiteConfig(), pages: pages, assets: [], drafts: [], displayRoot: "Site/")
        let values = NavValues(tree: NavTree.fromFolders(model.pages))
        return values.value(for: SitePath(unchecked: page))
    }

    /// The home page, `guide/index.md` and `count` pages `guide/page-1.md`… in natural order.
    private func section(_ count: Int, extra: [String] = []) -> [String] {
        ["index.md", "guide/index.md"] + (1...count).map { "guide/page-\($0).md" } + extra
    }

    /// The items of the `guide` section as (title, url, isMore).
    private func guide(_ nav: TemplateValue) throws -> [(title: String, url: TemplateValue, isMore: Bool)] {
        let top = try #require(nav.listItems)
        #expect(top.count == 2)
        let children = try #require(top.last?["children"]?.listItems)
        return try children.map { item in
            guard case .string(let title) = item["title"], case .bool(let isMore) = item["isMore"] else {
                throw NavItemError()
            }
            return (title, item["url"] ?? .null, isMore)
        }
    }

    private struct NavItemError: Error {}

    @Test func pageInTheMiddleSeesTenEitherSide() throws {
        let items = try guide(nav(of: "guide/page-30.html", in: section(60)))
        #expect(items.count == 23)
        #expect(items.first?.title == "… 19 earlier")
        #expect(items.first?.url == "page-19.html")
        #expect(items.dropFirst().dropLast().map(\.title) == (20...40).map { "Page \($0)" })
        #expect(items.last?.title == "… 20 more")
        #expect(items.last?.url == "page-41.html")
        #expect(items.map(\.isMore) == [true] + Array(repeating: false, count: 21) + [true])
    }

    @Test func moreItemsAreLeavesThatAreNeitherOpenNorCurrent() throws {
        let nav = try nav(of: "guide/page-30.html", in: section(60))
        let children = try #require(nav.listItems?.last?["children"]?.listItems)
        for more in [children.first, children.last] {
            #expect(more?["isCurrent"] == false)
            #expect(more?["isOpen"] == false)
            #expect(more?["hasChildren"] == false)
            #expect(more?["children"] == [])
        }
        #expect(children[11]["isCurrent"] == true)
        #expect(children[11]["title"] == "Page 30")
    }

    @Test func pageNearTheStartSeesTheFirst21() throws {
        let items = try guide(nav(of: "guide/page-3.html", in: section(60)))
        #expect(items.count == 22)
        #expect(items.dropLast().map(\.title) == (1...21).map { "Page \($0)" })
        #expect(items.last?.title == "… 39 more")
        #expect(items.last?.url == "page-22.html")
    }

    @Test func pageNearTheEndSeesTheLast21() throws {
        let items = try guide(nav(of: "guide/page-59.html", in: section(60)))
        #expect(items.count == 22)
        #expect(items.first?.title == "… 39 earlier")
        #expect(items.first?.url == "page-39.html")
        #expect(items.dropFirst().map(\.title) == (40...60).map { "Page \($0)" })
    }

    @Test(arguments: [1, 13, 25])
    func listOf25IsWhole(page: Int) throws {
        let items = try guide(nav(of: "guide/page-\(page).html", in: section(25)))
        #expect(items.map(\.title) == (1...25).map { "Page \($0)" })
        #expect(!items.contains { $0.isMore })
    }

    @Test func sectionPageShowsItsFirst21Children() throws {
        let items = try guide(nav(of: "guide/index.html", in: section(60)))
        #expect(items.count == 22)
        #expect(items.dropLast().map(\.title) == (1...21).map { "Page \($0)" })
        #expect(items.last?.title == "… 39 more")
        #expect(items.last?.url == "page-22.html")
    }

    @Test func hiddenSectionWithoutPageGivesNoURL() throws {
        // `guide/page-21a/` has no index page and sorts right after page 21: the first hidden entry.
        let items = try guide(nav(of: "guide/page-1.html", in: section(60, extra: ["guide/page-21a/deep.md"])))
        #expect(items[20].title == "Page 21")
        #expect(items.last?.title == "… 40 more")
        #expect(items.last?.url == .null)
    }

    /// Every list of the page's chain is trimmed around the entry it holds of it, the top level
    /// too: 30 top-level pages are not carried by each page of a section below them (500 would be
    /// 500 on every page, the output growing with the square of the site).
    @Test func everyListOfThePagesChainIsTrimmed() throws {
        let sources =
            ["index.md", "guide/a.md", "zone/b.md"] + (1...30).map { "top-\($0).md" }
        let inGuide = try #require(nav(of: "guide/a.html", in: sources).listItems)
        #expect(inGuide.count == 22)
        #expect(inGuide.last?["title"] == "… 12 more")
        let guide = try #require(inGuide.first { $0["title"] == "Guide" })
        #expect(guide["isOpen"] == true)
        #expect(guide["children"]?.listItems?.map { $0["title"] } == ["A"])
        // A section at the end of the top level: the window ends with it, after "… N earlier".
        let inZone = try #require(nav(of: "zone/b.html", in: sources).listItems)
        #expect(inZone.count == 22)
        #expect(inZone.first?["title"] == "… 12 earlier")
        #expect(inZone.last?["title"] == "Zone")
        #expect(inZone.last?["children"]?.listItems?.map { $0["title"] } == ["B"])
        let atTop = try #require(nav(of: "top-1.html", in: sources).listItems)
        #expect(atTop.count == 22)
        #expect(atTop.last?["title"] == "… 12 more")
    }

    @Test func windowIsDeterministic() throws {
        let sources = section(60)
        #expect(try nav(of: "guide/page-30.html", in: sources) == nav(of: "guide/page-30.html", in: sources))
    }
}

extension TemplateValue {
    fileprivate var listItems: [TemplateValue]? {
        if case .list(let items) = self { return items }
        return nil
    }
}
