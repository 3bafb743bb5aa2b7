import SitegenTemplates
import Testing

@Suite("Mustache spec")
struct MustacheSpecTests {
    @Test("spec data is present, or the spec tests are skipped with a message")
    func specData() {
        guard MustacheSpec.isAvailable else {
            print("skipping Mustache spec tests: ../shared/test-data/mustache-spec not found")
            return
        }
        #expect(MustacheSpec.cases.count == 163, "the 7 spec files hold 163 tests")
    }

    @Test(
        "spec case",
        .enabled(if: MustacheSpec.isAvailable, "needs ../shared/test-data/mustache-spec next to the package"),
        arguments: MustacheSpec.cases)
    func specCase(_ spec: SpecCase) throws {
        var templates = ["(spec)": try Template.parse(spec.template, name: "(spec)")]
        for (name, source) in spec.partials {
            templates[name] = try Template.parse(source, name: name)
        }
        let output = try TemplateLibrary(templates).render("(spec)", context: spec.data)
        #expect(output == spec.expected, "\(spec.summary)")
    }
}
