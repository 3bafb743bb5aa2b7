import Foundation
import Testing

/// `--timeout` and `--max-seconds` take seconds with decimals; what is not a positive number is a
/// usage error that says what is wanted.
@Suite struct MirrorSecondsOptionTests {
    @Test func decimalSecondsAreAccepted() throws {
        let runner = try SitegenRunner()
        defer { runner.cleanUp() }
        try runner.write("<p>hi</p>", to: "site/index.html")
        let run = try runner.run(["mirror", "site", "--out", "out", "--timeout", "1.5", "--max-seconds", "30.25"])
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        #expect(try runner.read("out/index.html") == "<p>hi</p>")
    }

    @Test(arguments: [
        ("--timeout", "0"), ("--timeout", "-1"), ("--timeout", "ten"), ("--max-seconds", "nan"), ("--max-seconds", "inf"),
    ])
    func otherValuesAreRefusedInWords(option: String, value: String) throws {
        let runner = try SitegenRunner()
        defer { runner.cleanUp() }
        try runner.write("<p>hi</p>", to: "site/index.html")
        let run = try runner.run(["mirror", "site", "--out", "out", option, value])
        #expect(run.status == 2, "\(run.stdout)\(run.stderr)")
        #expect(run.stderr.contains("\(option) must be a positive number of seconds, such as 10 or 1.5, not '\(value)'"))
        #expect(!FileManager.default.fileExists(atPath: runner.url("out").path))
    }

    @Test func pagesAndBytesAreWholeNumbers() throws {
        let runner = try SitegenRunner()
        defer { runner.cleanUp() }
        try runner.write("<p>hi</p>", to: "site/index.html")
        let run = try runner.run(["mirror", "site", "--out", "out", "--max-pages", "1.5"])
        #expect(run.status == 2)
        #expect(run.stderr.contains("--max-pages must be a positive whole number, not '1.5'"), "\(run.stderr)")
    }
}
