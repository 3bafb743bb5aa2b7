import SitegenTemplates
import Testing

@Suite("Robustness")
struct RobustnessTests {
    /// A small deterministic generator, so a failure reproduces.
    struct Generator {
        var state: UInt64
        mutating func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
    }

    static let pieces = [
        "{{", "}}", "{{#a}}", "{{/a}}", "{{^b}}", "{{/b}}", "{{a}}", "{{{a}}}", "{{&a.b}}", "{{.}}", "{{>p}}",
        "{{<p}}", "{{/p}}", "{{$x}}", "{{/x}}", "{{=<% %>=}}", "<%a%>", "<%={{ }}=%>", "{{!c}}", " ", "  ", "\n",
        "\r\n", "\t", "text", "é", "{", "}", "=", "{{=", "%>",
    ]

    @Test("random templates parse or fail with a located error, and render without crashing")
    func randomTemplates() throws {
        var generator = Generator(state: 42)
        var parsed = 0
        for _ in 0..<3000 {
            var source = ""
            for _ in 0..<generator.next(14) { source += Self.pieces[generator.next(Self.pieces.count)] }
            do {
                let template = try Template.parse(source, name: "page")
                parsed += 1
                let partial = try Template.parse("[{{$x}}d{{/x}}{{a}}]\n", name: "p")
                let lib = TemplateLibrary(["page": template, "p": partial], recursionLimit: 5)
                let context: TemplateValue = ["a": ["b": "<&>"], "b": false]
                _ = try lib.render("page", context: context)
            } catch {
                #expect(error.location.line >= 1 && error.location.column >= 1, "\(error) for \(source.debugDescription)")
                #expect(error.sourceLine != nil)
            }
        }
        #expect(parsed > 300)
    }
}
