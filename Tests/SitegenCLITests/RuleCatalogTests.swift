import Foundation
import SitegenMarkdown
import Testing

@testable import SitegenCLI

/// The rule metadata of SARIF reports agrees with the documentation it points at.
@Suite struct RuleCatalogTests {
    private static func page(_ path: String) throws -> String {
        try String(contentsOf: SitegenRunner.packageRoot.appendingPathComponent("Site/\(path)"), encoding: .utf8)
    }

    /// The help text of each rule names `checking/rules.md#ID`: a heading of that page, with its id
    /// made as sitegen makes every heading id, must be there.
    @Test func everyRuleHelpNamesAHeadingOfTheRulesPage() throws {
        let split = try FrontMatter.split(try Self.page("checking/rules.md"), path: "checking/rules.md")
        let ids = Set(MarkdownRenderer.render(split.body, lineOffset: split.bodyLineOffset).headings.map(\.id))
        let sarif = ReportFormat.sarif.render(
            Report(command: "check", files: [], diagnostics: [], pages: 0, assets: 0, linksChecked: 0, seconds: 0))
        let document = try #require(try JSONSerialization.jsonObject(with: Data(sarif.utf8)) as? [String: Any])
        let run = try #require((document["runs"] as? [[String: Any]])?.first)
        let rules = try #require(((run["tool"] as? [String: Any])?["driver"] as? [String: Any])?["rules"] as? [[String: Any]])
        #expect(rules.count == RuleCatalog.all.count)
        for rule in rules {
            let help = try #require((rule["help"] as? [String: Any])?["text"] as? String)
            let anchor = try #require(help.firstMatch(of: /checking\/rules\.md#([^)\s]+)\)/)?.1, "\(help)")
            #expect(ids.contains(String(anchor)), "\(rule["id"] ?? ""): no heading '\(anchor)' in rules.md")
        }
    }

    /// Every option the CLI reference says reports `mirror-limit` is named in the rule's summary.
    @Test func theMirrorLimitSummaryNamesEveryLimit() throws {
        let limits = try Self.page("reference/cli.md").split(separator: "\n")
            .filter { $0.contains("<code>mirror-limit</code>") }
            .compactMap { $0.firstMatch(of: /<td><code>(--[a-z-]+)/)?.1 }
        #expect(Set(limits) == ["--max-pages", "--max-bytes", "--max-seconds"])
        let summary = try #require(RuleCatalog.all.first { $0.id.rawValue == "mirror-limit" }?.summary)
        for limit in limits { #expect(summary.contains(limit), "\(summary)") }
    }
}
