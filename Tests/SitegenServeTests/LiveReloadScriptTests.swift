import Foundation
import SitegenServe
import Testing

@Suite struct LiveReloadScriptTests {
    @Test func injectsBeforeTheLastClosingBodyCaseInsensitively() {
        let html = Data("<p>&lt;/body&gt;</p></BODY>\n</html>".utf8)
        let out = LiveReloadScript.inject(into: html, build: 3)
        let expected = Data("<p>&lt;/body&gt;</p>".utf8) + LiveReloadScript.tag(build: 3) + Data("</BODY>\n</html>".utf8)
        #expect(out == expected)
    }

    @Test func appendsWhenThereIsNoBody() {
        let html = Data("<p>fragment".utf8)
        #expect(LiveReloadScript.inject(into: html, build: 0) == html + LiveReloadScript.tag(build: 0))
        #expect(LiveReloadScript.inject(into: Data(), build: 0) == LiveReloadScript.tag(build: 0))
    }

    @Test func theScriptListensOnTheEventsPathAndKnowsItsBuild() {
        let text = String(decoding: LiveReloadScript.tag(build: 7), as: UTF8.self)
        #expect(text.contains("new EventSource(\"/_sitegen/events\")"))
        // A stream that names another build (a rebuild that ended before the page connected) reloads it.
        #expect(text.contains("const v=\"7\""))
        #expect(text.contains("s.addEventListener(\"build\",e=>{if(e.data!==v)location.reload()})"))
        #expect(!text.contains("\n"))
        // A tab in the background gives its connection back (browsers allow six per host).
        #expect(text.contains("if(document.hidden){if(s){s.close();s=null}}else o()"))
    }
}
