import Foundation
import SitegenBundleCore
import SitegenCore
import Testing

@testable import SitegenLinks

/// Style sheets and scripts served with a type a browser refuses under the bundle's `nosniff`.
@Suite struct WrongTypeTests {
    private func destinations(_ html: String) -> [String] {
        HTMLExtractor.extract(Data(html.utf8)).links.map { "\($0.url) \($0.destination)" }
    }

    @Test func styleSheetsAreLinksWithTheStylesheetTokenAndImports() {
        let html = """
            <link rel="Alternate StyleSheet" href=a.css><link href=b.css rel=stylesheet><link rel=icon href=c.png>
            <link rel="stylesheets" href=d.css><link rel="preload stylesheet" href=e.css style="background: url(f.png)">
            <style>@import "g.css"; p { background: url(h.png) }</style>
            """
        #expect(
            destinations(html) == [
                "a.css style", "b.css style", "c.png other", "d.css other", "e.css style", "f.png other", "g.css style",
                "h.png other",
            ])
    }

    @Test func scriptsAreThoseABrowserRunsNotDataBlocks() {
        let html = """
            <script src=a.js></script><script type="" src=b.js></script><script type=" MODULE " src=c.js></script>
            <script src=d.js type=application/x-javascript></script><script type="text/template" src=e.js></script>
            <script type="text/javascript; charset=utf-8" src=f.js></script><script type=importmap src=g.json></script>
            <img src=h.js>
            """
        #expect(
            destinations(html) == [
                "a.js script", "b.js script", "c.js script", "d.js script", "e.js other", "f.js other", "g.json other",
                "h.js other",
            ])
    }

    @Test func aStyleSheetOrScriptOfAnotherTypeIsAnErrorAtItsLink() async {
        let site = InMemoryFetcher([
            "index.html": """
            <link rel=stylesheet href=theme.php>
            <link rel=stylesheet href=ok.css><link rel=icon href=icon.txt>
            <script type=module src=app.txt></script><script src=ok.js></script>
            <script type="text/x-template" src=template.txt></script>
            <style>@import "more.txt";</style>
            <link rel=stylesheet href=gone.css><script src=page.html></script>
            """,
            "theme.php": "", "ok.css": "@import url(base.txt);", "icon.txt": "", "app.txt": "", "ok.js": "",
            "template.txt": "", "more.txt": "", "base.txt": "", "page.html": "<a href=index.html>i</a>",
        ])
        let report = await site.check()
        #expect(
            report.summary == [
                "wrong-type index.html:1:22", "wrong-type index.html:3:21", "wrong-type index.html:5:16",
                "broken-link index.html:6:22", "wrong-type index.html:6:44", "wrong-type ok.css:1:9",
            ], "\(report.findings)")
        #expect(
            report.messages(.wrongType).first
                == "style sheet 'theme.php' is served as application/octet-stream, and a browser applies a style sheet "
                + "only if it is text/css (the bundle sends nosniff): name it .css, or map its extension to text/css "
                + "with mime_types in sitegen.yml")
        #expect(report.messages(.wrongType)[1].hasPrefix("script 'app.txt' is served as application/octet-stream"))
        #expect(report.messages(.wrongType)[3].hasPrefix("script 'page.html' is served as text/html,"))
        #expect(report.findings.allSatisfy { $0.diagnostic.severity == .error })
    }

    @Test func everyJavaScriptTypeRunsAndParametersAreNoPartOfTheEssence() {
        #expect(MIMEType.isJavaScript("text/javascript") && MIMEType.isJavaScript("application/x-ecmascript"))
        #expect(!MIMEType.isJavaScript("application/json") && !MIMEType.isJavaScript("text/plain"))
        #expect(MIMEType.essence("Text/CSS; charset=utf-8") == "text/css")
        #expect(MIMEType.essence(" text/javascript ") == "text/javascript")
    }
}
