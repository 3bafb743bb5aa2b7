import Testing

@testable import SitegenMarkdown

@Suite struct SluggerTests {
    @Test(arguments: [
        ("Hello, World!", "hello-world"),
        ("API v2.0 — Notes", "api-v20--notes"),
        ("`code` & more", "code--more"),
        ("Ünïcödé", "ünïcödé"),
        ("Straße ΑΒΓ", "straße-αβγ"),
        ("snake_case and-dash", "snake_case-and-dash"),
        ("  two  spaces ", "--two--spaces-"),
        ("日本語 見出し", "日本語-見出し"),
        ("C++ & C#", "c--c"),
        ("100%", "100"),
        ("!!!", "section"),
        // A capital sigma ending a word lowercases to ς, as JavaScript's toLowerCase does for GitHub.
        ("Όροι ΧΡΉΣΗΣ", "όροι-χρήσης"), ("ΣΑΣ Σ", "σας-σ"), ("ΟΔΟΣ.", "οδος"),
    ])
    func base(text: String, expected: String) {
        #expect(Slugger.base(text) == expected)
    }

    @Test func duplicatesAreNumbered() {
        var slugger = Slugger()
        let ids = ["a", "a", "a", "a-1", "A"].map { slugger.slug(for: $0) }
        #expect(ids == ["a", "a-1", "a-2", "a-1-1", "a-3"])
    }

    /// Past the few ids a list holds, the taken ids move to a set: numbering goes on the same.
    @Test func manyHeadingsAreNumberedAsFew() {
        var slugger = Slugger()
        slugger.reserve("")
        slugger.reserve("b-3")
        let ids = (0..<40).map { _ in slugger.slug(for: "A") } + (0..<5).map { _ in slugger.slug(for: "b") }
        #expect(ids == ["a"] + (1..<40).map { "a-\($0)" } + ["b", "b-1", "b-2", "b-4", "b-5"])
        #expect(slugger.slug(for: "a-39") == "a-39-1")
        #expect(slugger.slug(for: "a-40") == "a-40")
    }

    /// rules.md: ids are compared by code points, as browsers match fragments: `café` in NFC and in
    /// NFD are two ids, no duplicates of each other (GitHub gives both `café`).
    @Test func canonicallyEquivalentSpellingsAreNoDuplicates() {
        var slugger = Slugger()
        let ids = ["Caf\u{E9}", "Cafe\u{301}", "Caf\u{E9}"].map { slugger.slug(for: $0) }
        #expect(ids.map { Array($0.utf8) } == [Array("caf\u{E9}".utf8), Array("cafe\u{301}".utf8), Array("caf\u{E9}-1".utf8)])
    }
}
