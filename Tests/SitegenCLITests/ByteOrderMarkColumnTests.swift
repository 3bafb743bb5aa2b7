import Foundation
import Testing

/// A UTF-8 byte order mark starts a file but is no character of its first line: columns count from
/// after it, as editors show them.
@Suite struct ByteOrderMarkColumnTests {
    @Test func columnsOnTheFirstLineDoNotCountTheMark() throws {
        let runner = try SitegenRunner()
        defer { runner.cleanUp() }
        let mark = "\u{FEFF}"
        try runner.write(mark + "<a href=\"nope.html\">x</a>\n<a href=\"nope2.html\">x</a>\n", to: "m/index.html")
        try runner.write(mark + "b { background: url(bom.png) }", to: "m/t.css")
        try runner.write("<link rel=stylesheet href=t.css><a href=index.html>i</a>", to: "m/e.html")
        let run = try runner.run(["check", "m", "--entry", "e.html", "--format", "github"])
        let places = run.stdout.split(separator: "\n").filter { $0.contains("line=") }.map { line in
            line.split(separator: ",").filter { $0.hasPrefix("line=") || $0.hasPrefix("col=") }.joined(separator: ",")
        }
        #expect(places == ["line=1,col=4", "line=2,col=4", "line=1,col=17"], "\(run.stdout)")
    }
}
