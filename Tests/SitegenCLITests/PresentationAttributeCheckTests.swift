import Foundation
import Testing

/// `sitegen check` reads the `url()` of an inline SVG's presentation attributes as a reference to
/// an element of the page: a gradient that is not there is a broken fragment, at its attribute.
@Suite struct PresentationAttributeCheckTests {
    @Test func aFillThatNamesNoElementIsABrokenFragment() throws {
        let runner = try SitegenRunner()
        defer { runner.cleanUp() }
        try runner.write(
            """
            <!doctype html>
            <title>Gradients</title>
            <svg width="20" height="10"><defs><linearGradient id="present"><stop offset="1"/></linearGradient></defs>
            <rect width="10" height="10" fill="url(#present)"/>
            <rect x="10" width="10" height="10" fill="url(#missing)" stroke="none"/>
            </svg>

            """, to: "site/index.html")
        let run = try runner.run(["check", "site", "--quiet"])
        #expect(run.status == 1, "\(run.stdout)\(run.stderr)")
        #expect(
            run.stdout == "site/index.html:5:37: error: no id 'missing' in index.html [broken-fragment]\n", "\(run.stdout)")
    }
}
