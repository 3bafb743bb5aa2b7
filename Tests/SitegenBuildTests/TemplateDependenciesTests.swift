import Testing

@testable import SitegenBuild

/// Which partials a template uses decides which pages an edit rebuilds and which ids count as the
/// template's: the names are read as the template parser reads them.
@Suite struct TemplateDependenciesTests {
    @Test(arguments: ["{{> p}}", "{{>p}}", "{{>\tp}}", "{{>\np}}", "{{>p\t}}", "{{> p\r\n}}", "{{<\tp}}{{/p}}"])
    func aPartialNamedWithAnyWhitespaceAroundIsFound(tag: String) {
        #expect(TemplateDependencies.referencedNames(in: "<main>\(tag)</main>") == ["p"])
    }

    @Test func editingAPartialIncludedWithATabChangesThePageTemplatesFingerprint() {
        let before = TemplateDependencies(sources: ["page": "{{>\tp}}", "p": "v1"])
        let after = TemplateDependencies(sources: ["page": "{{>\tp}}", "p": "v2"])
        #expect(before.fingerprint(of: "page") != after.fingerprint(of: "page"))
    }
}
