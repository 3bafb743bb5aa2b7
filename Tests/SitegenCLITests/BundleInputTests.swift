import Foundation
import Testing

/// `sitegen resolve`, `verify`, `check` and `serve` on hostile input: URLs, manifests, options.
@Suite(.serialized) struct BundleInputTests {
    @Test func resolveAnswers404ForAnInvalidPercentEscape() throws {
        let runner = try SitegenRunner()
        defer { runner.cleanUp() }
        try runner.write("literal", to: "p/%ZZ")
        try runner.write("hundred", to: "p/100%.txt")
        for text in ["docs://app/%ZZ", "%ZZ", "docs://app/100%.txt", "100%.txt"] {
            let run = try runner.run(["resolve", "p", text, "--body"])
            #expect(run.status == 1, "\(text)")
            #expect(run.stdout.hasPrefix("404 Not Found\n"), "\(text)")
            #expect(!run.stdout.contains("literal") && !run.stdout.contains("hundred"))
        }
        let escaped = try runner.run(["resolve", "p", "docs://app/100%25.txt", "--body"])
        #expect(escaped.status == 0)
        #expect(escaped.stdout.hasSuffix("\n\nhundred"))
    }
}
