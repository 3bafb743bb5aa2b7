import Foundation
import Testing

@testable import SitegenBuild

@Suite struct NavScriptTests {
    /// `_sitegen/nav.js` holds paths as URLs, percent-encoded as the static sidebar writes them: the
    /// theme's script appends them to `root`, so a raw `#` or `?` would cut the path short.
    @Test func pathsArePercentEncodedAsTheStaticLinksAre() async throws {
        let site = try TestSite(
            [
                "Site/index.md": "# Home\n\n[C sharp](c%23.md) [FAQ](faq%3F.md) [Space](a%20b.md)\n",
                "Site/c#.md": "# C#\n", "Site/faq?.md": "# FAQ?\n", "Site/a b.md": "# Space\n",
            ], defaultTheme: true)
        defer { site.remove() }
        let outcome = try await site.build()
        defer { outcome.staged.discard() }
        let script = try site.staged(outcome, "_sitegen/nav.js")
        #expect(script.contains("[\"C#\",\"c%23.html\"]"), "\(script)")
        #expect(script.contains("[\"FAQ?\",\"faq%3F.html\"]"), "\(script)")
        #expect(script.contains("[\"Space\",\"a%20b.html\"]"), "\(script)")
        let index = try site.staged(outcome, "index.html")
        for href in ["c%23.html", "faq%3F.html", "a%20b.html"] {
            #expect(index.contains("href=\"\(href)\""), "static link \(href)")
        }
    }
}
