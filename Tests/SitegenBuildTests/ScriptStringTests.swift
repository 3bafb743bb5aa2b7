import Foundation
import Testing

@testable import SitegenBuild

/// The string literals of sitegen's scripts: JSON that no `</script>` or line separator breaks.
@Suite struct ScriptStringTests {
    private func literal(_ text: String) -> String {
        var out: [UInt8] = []
        ScriptString.append(text, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    @Test func escapesWhatWouldEndTheStringOrTheScript() {
        #expect(literal("a\"b\\c</script>") == #""a\"b\\c\u003c/script>""#)
        #expect(literal("tab\tnl\n\u{1}") == #""tab\u0009nl\u000a\u0001""#)
        #expect(literal("x\u{2028}y\u{2029}z") == #""x\u2028y\u2029z""#)
    }

    @Test func keepsEverythingElseAsItIs() {
        #expect(literal("café 🚀 → plain") == "\"café 🚀 → plain\"")
        #expect(literal("") == "\"\"")
    }

    @Test func readsBackAsTheSameText() throws {
        let text = "\"<\\\u{0}\u{1F}\u{2028}\u{2029}é🚀 end"
        let json = Data(("[" + literal(text) + "]").utf8)
        #expect(try JSONSerialization.jsonObject(with: json) as? [String] == [text])
    }
}
