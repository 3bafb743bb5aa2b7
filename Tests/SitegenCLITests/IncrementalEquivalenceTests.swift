import Foundation
import SitegenCorpus
import Testing

/// A sequence of edits to a generated site, each followed by an incremental build and a clean
/// build of the same input: whichever way the rebuild goes (pages updated in place or a new bundle
/// swapped in, the last crawl report updated or a full crawl), it must give the same bundle, bytes
/// for bytes, and the same findings.
@Suite(.serialized) struct IncrementalEquivalenceTests {
    private enum Edit: CaseIterable {
        case appendText, addBrokenFragment, fixBrokenFragment, addHeading, retitle, deletePage, addPage, touchTemplate
        case touchOnly, linkToNewTarget
    }

    /// The page that got the last broken fragment, for the edit that fixes it.
    private final class LastBroken: @unchecked Sendable { var page: String? }

    @Test func everyEditRebuildsToWhatACleanBuildMakes() throws {
        let runner = try SitegenRunner()
        defer { runner.cleanUp() }
        _ = try MarkdownCorpus.write(pages: 80, seed: 11, to: runner.url("Site"))
        try FileManager.default.copyItem(
            at: SitegenRunner.packageRoot.appendingPathComponent("Templates"), to: runner.url("Templates"))
        #expect(try runner.run(["build"]).status <= 1)

        var step = 0
        let lastBroken = LastBroken()
        for round in 0..<2 {
            for edit in Edit.allCases {
                step += 1
                let pages = try markdownPages(runner)
                let page = pages[(step * 37 + round * 11) % pages.count]
                try apply(edit, to: page, step: step, pages: pages, runner: runner, lastBroken: lastBroken)
                let incremental = try runner.run(["build"])
                let clean = try runner.run(["build", "--out", "clean-\(step)"])
                #expect(incremental.status == clean.status, "\(edit) of \(page)")
                #expect(
                    incremental.stdout.split(separator: "\n").dropLast() == clean.stdout.split(separator: "\n").dropLast(),
                    "\(edit) of \(page)")
                #expect(try runner.snapshot("dist") == (try runner.snapshot("clean-\(step)")), "\(edit) of \(page)")
                try FileManager.default.removeItem(at: runner.url("clean-\(step)"))
                try FileManager.default.removeItem(at: runner.url(".clean-\(step).sitegen-cache"))
                try FileManager.default.removeItem(at: runner.url(".clean-\(step).sitegen-crawl"))
            }
        }
    }

    private func markdownPages(_ runner: SitegenRunner) throws -> [String] {
        let root = runner.url("Site")
        let enumerator = FileManager.default.enumerator(atPath: root.path)
        var pages: [String] = []
        while let path = enumerator?.nextObject() as? String {
            if path.hasSuffix(".md") { pages.append(path) }
        }
        return pages.filter { $0 != "index.md" }.sorted()
    }

    private func apply(
        _ edit: Edit, to page: String, step: Int, pages: [String], runner: SitegenRunner, lastBroken: LastBroken
    ) throws {
        let path = "Site/\(page)"
        switch edit {
        case .appendText:
            try runner.write(try runner.read(path) + "\nOne more sentence, step \(step).\n", to: path)
        case .addBrokenFragment:
            try runner.write(try runner.read(path) + "\nSee [nowhere](#nowhere-\(step)).\n", to: path)
            lastBroken.page = page
        case .fixBrokenFragment:
            // Text only: the page keeps its ids and targets, so the crawl updates its last report,
            // which must then drop the finding.
            guard let broken = lastBroken.page, FileManager.default.fileExists(atPath: runner.url("Site/\(broken)").path)
            else { return }
            let text = try runner.read("Site/\(broken)")
            try runner.write(
                text.split(separator: "\n", omittingEmptySubsequences: false).filter { !$0.contains("#nowhere-") }
                    .joined(separator: "\n"), to: "Site/\(broken)")
        case .addHeading:
            try runner.write(try runner.read(path) + "\n## Added in step \(step)\n\nText.\n", to: path)
        case .retitle:
            let text = try runner.read(path)
            try runner.write(text.replacingOccurrences(of: "title: ", with: "title: Renamed \(step) "), to: path)
        case .deletePage:
            try FileManager.default.removeItem(at: runner.url(path))
        case .addPage:
            let folder = (page as NSString).deletingLastPathComponent
            try runner.write(
                "# New page \(step)\n\n[Home](\(folder.isEmpty ? "" : "../")index.md)\n", to: "Site/\(folder)/new-\(step).md")
        case .touchTemplate:
            try runner.write(try runner.read("Templates/page.html") + "<!-- step \(step) -->\n", to: "Templates/page.html")
        case .touchOnly:
            try FileManager.default.setAttributes([.modificationDate: Date()], ofItemAtPath: runner.url(path).path)
        case .linkToNewTarget:
            let other = pages[(step * 53) % pages.count]
            let relative = String(repeating: "../", count: page.split(separator: "/").count - 1) + other
            try runner.write(try runner.read(path) + "\nAlso [elsewhere](\(relative)).\n", to: path)
        }
    }
}
