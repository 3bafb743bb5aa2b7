import Testing

@testable import SitegenBuild

/// A Markdown link's destination split into scheme, path and fragment.
@Suite struct LinkReferenceTests {
    @Test(
        arguments: [
            ("a.md", nil, "a.md", nil), ("a.md#x", nil, "a.md", "x"), ("a.md?q=1#x", nil, "a.md", "x"),
            ("#x", nil, "", "x"), ("a.md#", nil, "a.md", ""), ("?q#", nil, "", ""), ("../b/c.md#é-ü", nil, "../b/c.md", "é-ü"),
            ("HTTPS://x.org/a#b", "https", "HTTPS://x.org/a", "b"), ("mailto:x@y", "mailto", "mailto:x@y", nil),
            ("c+d.e-f:x", "c+d.e-f", "c+d.e-f:x", nil), ("1a:b", nil, "1a:b", nil), ("a b:c", nil, "a b:c", nil),
            (":x", nil, ":x", nil), ("a?b:c", nil, "a", nil), ("a#b:c", nil, "a", "b:c"), ("é:x", nil, "é:x", nil),
        ] as [(String, String?, String, String?)])
    func splits(_ text: String, scheme: String?, path: String, fragment: String?) {
        let reference = LinkReference(text)
        #expect(reference.scheme == scheme)
        #expect(reference.path == path)
        #expect(reference.fragment == fragment)
    }
}
