import Foundation
import SitegenServe
import Testing

@Suite struct LiveReloadScriptTests {
    @Test func injectsBeforeTheLastClosingBodyCaseInsensitively() {
        let html = Data("<p>&lt;/body&gt;</p></BODY>\n</html>".utf8)
        let out = LiveReloadScript.inject(into: html)
        let expected = Data("<p>&lt;/body&gt;</p>".utf8) + LiveReloadScript.tag + Data("</BODY>\n</html>".utf8)
        #expect(out == expected)
    }

    @Test func appendsWhenThereIsNoBody() {
        let html = Data("<p>fragment".utf8)
        #expect(LiveReloadScript.inject(into: html) == html + LiveReloadScript.tag)
        #expect(LiveReloadScript.inject(into: Data()) == LiveReloadScript.tag)
    }

    @Test func theScriptListensOnTheEventsPath() {
        let text = String(decoding: LiveReloadScript.tag, as: UTF8.self)
        #expect(text.contains("new EventSource(\"/_sitegen/events\")"))
        #expect(!text.contains("\n"))
    }
}
