import Foundation
import SitegenCore
import Testing

@testable import SitegenLinks

/// Links a browser resolves one way and a strict URL parser another: the crawl takes the browser's
/// view, and the resolver's for what the app serves.
@Suite struct URLEdgeCaseTests {
    @Test func dotDotBelowABaseHrefFolderStaysInsideTheRoot() async {
        let site = InMemoryFetcher([
            "index.html": "<base href=\"a/\">\n<a href=\"../b/page.html\">b</a>\n<a href=\"../../b/page.html\">up</a>",
            "b/page.html": "<p>b</p>",
        ])
        // docs://app/a/ + ../b/page.html is docs://app/b/page.html; one more ../ leaves the root.
        #expect(await site.check().summary == ["escapes-root index.html:3:4"])
    }

    /// The URL parser strips control characters and spaces around a URL, and removes tabs and line
    /// breaks inside it: `\u{1}a.png\u{1F}` is `a.png`, `#x\u{B}` is `#x`, and a `javascript:`
    /// after a control character is still no link.
    @Test func controlCharactersAroundALinkAreStripped() async {
        let site = InMemoryFetcher([
            "index.html": "<p id=x>x</p><img src=\"\u{1}a.png\u{1F}\"><a href=\"p.html#y\u{B}\">p</a>"
                + "<a href=\"#x\u{0C}\">x</a><a href=\"\u{1}javascript:void(0)\">j</a><a href=\"p.ht\nml\">n</a>",
            "a.png": "png", "p.html": "<h1 id=y>P</h1>",
        ])
        let report = await site.check()
        #expect(report.summary == [], "\(report.summary)")
        #expect(report.linksChecked == 4)
    }

    /// `docs://@app/x.html` is `docs://app/x.html` to a browser: empty credentials are none. A
    /// user is another origin, which the resolver does not serve.
    @Test func emptyCredentialsAreNone() async {
        let site = InMemoryFetcher([
            "index.html":
                "<a href=\"docs://@app/x.html\">a</a><a href=\"docs://:@app/x.html\">b</a><a href=\"docs://u@app/x.html\">c</a>",
            "x.html": "<p>x</p>",
        ])
        #expect(await site.check().summary == ["broken-link index.html:1:73"])
    }

    /// A host is percent-decoded before it is read: `exa%20mple.com` holds a space, as
    /// `exa mple.com` does, and neither is a URL; `ex%61mple.com` is `example.com`.
    @Test func aHostThatDecodesToAForbiddenCharacterIsNoURL() async {
        let site = InMemoryFetcher([
            "index.html": "<a href=\"http://exa%20mple.com/\">a</a><a href=\"https://ex%61mple.com/\">b</a>"
                + "<a href=\"http://a%2Fb.example/\">c</a><a href=\"http://[::1]:8080/\">d</a>"
        ])
        let report = await site.check(CheckOptions(external: .warn))
        #expect(
            report.summary.filter { $0.hasPrefix("invalid-url") } == [
                "invalid-url index.html:1:4", "invalid-url index.html:1:80",
            ])
    }

    @Test func aColonInAFirstSegmentThatIsNoSchemeIsAPath() async {
        let site = InMemoryFetcher([
            "index.html": "<a href=\"x_y:z.html\">1</a>\n<a href=\"a%20b,c:d.html\">2</a>",
            "x_y:z.html": "<p>x</p>", "a b,c:d.html": "<p>a</p>",
        ])
        #expect(await site.check().summary == [])
    }

    /// Characters beyond ASCII beside escapes (`Guía%20rápida.html`) are sent as a browser sends
    /// them: the raw ones encoded, the escapes kept, and the path decoded once.
    @Test func rawCharactersBesideEscapesNameTheFile() async {
        let site = InMemoryFetcher([
            "index.html": """
            <a href="Guía%20rápida.html#x">1</a>
            <a href="Gu%C3%ADa rápida.html">2</a><img src="Über%20uns.png" srcset="Über%20uns.png 2x">
            <a href="Guía%2520rápida.html">once</a><style>b { background: url(Über%20uns.png) }</style>
            """,
            "Guía rápida.html": "<p id=x>x</p>", "Über uns.png": "png",
        ])
        let report = await site.check()
        #expect(report.summary == ["broken-link index.html:3:4"])
        #expect(report.messages(.brokenLink).first?.hasPrefix("no file 'Guía%20rápida.html'") == true)
    }

    @Test func aPortOrAUserMakesAnotherAuthorityOfTheAppsScheme() async {
        let site = InMemoryFetcher([
            "index.html":
                "<a href=\"docs://app:8080/p.html\">port</a>\n<a href=\"docs://user@app/p.html\">user</a>\n<a href=\"docs://app/p.html\">p</a>",
            "p.html": "<p>p</p>",
        ])
        let report = await site.check()
        #expect(report.summary == ["broken-link index.html:1:4", "broken-link index.html:2:4"])
        #expect(report.messages(.brokenLink).allSatisfy { $0.contains("another host (or a port or user)") })
    }

    @Test func aPortAbove65535IsNoURL() async {
        let site = InMemoryFetcher([
            "index.html": "<a href=\"https://example.com:99999/\">1</a>\n<a href=\"https://example.com:65535/\">2</a>"
        ])
        #expect(
            await site.check(CheckOptions(external: .warn)).summary == [
                "invalid-url index.html:1:4", "external-link index.html:2:4",
            ])
    }

    @Test func topInAnyLetterCaseIsTheTopOfThePage() async {
        let site = InMemoryFetcher([
            "index.html":
                "<a href=\"#TOP\">1</a>\n<a href=\"a.html#Top\">2</a>\n<a href=\"a.html#%54op\">3</a>\n<a href=\"#tops\">4</a>",
            "a.html": "<p>a</p>",
        ])
        #expect(await site.check().summary == ["broken-fragment index.html:4:4"])
    }

    @Test func pagesUnderAnIgnorePatternAreNoOrphans() async {
        let site = InMemoryFetcher([
            "index.html": "<a href=\"api/x.html\">api</a>", "api/x.html": "<p>x</p>", "other.html": "<p>o</p>",
        ])
        #expect(await site.check(CheckOptions(ignorePatterns: ["api/**"])).summary == ["orphan other.html"])
    }

    /// A pattern may name the pages to leave out by their URL as well as by their path, as it names links.
    @Test func pagesWhoseURLAnIgnorePatternMatchesAreNoOrphans() async {
        let site = InMemoryFetcher([
            "index.html": "<p>home</p>", "tags/a b.html": "<a href=\"../missing.html\">m</a>", "b.html": "<p>b</p>",
        ])
        for pattern in ["docs://app/tags/*", "docs://app/tags/a%20b.html", "docs://app/tags/a b.html"] {
            #expect(await site.check(CheckOptions(ignorePatterns: [pattern, "docs://app/b.html"])).summary == [], "\(pattern)")
        }
        #expect(await site.check(CheckOptions(ignorePatterns: ["docs://app/tag/*"])).summary.count == 3)
    }

    /// An ignored link to an alias reaches the file the alias serves: that page is no orphan, and
    /// its own links are checked.
    @Test func anIgnoredLinkToAnAliasReachesItsFile() async {
        var site = InMemoryFetcher([
            "index.html": "<a href=\"guide/old.html#gid\">old</a>",
            "guide/index.html": "<p id=gid></p><a href=\"../missing.html\">m</a>",
        ])
        site.aliases = ["guide/old.html": "guide/index.html"]
        let summary = await site.check(CheckOptions(ignorePatterns: ["guide/old.html"])).summary
        #expect(summary == ["broken-link guide/index.html:1:18"], "\(summary)")
    }

    /// A URL pattern may be written with the characters of a path, not their escapes, for a link
    /// as for a page.
    @Test func aURLPatternWithCharactersMatchesTheirEscapes() async {
        let site = InMemoryFetcher(["index.html": "<a href=\"t%C3%A9x/gone.html\">a</a><a href=\"téx/gone2.html\">b</a>"])
        #expect(await site.check().summary.count == 2)
        #expect(await site.check(CheckOptions(ignorePatterns: ["docs://app/téx/*"])).summary == [])
    }

    /// A folder's page goes by the folder's URL too; and a page left out but linked to is fetched
    /// for its ids, its own links and faults unjudged.
    @Test func aPageLeftOutIsNotJudgedEvenWhenLinkedTo() async {
        let site = InMemoryFetcher([
            "index.html": "<a href=\"g/\">g</a><a href=\"g/#x\">x</a><a href=\"g/#gone\">gone</a>",
            "g/index.html": "<p id=x></p><p id=x></p><a href=\"../nothing.html\">n</a>",
        ])
        // The folder's URL or path names the links to it as well: they are skipped.
        for pattern in ["docs://app/g/", "g/"] {
            #expect(await site.check(CheckOptions(ignorePatterns: [pattern])).summary == [], "\(pattern)")
        }
        for pattern in ["g/index.html", "docs://app/g/index.html"] {
            let summary = await site.check(CheckOptions(ignorePatterns: [pattern])).summary
            #expect(summary == ["broken-fragment index.html:1:42"], "\(pattern): \(summary)")
        }
        let all = await site.check().summary
        #expect(
            all == [
                "duplicate-id g/index.html:1:16", "broken-link g/index.html:1:28", "broken-fragment index.html:1:42",
            ], "\(all)")
    }

    @Test func anEntryThatIsNotThereIsTheCheckedFoldersFinding() async {
        let site = InMemoryFetcher(["a.html": "<p>a</p>"])
        let report = await site.check(CheckOptions(displayRoot: "site/"))
        #expect(
            report.findings.filter { $0.diagnostic.rule == .brokenLink }.map(\.diagnostic.description) == [
                "site/: error: entry 'docs://app/index.html' is not in the bundle [broken-link]"
            ])
    }

    /// The resolver decodes `%2F` into a slash and serves the page, but the WebView shows it in the
    /// folder its URL names, where its relative links break: an error for a page, none for an image.
    @Test func anEncodedSlashToAPageIsABrokenLink() async {
        let site = InMemoryFetcher([
            "index.html": "<a href=\"guide%2Fa.html#top\">a</a> <a href=\"guide/a.html\">b</a> <img src=\"guide%2fi.png\">",
            "guide/a.html": "<h1 id=top>A</h1><a href=\"../index.html\">home</a>",
            "guide/i.png": "PNG",
        ])
        let report = await site.check(CheckOptions(displayRoot: "dist/"))
        #expect(
            report.findings.map(\.diagnostic.description) == [
                "dist/index.html:1:4: error: 'guide%2Fa.html#top' reaches 'guide/a.html' through an encoded slash (%2F), which the resolver decodes but the WebView does not: the page is shown in another folder and its relative links break; write '/' [broken-link]"
            ])
    }

    /// An empty path segment (`guide//a.html`) is skipped by the resolver, which serves the page,
    /// but kept by the WebView, which resolves the page's `../` links from a folder too deep: an
    /// error for a page, whether the link is relative or names the origin, none for an image.
    @Test func anEmptySegmentToAPageIsABrokenLink() async {
        let site = InMemoryFetcher([
            "index.html": "<a href=\"guide//a.html#top\">a</a><a href=\"docs://app/guide//a.html\">b</a>"
                + "<a href=\"guide/a.html\">c</a><img src=\"guide//i.png\"><a href=\"//app/guide/a.html\">d</a>",
            "guide/a.html": "<h1 id=top>A</h1><a href=\"../index.html\">home</a>",
            "guide/i.png": "PNG",
        ])
        let report = await site.check(CheckOptions(displayRoot: "dist/"))
        #expect(
            report.findings.map(\.diagnostic.description) == [
                "dist/index.html:1:4: error: 'guide//a.html#top' reaches 'guide/a.html' through an empty path segment ('//'), which the resolver skips but the WebView keeps: the page's relative links resolve from a folder too deep and break; write 'guide/a.html#top' [broken-link]",
                "dist/index.html:1:37: error: 'docs://app/guide//a.html' reaches 'guide/a.html' through an empty path segment ('//'), which the resolver skips but the WebView keeps: the page's relative links resolve from a folder too deep and break; write 'docs://app/guide/a.html' [broken-link]",
            ], "\(report.findings.map(\.diagnostic.description))")
    }

    /// An `@font-face` source marked `format("svg")` is an SVG font, which no browser loads: its
    /// file is checked, its fragment not (Font Awesome 4 names an id its file does not have).
    @Test func anSVGFontsFragmentIsNotLookedFor() async {
        let css = """
            @font-face { src: url(f.woff2) format('woff2'), url(f.svg#fontawesomeregular) /* svg */ FORMAT( "svg" ),
              url(gone.svg#x) format(svg); }
            .icon { background: url(f.svg#nope); }
            """
        let site = InMemoryFetcher([
            "index.html": "<link rel=stylesheet href=s.css>", "s.css": css, "f.woff2": "W",
            "f.svg": "<svg xmlns=\"http://www.w3.org/2000/svg\"><font id=\"FontAwesome\"/></svg>",
        ])
        let report = await site.check(CheckOptions(displayRoot: "dist/"))
        #expect(
            report.findings.map(\.diagnostic.description) == [
                "dist/s.css:2:3: error: no file 'gone.svg' in the bundle [broken-link]",
                "dist/s.css:3:21: error: no id 'nope' in f.svg [broken-fragment]",
            ])
    }
}
