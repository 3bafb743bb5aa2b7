import Testing

@testable import SitegenBuild

@Suite struct GlobPatternTests {
    @Test(arguments: [
        ("*.psd", "art/logo.psd", true), ("*.psd", "logo.png", false), ("drafts", "drafts/a.md", true),
        ("drafts/", "x/drafts/a.md", true), ("/drafts", "x/drafts/a.md", false), ("guide/*.md", "guide/a.md", true),
        ("guide/*.md", "guide/sub/a.md", false), ("guide/**/*.md", "guide/sub/deep/a.md", true), ("a?c.md", "abc.md", true),
        ("a?c.md", "a/c.md", false), ("dist", "dist", true),
        // A name that starts with a combining mark makes one character with the `/` before it.
        ("/docs", "docs/\u{301}x.md", true), ("\u{301}x.md", "docs/\u{301}x.md", true),
        ("/\u{301}x.md", "\u{301}x.md", true), ("/docs/*.md", "docs/\u{301}x.md", true),
    ])
    func matches(pattern: String, path: String, expected: Bool) {
        #expect(GlobPattern(pattern).matches(path) == expected)
    }
}
