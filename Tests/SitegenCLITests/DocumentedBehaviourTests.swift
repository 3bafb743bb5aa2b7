import Foundation
import Testing

/// Behaviour the docs promise that a reading of them against the tool found broken.
@Suite struct DocumentedBehaviourTests {
    private func site(_ runner: SitegenRunner, index: String) throws {
        try runner.copyFixture("Themes/minimal", to: "Templates")
        try runner.write(index, to: "Site/index.md")
        try runner.write("# X\n", to: "Site/guide/x.md")
    }

    /// rules.md: a NUL, a backslash or an escape that is not UTF-8 is a `broken-link` the resolver
    /// refuses; a `%` that starts no escape is an `invalid-url`. Nothing else about them.
    @Test func pathsTheResolverRefusesAreOneBrokenLinkEach() throws {
        let runner = try SitegenRunner()
        defer { runner.cleanUp() }
        try site(
            runner,
            index:
                "# H\n\n[bs](guide\\x.html) [nul](guide/%00x.html) [ff](guide/b%FF.html) [bad](guide/%ZZ.html)\n\n[x](guide/x.md)\n"
        )
        let run = try runner.run(["build", "--quiet"])
        let rules = run.stdout.split(separator: "\n").compactMap { $0.split(separator: "[").last.map { String($0.dropLast()) } }
        #expect(rules == ["broken-link", "broken-link", "broken-link", "invalid-url"], "\(run.stdout)")
    }

    /// checking/index.md: a finding points at the raw HTML that writes the link, not at a Markdown
    /// link that only decodes to the same text.
    @Test func aRawHTMLLinkIsNotBlamedOnAMarkdownLinkThatDecodesAlike() throws {
        let runner = try SitegenRunner()
        defer { runner.cleanUp() }
        try site(
            runner,
            index:
                "# H\n\n[e](http://exa%20mple.com/[x)\n\ntext\n\n<a href=\"http://exa mple.com/[x\">raw</a>\n\n[x](guide/x.md)\n")
        let run = try runner.run(["build", "--quiet"])
        let invalid = run.stdout.split(separator: "\n").filter { $0.hasSuffix("[invalid-url]") }
        // Both are no URL (a host is decoded before it is read): each finding is at its own link.
        #expect(
            invalid == [
                "Site/index.md:3:1: error: cannot parse URL 'http://exa%20mple.com/[x' [invalid-url]",
                "Site/index.md:7:10: error: cannot parse URL 'http://exa mple.com/[x' [invalid-url]",
            ], "\(run.stdout)")
    }

    /// cli.md: with `SITEGEN_TIMINGS` set, each stage of a build is a line with its wall time, the
    /// process's CPU time meanwhile and its resident memory; without it, there is none.
    @Test func timingsNameEachStageWithItsTimesAndMemory() throws {
        let runner = try SitegenRunner()
        defer { runner.cleanUp() }
        try site(runner, index: "# Home\n\n[x](guide/x.md)\n")
        let timed = try runner.run(["build", "--quiet"], environment: ["SITEGEN_TIMINGS": "1"])
        #expect(timed.status == 0, "\(timed.stderr)")
        let format = try Regex(#"timing: (.+) ([0-9]+\.[0-9]) ms \(cpu ([0-9]+\.[0-9]) ms, rss ([0-9]+\.[0-9]) MB\)"#)
        var stages: [String] = []
        for line in timed.stderr.split(separator: "\n") where line.hasPrefix("timing: ") {
            let match = try #require(try format.wholeMatch(in: line), "\(line)")
            stages.append(String(try #require(match.output[1].substring)))
            let resident = try #require(match.output[4].substring.flatMap { Double($0) })
            #expect(resident > 1, "a running process holds more than 1 MB: \(line)")
        }
        #expect(stages.first == "config, theme, scan" && stages.contains("crawl") && stages.last == "commit", "\(stages)")
        let quiet = try runner.run(["build", "--quiet"])
        #expect(!quiet.stderr.contains("timing:"), "\(quiet.stderr)")
    }

    /// templates.md: `page.showTitle` is true when the body has no `#` heading of its own, and an
    /// empty one is none.
    @Test func anEmptyFirstLevelHeadingLeavesTheTitleToTheLayout() throws {
        let runner = try SitegenRunner()
        defer { runner.cleanUp() }
        try site(runner, index: "# Home\n\n[m](my-page.md) [x](guide/x.md)\n")
        try runner.write(
            "<h1>{{#page.showTitle}}shown: {{page.title}}{{/page.showTitle}}</h1>\n{{{content}}}\n", to: "Templates/page.html")
        try runner.write("#\n\nSome text.\n", to: "Site/my-page.md")
        #expect(try runner.run(["build"]).status == 0)
        #expect(try runner.read("dist/my-page.html").contains("shown: My page"))
        #expect(!(try runner.read("dist/index.html").contains("shown:")))
        // A heading that shows only an image is the page's own heading: the layout prints no other.
        try runner.write("# <img src=\"logo.svg\" alt=\"Logo\">\n\ntext\n", to: "Site/my-page.md")
        try runner.write("<svg xmlns=\"http://www.w3.org/2000/svg\"/>", to: "Site/logo.svg")
        #expect(try runner.run(["build"]).status == 0)
        #expect(!(try runner.read("dist/my-page.html").contains("shown:")))
    }

    /// cli.md: mirror's `--quiet` is as build's: findings only.
    @Test func mirrorQuietPrintsFindingsOnly() throws {
        let runner = try SitegenRunner()
        defer { runner.cleanUp() }
        try runner.write("<a href=\"b.html\">b</a> <a href=\"https://example.com/\">e</a>", to: "site/index.html")
        try runner.write("<p>b</p>", to: "site/b.html")
        let quiet = try runner.run(["mirror", "site", "--out", "out", "--quiet"])
        #expect(quiet.status == 0, "\(quiet.stderr)")
        #expect(quiet.stderr.isEmpty, "\(quiet.stderr)")
        let loud = try runner.run(["mirror", "site", "--out", "out2"])
        #expect(loud.stderr.contains("mirrored 2 pages"), "\(loud.stderr)")
    }
}
