import Foundation
import SitegenCore
import Synchronization
import Testing

@testable import SitegenLinks

@Suite struct LinkCheckerTests {
    @Test func cleanSiteHasNoFindings() async {
        let site = InMemoryFetcher([
            "index.html":
                "<link href=style.css rel=stylesheet><a href=guide/>g</a><a href=\"guide/a.html#sec-1\">a</a><a href=#top>t</a>",
            "style.css": "body{background:url(img/bg.png)}",
            "img/bg.png": "png",
            "guide/index.html": "<a href=\"../index.html\">home</a><a href=\"a.html#sec%201\">",
            "guide/a.html": "<h2 id=sec-1>x</h2><h2 id=\"sec 1\">y</h2><a href=\"#sec-1\">",
        ])
        let report = await site.check()
        #expect(report.summary == [])
        #expect(report.pages == 3)
        #expect(report.assets == 2)
        #expect(report.linksChecked == 8)
    }

    /// A fragment in another Unicode normalization than the id says so (the two look alike); an
    /// image's `usemap` names a `<map name>`; a `%` that starts no escape says how to write it.
    @Test func fragmentAndURLMessagesSayWhatIsWrong() async {
        let site = InMemoryFetcher([
            "index.html": "<a href=\"a.html#e\u{301}\">n</a><img src=a.png usemap=#nomap><a href=\"100%.html\">p</a>",
            "a.html": "<p id=\"\u{E9}\">x</p>", "a.png": "png", "100%.html": "p",
        ])
        let report = await site.check()
        #expect(
            report.messages(.brokenFragment) == [
                "no id 'e\u{301}' in a.html, but '\u{E9}' is there in another Unicode normalization (NFC in the page, NFD in the link); "
                    + "ids match by their code points: spell both the same (NFC)",
                "no <map name='nomap'> in index.html",
            ])
        #expect(
            report.messages(.invalidURL) == [
                "'100%.html' has a '%' that starts no escape (two hex digits), which the app's resolver refuses: write %25 for a percent sign"
            ])
    }

    @Test func filesListedButMissingAreBrokenLinksNotOrphans() async {
        var site = InMemoryFetcher([
            "index.html": "<a href=a.html>a</a>\n<img src=logo.png>\n<a href=c.html>c</a>",
            "c.html": "<p>c</p>",
            "orphan.html": "<p>o</p>",
        ])
        // Listed, so a link to them would be taken as fine without fetching them.
        site.listedButMissing = ["a.html", "logo.png", "gone.html"]
        let report = await site.check()
        #expect(report.summary == ["broken-link index.html:1:4", "broken-link index.html:2:6", "orphan orphan.html"])
        #expect(
            report.messages(.brokenLink) == [
                "no file 'a.html' in the bundle: the manifest lists it, but the folder lacks it (deleted or moved since the build?)",
                "no file 'logo.png' in the bundle: the manifest lists it, but the folder lacks it (deleted or moved since the build?)",
            ])
        #expect(report.pages == 3, "the orphan's links are checked too")
    }

    @Test func anAliasInAnotherFolderBreakingThePagesLinksIsOneFinding() async {
        var site = InMemoryFetcher([
            "index.html": "<a href=guide/install.html>i</a>",
            "style.css": "p{}",
            "guide/install.html":
                "<link rel=stylesheet href=../style.css>\n<a href=other.html>o</a><a href=#top>t</a><a href=../index.html>h</a>",
            "guide/other.html": "<a href=install.html>i</a>",
        ])
        site.aliases = ["setup.html": "guide/install.html", "guide/old.html": "guide/install.html"]
        let report = await site.check()
        #expect(report.summary == ["alias-folder guide/install.html:1:22"])
        #expect(
            report.messages(.aliasFolder) == [
                "served as its alias 'setup.html', this page breaks 3 of its links (first: '../style.css' leaves the bundle root: a WebView stops at the root and loads 'style.css', but from file:// it names a file outside the bundle): an alias serves the page's bytes, whose relative links then resolve from the alias's folder; keep the alias in 'guide/'"
            ])
        #expect(report.findings.first?.href == "setup.html")
    }

    @Test func brokenLinkWithSuggestion() async {
        let site = InMemoryFetcher([
            "index.html": "<p>\n<a href=\"guide/instal.html\">x</a>",
            "guide/install.html": "<a href=../index.html>",
        ])
        let report = await site.check(CheckOptions(displayRoot: "dist/"))
        #expect(report.summary == ["orphan dist/guide/install.html", "broken-link dist/index.html:2:4"])
        #expect(
            report.messages(.brokenLink) == ["no file 'guide/instal.html' in the bundle (did you mean 'guide/install.html'?)"])
        #expect(report.findings.last?.page == "index.html")
        #expect(report.findings.last?.href == "guide/instal.html")
        #expect(report.findings.last?.diagnostic.severity == .error)
    }

    @Test func brokenFragmentOnOtherAndSamePage() async {
        let site = InMemoryFetcher([
            "index.html": "<a href=\"guide/setup.html#instal\">x</a> <a href=\"#nowhere\">y</a> <a href=\"style.css#x\">",
            "style.css": "",
            "guide/setup.html": "<h2 id=install>Install</h2><a name=legacy></a><a href=\"#legacy\"><a href=../index.html#top>",
        ])
        let report = await site.check()
        #expect(report.summary == ["broken-fragment index.html:1:4", "broken-fragment index.html:1:44"])
        #expect(
            report.messages(.brokenFragment) == [
                "no id 'instal' in guide/setup.html (did you mean 'install'?)", "no id 'nowhere' in index.html",
            ])
    }

    /// A text fragment's directive (`:~:text=…`) is no part of the id: the part before it is judged.
    @Test func textFragmentDirectivesAreNoPartOfTheId() async {
        let site = InMemoryFetcher([
            "index.html": """
            <h2 id=UPPER>U</h2><a href="#:~:text=hello">a</a><a href="#UPPER:~:text=x">b</a>
            <a href="a.html#:~:text=x&text=y">c</a><a href="a.html#part:~:text=z">d</a><a href="#lower:~:text=x">e</a>
            """,
            "a.html": "<p id=part>",
        ])
        let report = await site.check()
        #expect(report.summary == ["broken-fragment index.html:2:79"], "\(report.findings)")
        #expect(report.messages(.brokenFragment) == ["no id 'lower' in index.html"])
    }

    /// An image map is found by its `<map name>`: `usemap` names one on the same page.
    @Test func imageMapsAreNamedByTheirMaps() async {
        let site = InMemoryFetcher([
            "index.html": "<img src=a.png usemap=\"#nav\"><map name=nav></map><img src=a.png usemap=\"#gone\">",
            "a.png": "",
        ])
        let report = await site.check()
        #expect(report.summary == ["broken-fragment index.html:1:65"], "\(report.findings)")
        #expect(report.messages(.brokenFragment) == ["no <map name='gone'> in index.html"])
    }

    /// A `usemap` finds a `<map>` by its name or its id, as written (no percent-decoding), and
    /// nothing else: not another element's id, not an `<a name>`. A fragment link finds an id or an
    /// `<a name>`, never a `<map name>` (HTML's hash-name reference and indicated element).
    @Test func imageMapsAndFragmentsNameDifferentThings() async {
        let site = InMemoryFetcher([
            "index.html": """
            <map id=byid></map><map name="a b"></map><div id=div></div><a name=anchor></a><map name=onlymap></map>
            <img src=a.png usemap="#byid"><img src=a.png usemap="#a b"><img src=a.png usemap="#a%20b">
            <img src=a.png usemap="#div"><img src=a.png usemap="#anchor"><img src=a.png usemap="#onlymaq">
            <a href="#onlymap">x</a><a href="#byid">y</a><a href="#anchor">z</a>
            """,
            "a.png": "",
        ])
        let report = await site.check()
        #expect(
            report.summary == [
                "broken-fragment index.html:2:75", "broken-fragment index.html:3:16", "broken-fragment index.html:3:45",
                "broken-fragment index.html:3:77", "broken-fragment index.html:4:4",
            ], "\(report.findings)")
        #expect(
            report.messages(.brokenFragment) == [
                "no <map name='a%20b'> in index.html", "no <map name='div'> in index.html",
                "no <map name='anchor'> in index.html", "no <map name='onlymaq'> in index.html (did you mean 'onlymap'?)",
                "no id 'onlymap' in index.html",
            ])
    }

    /// A `usemap` without `#` names no map (no file either: it is no URL).
    @Test func aUsemapWithoutAHashNamesNoMap() async {
        let site = InMemoryFetcher(["index.html": "<map name=m></map><img src=a.png usemap=\"m\">", "a.png": ""])
        let report = await site.check()
        #expect(
            report.messages(.brokenFragment) == ["usemap 'm' names no map: write '#' and the map's name"], "\(report.findings)")
        #expect(report.messages(.brokenLink).isEmpty)
    }

    /// `usemap` is a hash-name reference, not a URL: no `<base href>` moves it, and what follows
    /// its `#` names a map of this page even after a path.
    @Test func anImageMapIsLookedForInThePageWhateverItsBase() async {
        let site = InMemoryFetcher([
            "index.html":
                "<base href=\"sub/\"><map name=m></map><img src=a.png usemap=\"#m\">\n<img src=a.png usemap=\"other.html#m\"><img src=a.png usemap=\"#x\">",
            "sub/a.png": "", "sub/index.html": "<map name=x></map>",
        ])
        let report = await site.check()
        #expect(report.summary == ["broken-fragment index.html:2:53", "orphan sub/index.html"], "\(report.findings)")
        #expect(report.messages(.brokenFragment) == ["no <map name='x'> in index.html"])
    }

    @Test func escapesRoot() async {
        let site = InMemoryFetcher([
            "index.html": "<a href=\"../outside.html\">x</a><a href=\"guide/\">",
            "guide/index.html": "<a href=\"../../x.html\">x</a><a href=\"../index.html\">ok</a><a href=\"b/\">b</a>",
            // A segment that starts with a combining mark makes one character with the `/` before it.
            "guide/b/index.html": "<base href=\"./\"><a href=\"../../../\u{301}x.html\">x</a>",
        ])
        let report = await site.check()
        #expect(
            report.summary == [
                "escapes-root guide/b/index.html:1:20", "escapes-root guide/index.html:1:4", "escapes-root index.html:1:4",
            ], "\(report.summary)")
        // `../outside.html` names no file of the bundle even where a WebView stops at the root.
        #expect(report.messages(.escapesRoot).contains("'../outside.html' leaves the bundle root"))
        let clamped = await InMemoryFetcher(["index.html": "<a href=\"../x.html\">x</a>", "x.html": "<p>x</p>"]).check()
        #expect(
            clamped.messages(.escapesRoot) == [
                "'../x.html' leaves the bundle root: a WebView stops at the root and loads 'x.html', but from file:// it names a file outside the bundle"
            ])
    }

    @Test func fileInvalidAndNonLinks() async {
        let site = InMemoryFetcher([
            "index.html": """
            <a href="file:///etc/passwd">f</a><a href="http://[::1">i</a><a href="">e</a><a href="#">h</a>
            <a href="javascript:void(0)">j</a><a href="mailto:a@b.c">m</a><a href="tel:+1">t</a><img src="data:image/png;base64,AA">
            """
        ])
        let report = await site.check()
        #expect(report.summary == ["file-url index.html:1:4", "invalid-url index.html:1:38"])
        #expect(report.linksChecked == 2)
    }

    @Test func caseMismatchNamesTheRealPath() async {
        let site = InMemoryFetcher([
            "index.html": "<a href=\"Guide/Install.html\">", "guide/install.html": "<a href=../index.html>",
        ])
        let report = await site.check()
        #expect(
            report.messages(.caseMismatch) == [
                "no file 'Guide/Install.html' in the bundle, but 'guide/install.html' exists (letter case matters on devices)"
            ])
    }

    /// `docs` for a folder `Docs/`: the letter case and the slash are both named, as one fix.
    @Test func aFolderLinkInTheWrongCaseWithoutItsSlashNamesTheFolder() async {
        let site = InMemoryFetcher([
            "index.html": "<a href=\"docs\">a</a><a href=\"guide/Docs\">b</a>", "Docs/index.html": "<a href=../index.html>",
            "guide/docs/index.html": "<a href=../../index.html>",
        ])
        let report = await site.check()
        #expect(
            report.summary == [
                "orphan Docs/index.html", "orphan guide/docs/index.html", "case-mismatch index.html:1:4",
                "case-mismatch index.html:1:24",
            ], "\(report.summary)")
        #expect(
            report.messages(.caseMismatch) == [
                "no file 'docs' in the bundle, but the folder 'Docs/' exists (letter case matters on devices, and a folder "
                    + "is served only with its slash): link to 'Docs/'",
                "no file 'guide/Docs' in the bundle, but the folder 'guide/docs/' exists (letter case matters on devices, "
                    + "and a folder is served only with its slash): link to 'guide/docs/'",
            ])
    }

    @Test func directoryWithoutSlash() async {
        let files = ["index.html": "<a href=\"guide\">g</a>", "guide/index.html": "<a href=../index.html>"]
        let lenient = await InMemoryFetcher(files, servesFolderWithoutSlash: true).check()
        #expect(lenient.summary == ["directory-no-slash index.html:1:4"])
        #expect(lenient.findings.first?.diagnostic.severity == .warning)
        let strict = await InMemoryFetcher(files).check()
        #expect(strict.summary == ["orphan guide/index.html", "directory-no-slash index.html:1:4"])
        #expect(strict.findings.last?.diagnostic.severity == .error)
        var unsorted = InMemoryFetcher(files)
        unsorted.listsUnsorted = true
        #expect(await unsorted.check().summary == strict.summary)
    }

    @Test func absolutePathIsAWarningAndStillChecked() async {
        let site = InMemoryFetcher(["index.html": "<a href=\"/a.html\">a</a><a href=\"/missing.html\">", "a.html": ""])
        let report = await site.check()
        #expect(
            report.summary == ["absolute-path index.html:1:4", "absolute-path index.html:1:27", "broken-link index.html:1:27"])
    }

    @Test func duplicateIDs() async {
        let site = InMemoryFetcher(["index.html": "<h1 id=a>\n<h2 id=b>\n<h2 id=a name=a>\n<a name=b>"])
        let report = await site.check()
        #expect(report.summary == ["duplicate-id index.html:3:5"])
        #expect(report.messages(.duplicateID) == ["duplicate id 'a' (first at line 1)"])
    }

    @Test func orphansAreHTMLPagesOnly() async {
        let site = InMemoryFetcher(["index.html": "x", "lost.html": "<a href=found.html>", "found.html": "", "unused.png": ""])
        let report = await site.check()
        #expect(report.summary == ["orphan found.html", "orphan lost.html"])
        let quiet = await site.check(CheckOptions(reportOrphans: false))
        #expect(quiet.summary == [])
    }

    /// The links of a page no link reaches are checked as well (pages reached by a script or a search
    /// box are common); what only such a page links to stays an orphan.
    @Test func theLinksOfOrphansAreCheckedToo() async {
        let site = InMemoryFetcher([
            "index.html": "<a href=a.html>a</a>", "a.html": "",
            "b.html": "<a href=missing.html>m</a><img src=nope.png><a href=c.html#x>c</a><a href=sub/>s</a>",
            "c.html": "<p id=y>", "sub/index.html": "<link rel=stylesheet href=../style.txt>", "style.txt": "",
        ])
        let report = await site.check()
        #expect(
            report.summary == [
                "orphan b.html", "broken-link b.html:1:4", "broken-link b.html:1:32", "broken-fragment b.html:1:48",
                "orphan c.html", "orphan sub/index.html", "wrong-type sub/index.html:1:22",
            ], "\(report.findings)")
        #expect(report.pages == 5)
        let quiet = await site.check(CheckOptions(reportOrphans: false))
        #expect(quiet.summary.filter { $0.hasPrefix("orphan") } == [])
        #expect(quiet.summary.count == 4)
    }

    /// An ignored link is never judged, but the page it names is linked all the same: no orphan, and
    /// crawled (a page the pattern names itself stays out).
    @Test func ignoredLinksStillReachTheirPages() async {
        let site = InMemoryFetcher([
            "index.html": "<a href=/a.html>a</a><a href=/gone.html>g</a><a href=api/x.html>x</a>",
            "a.html": "<a href=/b.html>b</a><img src=missing.png>", "b.html": "", "api/x.html": "<a href=nope.html>",
            "lost.html": "",
        ])
        let report = await site.check(CheckOptions(ignorePatterns: ["/*", "api/*"]))
        #expect(report.summary == ["broken-link a.html:1:27", "orphan lost.html"], "\(report.findings)")
    }

    @Test(arguments: [ExternalLinkPolicy.ignore, .warn, .error])
    func externalLinks(policy: ExternalLinkPolicy) async {
        let site = InMemoryFetcher([
            "index.html":
                "<a href=\"https://example.com/\">x</a><a href=\"docs://other/x.html\">y</a><a href=\"//app/index.html\">"
        ])
        let report = await site.check(CheckOptions(external: policy))
        // Another host of the app's own scheme is no other origin the app could reach: the app's
        // resolver gets it, and answers 404, whatever the policy for external links.
        let expected: [String] = (policy == .ignore ? [] : ["external-link index.html:1:4"]) + ["broken-link index.html:1:40"]
        #expect(report.summary == expected)
        #expect(
            report.findings.allSatisfy {
                $0.diagnostic.severity == (policy == .error || $0.diagnostic.rule == .brokenLink ? .error : .warning)
            })
    }

    @Test func linksTheResolverRefusesAreBroken() async {
        let site = InMemoryFetcher([
            "index.html": """
            <a href="%E9.html">x</a><a href="a.html%00">n</a><a href="a%5Cb.html">b</a>
            <script src="//cdn.example.com/x.js"></script><a href="a.html">ok</a>
            """,
            "a.html": "<p>a</p>",
        ])
        let report = await site.check()
        #expect(
            report.messages(.brokenLink) == [
                "'%E9.html' cannot be served: its path is not UTF-8 once decoded, and the app's resolver refuses it",
                "'a.html%00' cannot be served: its path holds a NUL byte, and the app's resolver refuses it",
                "'a%5Cb.html' cannot be served: its path holds a backslash, and the app's resolver refuses it",
                "'//cdn.example.com/x.js' means 'docs://cdn.example.com/x.js' in the app, with another host (or a port or user) of the app's scheme, which its resolver does not serve: link with https:// or put the file in the bundle",
            ])
        #expect(report.findings.count == 4)
    }

    @Test func ignorePatternsMatchWrittenAndResolved() async {
        let site = InMemoryFetcher([
            "index.html": "<a href=\"gen/*.html\">x</a><a href=\"api/missing.html\">y</a><a href=\"https://x.org/a\">"
        ])
        let report = await site.check(
            CheckOptions(external: .error, ignorePatterns: ["gen/*", "docs://app/api/*", "https://x.org/*"]))
        #expect(report.summary == [])
    }

    @Test func baseHrefChangesResolution() async {
        let site = InMemoryFetcher([
            "index.html":
                "<base href=\"guide/a.html\"><a href=\"a.html\">a</a><a href=\"#sec\">s</a><a href=\"#secc\">s</a><a href=\"b.html\">",
            "guide/a.html": "<h2 id=sec>",
        ])
        let report = await site.check()
        #expect(report.summary == ["broken-fragment index.html:1:72", "broken-link index.html:1:93"])
        // Each names the base, without which the link would point elsewhere.
        #expect(
            report.messages(.brokenFragment) == [
                "no id 'secc' in guide/a.html (did you mean 'sec'?) (resolved against the page's <base href=\"guide/a.html\">)"
            ])
        #expect(
            report.messages(.brokenLink) == [
                "no file 'guide/b.html' in the bundle (resolved against the page's <base href=\"guide/a.html\">)"
            ], "no hint between one-letter names")
    }

    /// A file asked for as a folder (`a.html/`) says to drop the slash, and to change the letter
    /// case when the file has another (`A.html/`); a root-relative base, which moves every relative
    /// link of the page to the disk's root under `file://`, is warned about.
    @Test func aFileWithASlashAndARootRelativeBase() async {
        let site = InMemoryFetcher([
            "index.html":
                "<a href=\"a.html/\">a</a><a href=\"b/\">b</a><a href=\"c.html\">c</a><a href=\"A.html/\">A</a><a href=\"a.html//\">a2</a><a href=\"a.html%2F\">a3</a>",
            "a.html": "<base href=\"/\"><a href=\"index.html\">home</a>",
            "c.html": "<base href=\"//cdn.example.com/\"><p>c</p>",
        ])
        let report = await site.check()
        #expect(
            report.messages(.brokenLink) == [
                "'a.html' is a file, not a folder: link to 'a.html' without the trailing slash",
                "no file 'b/index.html' in the bundle",
                "no folder 'A.html/' in the bundle, but the file 'a.html' exists: link to it in that letter case, without the trailing slash",
                "'a.html' is a file, not a folder: link to 'a.html' without the trailing slashes",
                "'a.html' is a file, not a folder: link to 'a.html' without the trailing '%2F'",
            ])
        #expect(
            report.messages(.absolutePath) == [
                "root-relative <base href=\"/\"> breaks every relative link of the page when the bundle is loaded "
                    + "from file://; use a relative base, or none"
            ], "not the protocol-relative one")
    }

    /// A finding about a link the base moved names the base; one about a link it does not move (a
    /// root-relative or absolute URL, a map's name, a fragment that stays on the page) does not.
    @Test func aFindingNamesTheBaseOnlyWhereTheBaseMovedTheLink() async {
        let site = InMemoryFetcher([
            "index.html":
                "<base href=\"api/\"><a href=\"intro.html\">i</a><a href=\"#top2\">t</a><a href=\"/nowhere.html\">n</a>"
                + "<a href=\"docs://app/gone.html\">g</a><map name=m></map><img src=../a.png usemap=\"#m\">",
            "api/index.html": "<p>api</p>",
            "a.png": "png",
        ])
        let based = " (resolved against the page's <base href=\"api/\">)"
        let expected = [
            "no file 'api/intro.html' in the bundle\(based)", "no file 'gone.html' in the bundle",
            "no file 'nowhere.html' in the bundle",
        ]
        let report = await site.check()
        #expect(report.messages(.brokenLink).sorted() == expected, "\(report.messages(.brokenLink))")
        // A base that sets the page's own folder moves nothing: no finding names it.
        let same = await InMemoryFetcher(["index.html": "<base href=\"./\"><a href=\"gone.html\">g</a>"]).check()
        #expect(same.messages(.brokenLink) == ["no file 'gone.html' in the bundle"])
        #expect(report.messages(.brokenFragment) == ["no id 'top2' in api/index.html\(based)"], "usemap='#m' is the page's")
    }

    /// rustdoc leaves a stub at an item's old place, a meta refresh to the new one whose script
    /// carries the fragment on: a fragment of the stub is looked up in the page it redirects to.
    @Test func aFragmentOfARedirectStubIsLookedUpWhereItRedirects() async {
        let site = InMemoryFetcher([
            "index.html": "<a href=\"old/trait.html#method.a\">a</a><a href=\"old/trait.html#method.zz\">z</a>",
            "old/trait.html": "<meta http-equiv=\"refresh\" content=\"0;URL=../trait.html\"><p>Redirecting</p>",
            "trait.html": "<h2 id=\"method.a\">a</h2><a href=\"index.html\">i</a>",
        ])
        let report = await site.check()
        #expect(report.summary == ["broken-fragment index.html:1:43"])
        #expect(
            report.messages(.brokenFragment) == ["no id 'method.zz' in old/trait.html, nor in trait.html, where it redirects"])
    }

    /// A page only there gzipped (Debian's doc packages compress large ones) is named as such.
    @Test func aPageThatIsOnlyThereGzippedIsNamed() async {
        let site = InMemoryFetcher(["index.html": "<a href=\"changelog.html\">c</a>", "changelog.html.gz": "gz"])
        let report = await site.check(CheckOptions(reportOrphans: false))
        #expect(
            report.messages(.brokenLink) == [
                "no file 'changelog.html' in the bundle, but 'changelog.html.gz' is: a compressed copy, which the app serves as a download; decompress it"
            ])
    }

    /// The line numbers of a source listing are near only other numbers: a fragment without a
    /// letter gets no suggestion, however near an id is; one with a letter still does.
    @Test func aFragmentWithoutALetterGetsNoSuggestion() async {
        let site = InMemoryFetcher([
            "index.html": "<a href=\"src.html#88_90\">r</a><a href=\"src.html#L88x\">l</a>",
            "src.html": "<a id=\"88-90\"></a><a id=\"L88\"></a><a href=index.html>i</a>",
        ])
        let report = await site.check()
        #expect(
            report.messages(.brokenFragment) == [
                "no id '88_90' in src.html", "no id 'L88x' in src.html (did you mean 'L88'?)",
            ])
    }

    /// A `data:` or `javascript:` base is not used: the page's own URL is, as browsers freeze it.
    @Test func baseHrefOfDataOrJavaScriptIsIgnored() async {
        let site = InMemoryFetcher([
            "index.html": "<a href=d.html>d</a><a href=j.html>j</a><a href=ok.html>",
            "d.html": "<base href=\"data:text/html,x\"><a href=\"x.html\">x</a><a href=\"ok.html\">",
            "j.html": "<base href=\"JavaScript:void(0)\"><a href=\"y.html\">y</a>",
            "ok.html": "",
        ])
        let report = await site.check()
        #expect(report.summary == ["broken-link d.html:1:34", "broken-link j.html:1:36"])
        #expect(report.findings.allSatisfy { $0.diagnostic.rule != .externalLink })
    }

    /// `https://` has no host, which a URL of a special scheme must have: no URL, not an external link.
    @Test func aSpecialSchemeWithoutHostIsInvalid() async {
        let site = InMemoryFetcher([
            "index.html": "<a href=\"https://\">a</a><a href=\"http://:80/x\">b</a><a href=\"ftp://h/x\"><a href=\"http:///x\">"
        ])
        let report = await site.check(CheckOptions(external: .warn))
        #expect(
            report.summary == [
                "invalid-url index.html:1:4", "invalid-url index.html:1:28", "external-link index.html:1:56",
                "external-link index.html:1:76",
            ])
        // Slashes past the two are skipped for special schemes, as browsers do: `http:///x` is `http://x/`.
        #expect(HostlessURL.authorityHasNoHost("http:///x") == false)
        #expect(HostlessURL.authorityHasNoHost("https://user@") == true)
    }

    @Test func siblingsShareResolvedLinksButNotAcrossBaseHrefOrPage() async {
        // Each page of `guide/` writes the same references; what one resolved is reused by the next,
        // except on a page whose `<base href>` moves them, and for `#x` and `?x`, which name the page.
        var files: [String: String] = [
            "index.html": "<a href=guide/p0.html>g</a><a href=other/x.html>o</a>",
            "guide/x.html": "<h2 id=sec>",
            "other/x.html": "<a href=../index.html>",
            "guide/based.html": "<base href=\"../other/\"><a href=\"x.html#sec\">a</a><a href=\"x.html\">b</a>",
        ]
        for index in 0..<12 {
            files["guide/p\(index).html"] =
                "<h2 id=own\(index)>\n<a href=\"x.html#sec\">a</a><a href=\"x.html\">b</a><a href=\"p\((index + 1) % 12).html\">n</a>"
                + "<a href=\"?q#own\(index)\">q</a><a href=\"x.html#nope\">f</a><a href=based.html>c</a>"
                + (index % 2 == 0 ? "<h3 id=even>" : "") + "<a href=\"#even\">e</a><a href=\"?v#even\">v</a>"
        }
        let report = await InMemoryFetcher(files).check()
        let pages = (0..<12).map { "guide/p\($0).html" }
        var expected = [
            "guide/based.html": ["no id 'sec' in other/x.html (resolved against the page's <base href=\"../other/\">)"]
        ]
        for (index, page) in pages.enumerated() {
            expected[page] = ["no id 'nope' in guide/x.html"]
            if index % 2 == 1 { expected[page]! += ["no id 'even' in \(page)", "no id 'even' in \(page)"] }
        }
        var found: [String: [String]] = [:]
        for finding in report.findings { found[finding.page ?? "", default: []].append(finding.diagnostic.message) }
        #expect(found.mapValues { $0.sorted() } == expected.mapValues { $0.sorted() })
        #expect(report.summary.allSatisfy { $0.hasPrefix("broken-fragment") })
    }

    @Test func cssImportsAndURLsAreFollowed() async {
        let site = InMemoryFetcher([
            "index.html": "<link rel=stylesheet href=css/main.css><div style=\"background:url(img/missing.png)\">",
            "css/main.css": "@import 'theme.css';\n\nbody{background:url(../img/bg.png)}",
            "css/theme.css": "a{b:url(nothere.png)}",
            "img/bg.png": "",
        ])
        let report = await site.check()
        #expect(report.summary == ["broken-link css/theme.css:1:5", "broken-link index.html:1:45"])
    }

    @Test func missingEntry() async {
        let report = await InMemoryFetcher(["a.html": ""]).check(CheckOptions(reportOrphans: false))
        #expect(report.messages(.brokenLink) == ["entry 'docs://app/index.html' is not in the bundle"])
    }

    @Test func eachURLFetchedOnce() async {
        let counter = CountingFetcher(
            base: InMemoryFetcher([
                "index.html": "<a href=a.html>1</a><a href=a.html#x>2</a><a href=./a.html?q>3</a><a href=a.html>",
                "a.html": "<a href=index.html id=x><a href=index.html#x>",
            ]))
        _ = await LinkChecker(fetcher: counter, options: CheckOptions()).check(entries: [URL(string: "docs://app/index.html")!])
        #expect(counter.counts.withLock { $0 } == ["docs://app/a.html": 1, "docs://app/index.html": 1])
    }

    @Test func twoRunsGiveTheSameOrder() async {
        var files = ["index.html": (0..<60).map { "<a href=\"p\($0).html#m\">x</a>\n" }.joined()]
        for i in 0..<60 { files["p\(i).html"] = "<a href=missing\(i % 7).html>\n<h1 id=d><h2 id=d>" }
        let site = InMemoryFetcher(files)
        let first = await site.check()
        let second = await site.check()
        #expect(first.findings == second.findings)
        #expect(first.findings.count == 60 * 3)
        #expect(first.findings == first.findings.sorted())
    }
}

/// Counts fetches per URL (without query and fragment).
final class CountingFetcher: ResourceFetching {
    let base: InMemoryFetcher
    let counts = Mutex<[String: Int]>([:])
    init(base: InMemoryFetcher) { self.base = base }
    var scheme: String { base.scheme }
    var host: String { base.host }
    var allPaths: [String] { base.allPaths }
    func fetch(_ url: URL) async -> FetchResult {
        var key = url.absoluteString
        if let cut = key.firstIndex(where: { $0 == "?" || $0 == "#" }) { key = String(key[..<cut]) }
        counts.withLock { $0[key, default: 0] += 1 }
        return await base.fetch(url)
    }
}

/// "Did you mean" for the first `Suggestion.newPerPage` broken links of a page, in its order:
/// each is compared with every id or path there is, and thousands of them made a check quadratic.
@Suite struct SuggestionCapTests {
    @Test func onlyAPagesFirstBrokenLinksGetAHint() async {
        let count = Suggestion.newPerPage + 2
        let ids = (0..<count).map { "<h2 id=\"section-\($0)\">S</h2>" }.joined()
        let links = (0..<count).map { "<a href=\"#sectoin-\($0)\">x</a>\n" }.joined()
        let site = InMemoryFetcher(["index.html": ids + "\n" + links])
        let messages = await site.check().findings.map(\.diagnostic.message)
        #expect(messages.count == count)
        #expect(messages.filter { $0.contains("did you mean") }.count == Suggestion.newPerPage)
        #expect(messages.first == "no id 'sectoin-0' in index.html (did you mean 'section-0'?)")
        #expect(messages.last == "no id 'sectoin-\(count - 1)' in index.html")
    }
}

/// SVG files are documents too: `sprite.svg#icon` names an id in them, and their own links are checked.
@Suite struct SVGDocumentTests {
    @Test func fragmentsIntoSVGFilesAreChecked() async {
        let site = InMemoryFetcher([
            "index.html": """
            <svg><use href="icons/sprite.svg#home"/><use xlink:href="icons/sprite.svg#nope"/></svg>
            <img src="icons/sprite.svg#svgView(viewBox(0,0,8,8))"><a href="icons/sprite.svg#hom">x</a>
            <object data="d.svg"></object>
            <img src="icons/sprite.svg#xywh=0,0,4,4"><img src="icons/sprite.svg#t=1&xywh=percent:0,0,50,50">
            <img src="icons/sprite.svg#xywh">
            """,
            "icons/sprite.svg": """
            <svg xmlns="http://www.w3.org/2000/svg"><symbol id="home"><path d="M0 0"/></symbol>
            <symbol id="gear"><use href="#home"/><use href="#missing"/></symbol></svg>
            """,
            "d.svg": """
            <svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink">
            <image href="pics/gone.png"/><a xlink:href="index.html">home</a><feImage href="pics/also-gone.png"/>
            <linearGradient id="g" href="#g0"/></svg>
            """,
        ])
        let report = await site.check()
        let expected: Set<String> = [
            "broken-fragment icons/sprite.svg:2:43", "broken-fragment index.html:1:46", "broken-fragment index.html:2:58",
            "broken-fragment d.svg:3:24", "broken-link d.svg:2:8", "broken-link d.svg:2:74",
            "broken-fragment index.html:5:6",
        ]
        #expect(Set(report.summary) == expected, "\(report.summary)")
        #expect(report.summary.count == expected.count)
        #expect(report.messages(.brokenFragment).contains("no id 'hom' in icons/sprite.svg (did you mean 'home'?)"))
        // An image, not a page: never an orphan, not counted among pages.
        #expect(report.pages == 1)
    }
}

/// Ids and file names are compared by their code points, as browsers and the resolver compare
/// them: `café` in NFC and in NFD look alike and are two names.
@Suite struct UnicodeNormalizationTests {
    private let nfc = "caf\u{E9}"
    private let nfd = "cafe\u{301}"

    @Test func fragmentsMatchIdsByTheirCodePoints() async {
        let site = InMemoryFetcher([
            "index.html": """
            <a href="p.html#\(nfc)">1</a><a href="p.html#cafe%CC%81">2</a>
            <a href="p.html#\(nfd)">3</a><a href="p.html#\u{2126}">4</a><a href="p.html#\u{3A9}">5</a>
            """,
            "p.html": "<p id=\"\(nfc)\">a</p><p id=\"\u{3A9}\">b</p>",
            "both.html": "<p id=\"\(nfc)\">a</p><p id=\"\(nfd)\">b</p><a href=\"#\(nfd)\">",
        ])
        var withBoth = site
        withBoth.files["index.html"]! += Data("<a href=both.html>".utf8)
        let report = await withBoth.check()
        #expect(
            report.summary == [
                "broken-fragment index.html:1:32", "broken-fragment index.html:2:4", "broken-fragment index.html:2:33",
            ], "\(report.summary)")
        // Two ids to a browser, so no duplicate.
        #expect(!report.summary.contains { $0.hasPrefix("duplicate-id") })
    }

    @Test func aFileTheManifestListsButTheFolderLacksIsNoCaseMismatch() async {
        var site = InMemoryFetcher(["index.html": "<a href=\"\(nfc).html\">c</a>"])
        site.listedButMissing = ["\(nfc).html"]
        let report = await site.check(CheckOptions(reportOrphans: false))
        #expect(report.summary == ["broken-link index.html:1:4"])
        #expect(
            report.messages(.brokenLink) == [
                "no file '\(nfc).html' in the bundle: the manifest lists it, but the folder lacks it (deleted or moved since the build?)"
            ])
    }
}
