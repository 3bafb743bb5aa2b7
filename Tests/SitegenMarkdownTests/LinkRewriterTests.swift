import Testing

@testable import SitegenMarkdown

@Suite struct LinkRewriterTests {
    @Test(arguments: [
        ("a.md", "a.html"),
        ("a.md#x", "a.html#x"),
        ("../b.md?x=1#y", "../b.html?x=1#y"),
        ("/root/c.md", "/root/c.html"),
        ("./d.md", "./d.html"),
        ("../b.MD?x=1", "../b.html?x=1"),
        ("c.Md", "c.html"),
        ("dir/.MD", "dir/.MD"),
        ("https://x/y.md", "https://x/y.md"),
        ("docs://app/y.md", "docs://app/y.md"),
        ("//host/y.md", "//host/y.md"),
        ("mailto:a@b.md", "mailto:a@b.md"),
        ("#frag", "#frag"),
        ("?q=a.md", "?q=a.md"),
        ("page.html#a.md", "page.html#a.md"),
        ("dir/.md", "dir/.md"),
        ("a.mdx", "a.mdx"),
        ("", ""),
    ])
    func rewrite(input: String, expected: String) {
        #expect(LinkRewriter.rewrite(input) == expected)
    }
}
