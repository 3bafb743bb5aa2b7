import Foundation
import SitegenCore
import Testing

@testable import SitegenLinks

/// The "did you mean" of the crawl's findings, as the build words them.
@Suite struct LinkSuggestionTests {
    @Test func tiesAreAllNamedAndOtherNumbersNone() async {
        let site = InMemoryFetcher([
            "index.html": "<h2 id=v10>1</h2><h2 id=v20>2</h2><h2 id=v31>3</h2><h2 id=install></h2><h2 id=instill></h2>"
                + "<a href=#v30>a</a><a href=#instull>b</a><a href=guide/stp1.html>c</a>",
            "guide/step1.html": "<a href=../index.html>h</a>", "guide/step2.html": "<a href=../index.html>h</a>",
            "guide/stp.html": "<a href=../index.html>h</a>",
        ])
        let report = await site.check()
        #expect(
            report.messages(.brokenFragment) == [
                "no id 'v30' in index.html", "no id 'instull' in index.html (did you mean 'install' or 'instill'?)",
            ])
        #expect(
            report.messages(.brokenLink) == [
                "no file 'guide/stp1.html' in the bundle (did you mean 'guide/step1.html' or 'guide/stp.html'?)"
            ])
    }

    /// What a Hugo or MkDocs habit asks for (`install`, `install/`) names the page's file, and an image
    /// its other extension.
    @Test func prettyURLsAndOtherExtensionsNameTheFile() async {
        let site = InMemoryFetcher([
            "index.html": "<a href=install>i</a><a href=install/>j</a><img src=images/logo.png>",
            "install.html": "<a href=index.html>h</a>", "images/logo.svg": "<svg/>",
        ])
        let report = await site.check()
        #expect(
            report.messages(.brokenLink) == [
                "no file 'install' in the bundle (did you mean 'install.html'?)",
                "no file 'install/index.html' in the bundle (did you mean 'install.html'?)",
                "no file 'images/logo.png' in the bundle (did you mean 'images/logo.svg'?)",
            ])
    }
}
