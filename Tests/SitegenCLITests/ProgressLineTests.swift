import SitegenBuild
import SitegenCore
import Synchronization
import Testing

@testable import SitegenCLI

/// getting-started.md: the progress line shows the stage, done/total and a rate that is the work's.
@Suite struct ProgressLineTests {
    @Test func theRateCountsOnlyWhatWasDoneSinceTheStageStarted() {
        // A rebuild took 6,000 pages from its cache, then parsed 21 in half a second.
        let line = ProgressLine.text(StageProgress(stage: "parsing", done: 6021, total: 6021), doneAtStart: 6000, seconds: 0.5)
        #expect(line == "parsing 6021/6021 (42/s)")
    }

    @Test func noRateIsShownBeforeATenthOfASecond() {
        #expect(
            ProgressLine.text(StageProgress(stage: "writing", done: 64, total: 6021), doneAtStart: 0, seconds: 0.004)
                == "writing 64/6021")
        #expect(
            ProgressLine.text(StageProgress(stage: "writing", done: 3000, total: 6021), doneAtStart: 0, seconds: 0.25)
                == "writing 3000/6021 (12000/s)")
    }
}

/// The stages report as they start, so that the line's rate counts from there rather than from a
/// first report sent once the results were already waiting.
@Suite struct StageStartReportTests {
    @Test func parsingAndWritingReportTheirStart() async throws {
        let runner = try SitegenRunner()
        defer { runner.cleanUp() }
        try runner.copyFixture("Themes/minimal", to: "Templates")
        var index = "# Home\n\n"
        for number in 0..<300 {
            try runner.write("# Page \(number)\n\ntext\n", to: "Site/p\(number).md")
            index += "[\(number)](p\(number).md)\n"
        }
        try runner.write(index, to: "Site/index.md")
        let reports = Mutex<[StageProgress]>([])
        let options = BuildOptions(site: "Site", templates: "Templates", output: "dist", workingDirectory: runner.directory)
        let outcome = try await SiteBuilder(options: options, progress: { report in reports.withLock { $0.append(report) } })
            .build()
        outcome.staged.discard()
        let seen = reports.withLock { $0 }
        for stage in ["parsing", "writing"] {
            let ofStage = seen.filter { $0.stage == stage }
            #expect(ofStage.first?.done == 0 && ofStage.first?.total == 301, "\(stage): \(ofStage.prefix(3))")
            #expect(ofStage.last?.done == 301, "\(stage): \(ofStage.suffix(3))")
        }
    }
}
