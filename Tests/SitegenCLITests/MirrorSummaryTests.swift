import Foundation
import Testing

/// The summary line of `sitegen mirror` counts what the manifest it wrote holds.
@Suite struct MirrorSummaryTests {
    @Test func theAliasCountIsTheManifests() throws {
        let runner = try SitegenRunner()
        defer { runner.cleanUp() }
        try runner.copyFixture("Mirror", to: "site")
        let run = try runner.run(["mirror", "site", "--out", "out"])
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        let manifest = try #require(
            JSONSerialization.jsonObject(with: Data(contentsOf: runner.url("out/manifest.json"))) as? [String: Any])
        let aliases = try #require(manifest["aliases"] as? [[String: Any]]).compactMap { $0["url"] as? String }
        // The fixture's folder indexes (`docs://app/`, `docs://app/guide/`) are aliases too.
        #expect(aliases.contains("docs://app/guide/"))
        #expect(run.stderr.contains(", \(aliases.count) aliases\n"), "\(run.stderr)")
    }
}

extension MirrorSummaryTests {
    @Test func anExternalLinkWrittenInFullIsListedWithWhatItWas() throws {
        let runner = try SitegenRunner()
        defer { runner.cleanUp() }
        try runner.write(#"<a href="//example.org/">o</a><a href="https://example.com/">c</a>"#, to: "site/index.html")
        let run = try runner.run(["mirror", "site", "--out", "out"])
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        #expect(run.stderr.contains("note: out/index.html: external link left as written: https://example.com/\n"))
        #expect(
            run.stderr.contains(
                "note: out/index.html: external link written in full: https://example.org/ (was //example.org/)\n"),
            "\(run.stderr)")
    }
}
