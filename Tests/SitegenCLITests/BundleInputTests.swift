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

extension BundleInputTests {
    @Test func nfcAndNFDLinksReachTheirOwnFiles() throws {
        let runner = try SitegenRunner()
        defer { runner.cleanUp() }
        try runner.write("<p id=\"nfc\">nfc</p>", to: "h5/caf\u{E9}.html")
        try runner.write("<p id=\"nfd\">nfd</p>", to: "h5/cafe\u{301}.html")
        try runner.write(
            "<a href=\"caf%C3%A9.html#nfc\">c</a> <a href=\"cafe%CC%81.html#nfd\">d</a>", to: "h5/index.html")
        let nfd = try runner.run(["resolve", "h5", "cafe%CC%81.html", "--body"])
        #expect(nfd.stdout.hasSuffix("\n\n<p id=\"nfd\">nfd</p>"))
        let check = try runner.run(["check", "h5"])
        // The crawl tells them apart too: three pages, each link reaching its own file's id.
        #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
        #expect(check.stderr.contains("crawled 3 pages") || check.stdout.contains("crawled 3 pages"), "\(check.stdout)")
    }
}

extension BundleInputTests {
    @Test(arguments: [
        ("localhost", "error: --host 'localhost': give a loopback address, 127.0.0.1 or ::1, not a name\n"),
        ("::2", "error: --host '::2' is not a loopback address; the preview listens on 127.x.x.x or ::1 only\n"),
    ])
    func serveRefusesLoopbackItCannotListenOnTruthfully(host: String, message: String) throws {
        let runner = try SitegenRunner()
        defer { runner.cleanUp() }
        let run = try runner.run(["serve", "--bundle", ".", "--host", host, "--port", "0"])
        #expect(run.status == 2)
        #expect(run.stderr == message)
    }
}

extension BundleInputTests {
    @Test func aReversedResourceListIsRefusedByEveryReader() throws {
        let runner = try SitegenRunner()
        defer { runner.cleanUp() }
        try runner.copyFixture("Sites/clean", to: "Site")
        try runner.copyFixture("Themes/minimal", to: "Templates")
        #expect(try runner.run(["build"]).status == 0)
        let text = try runner.read("dist/manifest.json")
        var root = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        root["resources"] = Array(try #require(root["resources"] as? [Any]).reversed())
        try JSONSerialization.data(withJSONObject: root).write(to: runner.url("dist/manifest.json"))
        for arguments in [["verify", "dist"], ["resolve", "dist", "index.html"], ["check", "dist"]] {
            let run = try runner.run(arguments)
            #expect(run.status == 2, "\(arguments)")
            #expect(run.stderr.contains("resources are not sorted by url"), "\(arguments): \(run.stderr)")
            #expect(run.stderr.split(separator: "\n").count == 1, "\(arguments): \(run.stderr)")
        }
    }
}

extension BundleInputTests {
    @Test func aLineBreakInAMIMETypeIsRefusedNotPrintedAsAHeader() throws {
        let runner = try SitegenRunner()
        defer { runner.cleanUp() }
        let sha = String(repeating: "ab", count: 32)
        try runner.write("a", to: "b/a.txt")
        try runner.write(
            """
            {"format": "sitegen-bundle", "version": 1, "generator": "t", "origin": "docs://app",
             "entry": "docs://app/a.txt", "aliases": [], "resources": [{"url": "docs://app/a.txt", "file": "a.txt",
             "mimeType": "text/plain\\r\\nX-Injected: 1", "size": 1, "sha256": "\(sha)"}]}
            """, to: "b/manifest.json")
        let run = try runner.run(["resolve", "b", "a.txt"])
        #expect(run.status == 2)
        #expect(!run.stdout.contains("X-Injected"))
        #expect(run.stderr.split(separator: "\n").count == 1)
        #expect(
            run.stderr.contains("resources[0].mimeType 'text/plain\\r\\nX-Injected: 1' is not a MIME type without parameters"))
    }
}

extension BundleInputTests {
    @Test func aTrailingCommaInTheManifestIsRefusedByEveryReader() throws {
        let runner = try SitegenRunner()
        defer { runner.cleanUp() }
        try runner.copyFixture("Sites/clean", to: "Site")
        try runner.copyFixture("Themes/minimal", to: "Templates")
        #expect(try runner.run(["build"]).status == 0)
        let text = try runner.read("dist/manifest.json")
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let closing = try #require(lines.lastIndex(of: "  ],"))
        try runner.write(text.replacingOccurrences(of: "    }\n  ],", with: "    },\n  ],"), to: "dist/manifest.json")
        for arguments in [["verify", "dist"], ["resolve", "dist", "index.html"]] {
            let run = try runner.run(arguments)
            #expect(run.status == 2, "\(arguments)")
            #expect(
                run.stderr.contains("manifest: not valid JSON: a trailing comma at line \(closing), column 6 (before ']')"),
                "\(arguments): \(run.stderr)")
            #expect(run.stderr.split(separator: "\n").count == 1, "\(arguments): \(run.stderr)")
        }
    }
}

extension BundleInputTests {
    /// A line break, ESC or NUL in a value of the manifest is printed escaped: no forged line.
    @Test func verifyPrintsManifestValuesOnOneLineEach() throws {
        let runner = try SitegenRunner()
        defer { runner.cleanUp() }
        let sha = String(repeating: "ab", count: 32)
        func manifest(url: String, file: String) -> String {
            """
            {"format": "sitegen-bundle", "version": 1, "generator": "t", "origin": "docs://app",
             "entry": "docs://app/\(url)", "aliases": [], "resources": [{"url": "docs://app/\(url)",
             "file": "\(file)", "mimeType": "text/plain", "textEncoding": "utf-8", "size": 1, "sha256": "\(sha)"}]}
            """
        }
        try runner.write(manifest(url: "a.txt", file: #"../x\nmt/: bundle matches its manifest\n"#), to: "b/manifest.json")
        let refused = try runner.run(["verify", "b"])
        #expect(refused.status == 2)
        #expect(
            refused.stderr
                == #"b/manifest.json: error: manifest: resources[0].file '../x\nmt/: bundle matches its manifest\n' holds a line break or another control character, which no bundle's file name has"#
                + "\n")
        #expect(refused.stdout.isEmpty)
        // `resolve` names the manifest too, as `verify` and `check` do.
        let unresolved = try runner.run(["resolve", "b", "docs://app/a.txt"])
        #expect(unresolved.status == 2)
        #expect(unresolved.stderr.hasPrefix("b/manifest.json: error: manifest: "), "\(unresolved.stderr)")

        try runner.write(
            manifest(url: "x%0Amt/%1B%5B2J.txt", file: #"x\nmt/\u001b[2J.txt"#), to: "b/manifest.json")
        let controls = try runner.run(["verify", "b"])
        #expect(controls.status == 2, "\(controls.stderr)")
        #expect(
            controls.stderr
                == #"b/manifest.json: error: manifest: resources[0].file 'x\nmt/\u{1B}[2J.txt' holds a line break or another control character, which no bundle's file name has"#
                + "\n")

        // Names on disk are the bundle's, escaped all the same, line separators included.
        try runner.write(manifest(url: "a.txt", file: "a.txt"), to: "b/manifest.json")
        try runner.write("a", to: "b/a.txt")
        try runner.write("x", to: "b/x\u{2028}mt\u{1B}[2J.txt")
        let extra = try runner.run(["verify", "b"])
        #expect(extra.status == 1, "\(extra.stderr)")
        #expect(
            extra.stdout.split(separator: "\n").first
                == #"b/x\u{2028}mt\u{1B}[2J.txt: error: in the bundle but not in the manifest"#)
    }
}
