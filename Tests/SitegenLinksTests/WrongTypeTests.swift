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

    /// What a browser never fetches as a style sheet: a `<link>` or `<style>` of another `type` (less.js
    /// fetches `text/less` itself). An `@import` after the first rule or inside a block is dropped,
    /// as a comment is: no link at all.
    @Test func styleSheetsOfAnotherLanguageOrOutOfPlaceImportsAreNotJudged() {
        let html = """
            <link rel=stylesheet type="text/less" href=a.less><link rel=stylesheet type="TEXT/CSS" href=b.css>
            <style type="text/less">@import "c.less"; p { background: url(d.png) }</style>
            <style type="">@import "e.css"; p { color: red } @import "f.css"; @media print { @import "g.css"; }</style>
            <style>@charset "utf-8"; @layer base; @import url(h.css);</style>
            """
        #expect(
            destinations(html) == ["a.less other", "b.css style", "e.css style", "h.css style"])
        #expect(
            CSSExtractor.extract(Data("a { } @import 'late.css'; @import url(later.css);".utf8)).isEmpty, "in a style sheet too")
        // A layer statement before the imports leaves them; one between them ends them (CSS Cascade 5).
        #expect(
            CSSExtractor.extract(Data("@layer a; @import 'x.css'; @layer b; @import 'y.css';".utf8)).map(\.url) == ["x.css"])
        #expect(
            CSSExtractor.extract(Data("a { } @import url(late.css); b { c: url(d.png) }".utf8)).map(\.url) == ["d.png"],
            "the rules after it are read")
    }

    @Test func scriptsAreThoseABrowserRunsNotDataBlocks() {
        let html = """
            <script src=a.js></script><script type="" src=b.js></script><script type=" MODULE " src=c.js></script>
            <script src=d.js type=application/x-javascript></script><script type="text/template" src=e.js></script>
            <script type="text/javascript; charset=utf-8" src=f.js></script><script type=importmap src=g.json></script>
            <img src=h.js><script language=VBScript src=i.vbs></script><script language=javascript1.5 src=j.js></script>
            <script nomodule src=k.js></script><script type=module nomodule src=l.js></script>
            <svg><script href=m.js></script></svg><link rel="modulepreload" href=n.js>
            """
        #expect(
            destinations(html) == [
                "a.js script", "b.js script", "c.js script", "d.js script", "e.js other", "f.js other", "g.json other",
                "h.js other", "i.vbs other", "j.js script", "k.js other", "l.js script", "m.js script", "n.js script",
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
                + "only if it is text/css (the bundle sends nosniff): name it .css, or give .php the type text/css "
                + "with mime_types in sitegen.yml")
        #expect(report.messages(.wrongType)[1].hasPrefix("script 'app.txt' is served as application/octet-stream"))
        #expect(report.messages(.wrongType)[3].hasPrefix("script 'page.html' is served as text/html,"))
        #expect(report.findings.allSatisfy { $0.diagnostic.severity == .error })
    }

    /// The fix named fits the case: a link that gets another file (a folder's page, an alias), a name
    /// without an extension, a `.css` whose type `mime_types` or the manifest changed.
    @Test func theMessageNamesTheFixThatApplies() async {
        var site = InMemoryFetcher([
            "index.html": """
            <link rel=stylesheet href=css/><link rel=stylesheet href=old.css>
            <link rel=stylesheet href=plain><link rel=stylesheet href=data.bin>
            """,
            "css/index.html": "", "page.html": "", "plain": "", "data.bin": "",
        ])
        site.aliases = ["old.css": "page.html"]
        let messages = await site.check().messages(.wrongType).map { $0.split(separator: ":").dropFirst().joined(separator: ":") }
        #expect(
            messages == [
                " link to the style sheet itself", " link to the style sheet itself", " give it a .css name",
                " name it .css, or give .bin the type text/css with mime_types in sitegen.yml",
            ])
        let bundle = await InMemoryFetcher(
            ["index.html": "<link rel=stylesheet href=theme.css>", "theme.css": ""], mimeTypes: ["css": "text/plain"]
        ).check()
        #expect(
            bundle.messages(.wrongType)
                == [
                    "style sheet 'theme.css' is served as text/plain, and a browser applies a style sheet only if it is "
                        + "text/css (the bundle sends nosniff): its type comes from mime_types or the manifest, not from its "
                        + "extension: give .css the type text/css"
                ])
    }

    /// A mirror has no `sitegen.yml`: over HTTP the type is the one the server sent, which is what
    /// to fix; from a folder, the name is.
    @Test func aMirrorsAdviceIsAboutTheServerOrTheName() async {
        let site = InMemoryFetcher([
            "index.html": "<link rel=stylesheet href=style.css.html><script src=app></script><script src=x.txt></script>",
            "style.css.html": "", "app": "", "x.txt": "",
        ])
        var options = CheckOptions()
        options.typeSource = .server(sent: ["style.css.html": "text/html", "app": ""])
        let served = await site.check(options).messages(.wrongType).map {
            $0.split(separator: ":").dropFirst().joined(separator: ":")
        }
        #expect(
            served == [
                " the server sent it with the Content-Type text/html; have it send text/css, then mirror again",
                " the server sent it without a Content-Type; have it send text/javascript, then mirror again",
                " the server sent it with another type; have it send text/javascript, then mirror again",
            ])
        options.typeSource = .fileNames
        let named = await site.check(options).messages(.wrongType).map {
            $0.split(separator: ":").dropFirst().joined(separator: ":")
        }
        #expect(named == [" name it .css", " give it a .js name", " name it .js"])
    }

    /// Retyping `.html` would serve every page as CSS: for a page's extension, only a rename is
    /// advised. A checked bundle's types are its manifest's, which a build or a mirror wrote.
    @Test func aPagesExtensionIsNeverAdvisedForRetyping() async {
        let site = InMemoryFetcher(
            [
                "index.html": "<link rel=stylesheet href=s.html><link rel=stylesheet href=t.txt><link rel=stylesheet href=u.css>",
                "s.html": "", "t.txt": "", "u.css": "",
            ], mimeTypes: ["css": "text/plain"])
        func advice(_ source: TypeSource) async -> [String] {
            var options = CheckOptions()
            options.typeSource = source
            return await site.check(options).messages(.wrongType).map { $0.components(separatedBy: "nosniff): ").last ?? $0 }
        }
        #expect(
            await advice(.configured) == [
                "name it .css", "name it .css, or give .txt the type text/css with mime_types in sitegen.yml",
                "its type comes from mime_types or the manifest, not from its extension: give .css the type text/css",
            ])
        #expect(
            await advice(.manifest) == [
                "name it .css",
                "name it .css, or give it the type text/css in the manifest (with mime_types in sitegen.yml, where sitegen builds the bundle)",
                "the manifest gives it another type: give it text/css there (with mime_types in sitegen.yml, where sitegen builds the bundle)",
            ])
    }

    @Test func everyJavaScriptTypeRunsAndParametersAreNoPartOfTheEssence() {
        #expect(MIMEType.isJavaScript("text/javascript") && MIMEType.isJavaScript("application/x-ecmascript"))
        #expect(!MIMEType.isJavaScript("application/json") && !MIMEType.isJavaScript("text/plain"))
        #expect(MIMEType.essence("Text/CSS; charset=utf-8") == "text/css")
        #expect(MIMEType.essence(" text/javascript ") == "text/javascript")
    }
}
