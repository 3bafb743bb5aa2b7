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
        let output = try library(for: spec).render("(spec)", context: spec.data)
        #expect(output == spec.expected, "\(spec.summary)")
    }

    /// The same cases with every dictionary marked shared, each rendered twice through one library:
    /// the second render takes what the first kept for list items, and must still match the spec.
    @Test(
        "spec case, shared dictionaries rendered twice",
        .enabled(if: MustacheSpec.isAvailable, "needs ../shared/test-data/mustache-spec next to the package"),
        arguments: MustacheSpec.cases)
    func specCaseShared(_ spec: SpecCase) throws {
        let library = try library(for: spec)
        let data = spec.data.markedShared
        #expect(try library.render("(spec)", context: data) == spec.expected, "\(spec.summary)")
        #expect(try library.render("(spec)", context: data) == spec.expected, "\(spec.summary), again")
    }

    /// The case's template as `(spec)` with its partials.
    private func library(for spec: SpecCase) throws -> TemplateLibrary {
        var templates = ["(spec)": try Template.parse(spec.template, name: "(spec)")]
        for (name, source) in spec.partials {
            templates[name] = try Template.parse(source, name: name)
        }
        return TemplateLibrary(templates)
    }
}

extension TemplateValue {
    /// The value with every dictionary in it marked shared.
    var markedShared: TemplateValue {
        switch self {
        case .list(let items): return .list(items.map(\.markedShared))
        case .dictionary(let fields):
            var shared = TemplateDictionary()
            for key in fields.keys { shared[key] = fields[key]?.markedShared }
            shared.isShared = true
            return .dictionary(shared)
        default: return self
        }
    }
}
