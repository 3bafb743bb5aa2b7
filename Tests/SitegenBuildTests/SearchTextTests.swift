import Testing

@testable import SitegenBuild

/// The text of a page's body for the search index: what a reader sees, as one line of words.
@Suite struct SearchTextTests {
    @Test func tagsGoAndBlocksPartWords() {
        #expect(
            SearchText.of(html: "<p>One <em>pipe</em>line.</p>\n<p>Two</p><ul><li>a</li><li>b<br>c</li></ul>")
                == "One pipeline. Two a b c")
    }

    @Test func characterReferencesAreDecodedAndSpacesFolded() {
        #expect(SearchText.of(html: "<p>a &amp; b &lt;c&gt; &#233;t&eacute;\n\n\t  d&nbsp;e</p>") == "a & b <c> été d\u{A0}e")
    }

    @Test func scriptsStylesCommentsAndHeadingAnchorsAreNoText() {
        let html = """
            <h2 id="x"><a class="anchor" href="#x" aria-hidden="true" tabindex="-1">#</a>Setup</h2>
            <script>var secret = "<p>no</p>";</script><STYLE>p { color: red }</STYLE><!-- hidden <p>x</p> -->
            <p>Shown</p>
            """
        #expect(SearchText.of(html: html) == "Setup Shown")
    }

    @Test func codeKeepsItsText() {
        #expect(
            SearchText.of(html: "<pre><code>let x = a &lt; b\n</code></pre><p>Use <code>--verbose</code>.</p>")
                == "let x = a < b Use --verbose.")
    }

    @Test func aLongPageIsCutAtACharacter() {
        let text = SearchText.of(html: "<p>" + String(repeating: "é", count: SearchText.limit) + "</p>")
        #expect(text.utf8.count <= SearchText.limit)
        #expect(text.utf8.count >= SearchText.limit - 2)
        #expect(text.allSatisfy { $0 == "é" })
    }
}
