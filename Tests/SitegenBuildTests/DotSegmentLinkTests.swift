import Foundation
import Testing

@testable import SitegenBuild

@Suite struct DotSegmentLinkTests {
    /// A last segment `.` or `..` names a folder with its slash, as URL resolution reads it.
    @Test func dotAndDotDotNameTheFolder() async throws {
        let site = try TestSite([
            "Site/index.md": "# Home\n\n[guide](guide/.) [guide](./guide/./) [here](.)\n",
            "Site/guide/index.md": "# Guide\n\n[up](..) [up](../.) [self](.) [deep](deep/..)\n",
            "Site/guide/deep/index.md": "# Deep\n\n[up](..#guide) [home](../..)\n",
        ])
        defer { site.remove() }
        let outcome = try await site.build()
        defer { outcome.staged.discard() }
        #expect(outcome.diagnostics.isEmpty, "\(outcome.diagnostics.map(\.description))")
    }

    @Test func aFolderWithoutItsSlashIsStillReported() async throws {
        let site = try TestSite(["Site/index.md": "# Home\n\n[guide](guide)\n", "Site/guide/index.md": "# Guide\n"])
        defer { site.remove() }
        let outcome = try await site.build()
        defer { outcome.staged.discard() }
        #expect(outcome.diagnostics.map(\.rule) == [.directoryNoSlash])
    }

    /// The other way round: a file's page or asset asked for as a folder says to drop the slash,
    /// and to change the letter case when the file has another (`Install.md/`). The fix names what
    /// was written after the name: two slashes, which the resolver reads as one, or an escaped one.
    @Test func aFileWithASlashIsToldToDropIt() async throws {
        let site = try TestSite([
            "Site/index.md":
                "# Home\n\n[a](install.md/) [b](install.md/#x) [c](logo.png/) [d](missing.md/) [e](Install.md/) [f](install.md//) [g](install.md%2F)\n",
            "Site/install.md": "# Install\n", "Site/logo.png": "png",
        ])
        defer { site.remove() }
        let outcome = try await site.build()
        defer { outcome.staged.discard() }
        #expect(
            outcome.diagnostics.map(\.message) == [
                "'install.md' is a file, not a folder: link to it without the trailing slash",
                "'install.md' is a file, not a folder: link to it without the trailing slash",
                "'logo.png' is a file, not a folder: link to it without the trailing slash",
                "no page 'missing.md/index.md' in the site",
                "no folder 'Install.md/' in the site, but the file 'install.md' exists: link to it in that letter case, without the trailing slash",
                "'install.md' is a file, not a folder: link to it without the trailing slashes",
                "'install.md' is a file, not a folder: link to it without the trailing '%2F'",
            ])
    }

    /// The fix the finding gives puts the slash after the path, before a fragment or query.
    @Test func theSuggestedFixKeepsTheFragmentAndQueryAfterTheSlash() async throws {
        let site = try TestSite([
            "Site/index.md": "# Home\n\n[a](guide#sec) [b](guide?x=1) [c](guide)\n",
            "Site/guide/index.md": "# Guide\n\n## Sec\n",
        ])
        defer { site.remove() }
        let outcome = try await site.build()
        defer { outcome.staged.discard() }
        let messages = outcome.diagnostics.map(\.message)
        #expect(messages.count == 3, "\(messages)")
        #expect(messages.contains { $0.hasSuffix("write 'guide/#sec'") }, "\(messages)")
        #expect(messages.contains { $0.hasSuffix("write 'guide/?x=1'") }, "\(messages)")
        #expect(messages.contains { $0.hasSuffix("write 'guide/'") }, "\(messages)")
    }
}

/// A link the crawl reports under one rule is reported by the Markdown check under the same rule,
/// so that a build shows it once.
@Suite struct OneRulePerLinkTests {
    @Test func hostlessAndOwnSchemeLinksGetTheCrawlsRule() async throws {
        let site = try TestSite([
            "Site/index.md": "# Home\n\n[k](https://) [o](docs:a.html) [p](docs:/a.html) [q](https://swift.org)\n",
            "Site/a.md": "# A\n",
        ])
        defer { site.remove() }
        let outcome = try await site.build()
        defer { outcome.staged.discard() }
        let found = outcome.diagnostics.map { "\($0.location?.column ?? 0) \($0.rule)" }
        #expect(found == ["1 invalid-url", "15 broken-link", "32 broken-link", "50 external-link"], "\(found)")
    }
}
