import Foundation
import SitegenBundleCore
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif
#if canImport(Glibc)
    import Glibc
#endif

@Suite(.serialized) struct ServeCommandTests {
    private let tag = Data(#"<script id="sitegen-live-reload">"#.utf8)

    /// The body with the injected live-reload script removed.
    private func withoutScript(_ body: Data) -> Data {
        guard let start = body.range(of: tag),
            let end = body.range(of: Data("</script>".utf8), in: start.lowerBound..<body.endIndex)
        else { return body }
        var out = body
        out.removeSubrange(start.lowerBound..<end.upperBound)
        return out
    }

    @Test func servesWhatResolveServesByteForByte() throws {
        let runner = try SitegenRunner.cleanSite()
        defer { runner.cleanUp() }
        #expect(try runner.run(["build", "--out", "dist"]).status == 0)
        let server = try ServeProcess(runner, ["--port", "0"])
        defer { server.stop() }
        #expect(server.port > 0, "\(server.firstLines)")
        #expect(server.firstLines.contains("serving http://127.0.0.1:\(server.port)/ (help://book)"))
        let cases: [(path: String, range: String?)] = [
            ("/", nil), ("/guide/", nil), ("/guide/install.html", nil), ("/guide/setup.html", nil),
            ("/assets/style.css", nil), ("/images/logo.svg", nil), ("/images/logo.svg", "5-14"), ("/images/logo.svg", "-7"),
            ("/images/logo.svg", "500-"), ("/missing.html", nil), ("/guide", nil),
        ]
        for (path, range) in cases {
            let served = try #require(RawHTTP.get(port: server.port, path, headers: range.map { ["Range: bytes=\($0)"] } ?? []))
            let resolveArguments = ["resolve", "dist", path, "--body"] + (range.map { ["--range", $0] } ?? [])
            let expected = try #require(RawHTTP.parseResolve(try runner.output(resolveArguments)))
            #expect(served.status == expected.status, "\(path)")
            #expect(served.header("Content-Type") == expected.header("Content-Type"), "\(path)")
            // RFC 9110 §6.6.1: a server with a clock dates its replies.
            #expect(served.header("Date")?.hasSuffix(" GMT") == true, "\(path)")
            // Pages, the 404 page among them, carry the live-reload script.
            if expected.header("Content-Type")?.hasPrefix("text/html") == true && [200, 404].contains(expected.status) {
                #expect(served.body.range(of: tag) != nil, "\(path): no live-reload script")
                #expect(withoutScript(served.body) == expected.body, "\(path)")
                #expect(Int(served.header("Content-Length") ?? "") == served.body.count)
            } else {
                #expect(served.body == expected.body, "\(path)")
                for name in ["Content-Length", "Content-Range", "ETag", "Accept-Ranges"] {
                    #expect(served.header(name) == expected.header(name), "\(path) \(name)")
                }
            }
        }
        let css = try #require(RawHTTP.get(port: server.port, "/assets/style.css"))
        let etag = try #require(css.header("ETag"))
        #expect(RawHTTP.get(port: server.port, "/assets/style.css", headers: ["If-None-Match: \(etag)"])?.status == 304)
        let head = try #require(RawHTTP.get(port: server.port, "/assets/style.css", method: "HEAD"))
        #expect(head.body.isEmpty)
        #expect(head.header("Content-Length") == css.header("Content-Length"))
        let stopped = server.stop()
        #expect(stopped.status == 0, "SIGINT stops cleanly: \(stopped.stderr)")
    }

    @Test func theTemporaryBundleGoesToTMPDIRWhenItIsSetAndIsRemovedAfter() throws {
        let runner = try SitegenRunner.cleanSite()
        defer { runner.cleanUp() }
        let scratch = runner.url("scratch")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        let server = try ServeProcess(runner, ["--port", "0"], environment: ["TMPDIR": scratch.path])
        let during = try FileManager.default.contentsOfDirectory(atPath: scratch.path)
        #expect(during.count == 1 && during.allSatisfy { $0.hasPrefix("sitegen-serve-") }, "\(during)")
        #expect(server.stop().status == 0)
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.path).isEmpty)
    }

    @Test func findingsOfTheServedBuildCountColumnsInCharacters() throws {
        let runner = try SitegenRunner.cleanSite()
        defer { runner.cleanUp() }
        try runner.write("# H\n\nNotizen für Ihr Gerät: [Einstellungen](einstelungen.md)\n", to: "Site/notes.md")
        let server = try ServeProcess(runner, ["--port", "0"])
        defer { server.stop() }
        #expect(server.firstLines.contains("Site/notes.md:3:24: error: no page 'einstelungen.md'"), "\(server.firstLines)")
    }

    /// An orphan's generated page is named by the path the browser shows, not the temporary folder.
    @Test func findingsNameGeneratedPagesByTheirServedPath() throws {
        let runner = try SitegenRunner.cleanSite()
        defer { runner.cleanUp() }
        try runner.write("# Lost\n", to: "Site/faq/lost.md")
        try runner.write("title: Clean Docs\nnav:\n  - index.md\n", to: "Site/sitegen.yml")
        let server = try ServeProcess(runner, ["--port", "0"])
        #expect(
            server.firstLines.contains(
                "Site/faq/lost.md: warning: no link reaches this page from the entry (generated /faq/lost.html) [orphan]"),
            "\(server.firstLines)")
        #expect(!server.firstLines.contains("sitegen-serve-"))
        // As `build` does, the pages the nav leaves out are named.
        let stopped = server.stop()
        #expect(
            stopped.stderr.contains(
                "note: 4 pages are not in the nav of sitegen.yml, so the sidebar does not show them: Site/faq/lost.md, "),
            "\(stopped.stderr)")
    }

    @Test(arguments: [SIGTERM, SIGHUP])
    func stopSignalsEndTheServerCleanly(signal: Int32) throws {
        let runner = try SitegenRunner.cleanSite()
        defer { runner.cleanUp() }
        let server = try ServeProcess(runner, ["--port", "0"])
        let stopped = server.stop(signal: signal)
        #expect(stopped.status == 0, "signal \(signal): \(stopped.stderr)")
    }

    /// A stop signal during the first build ends it at its next stage: no URL is printed for a
    /// server that never listens, and the temporary bundle is removed.
    @Test func aStopSignalDuringTheFirstBuildStopsWithoutServing() throws {
        let runner = try SitegenRunner()
        defer { runner.cleanUp() }
        try runner.copyFixture("Themes/minimal", to: "Templates")
        let body = String(repeating: "Words of a long page. ", count: 400)
        try runner.write("# Home\n\n" + (0..<800).map { "[p\($0)](p/\($0).md)" }.joined(separator: " "), to: "Site/index.md")
        for index in 0..<800 { try runner.write("# Page \(index)\n\n\(body)\n", to: "Site/p/\(index).md") }
        try FileManager.default.createDirectory(at: runner.url("tmp"), withIntermediateDirectories: true)
        let process = Process()
        process.executableURL = SitegenRunner.executable
        process.arguments = ["serve", "--port", "0"]
        process.currentDirectoryURL = runner.directory
        process.environment = ProcessInfo.processInfo.environment.merging(["TMPDIR": runner.url("tmp").path]) { $1 }
        let stdout = Pipe(), stderr = Pipe()
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
        // The build has started once its temporary folder exists.
        let deadline = ContinuousClock.now + .seconds(20)
        while (try? FileManager.default.contentsOfDirectory(atPath: runner.url("tmp").path))?.isEmpty ?? true,
            process.isRunning, ContinuousClock.now < deadline
        {
            usleep(5_000)
        }
        kill(process.processIdentifier, SIGTERM)
        process.waitUntilExit()
        let out = String(decoding: stdout.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let err = String(decoding: stderr.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(process.terminationStatus == 0, "\(err)")
        #expect(!out.contains("serving"), "\(out)")
        #expect(err == "stopped\n", "\(err)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: runner.url("tmp").path).isEmpty)
    }

    /// Its log's reader gone (`sitegen serve | head -2`), the server goes on serving and rebuilding.
    @Test func aClosedLogPipeDoesNotStopTheServer() throws {
        let runner = try SitegenRunner.cleanSite()
        defer { runner.cleanUp() }
        let server = try ServeProcess(runner, ["--port", "0"])
        defer { server.stop() }
        try server.stdout.fileHandleForReading.close()
        try runner.write("# Home again\n", to: "Site/index.md")
        // The rebuild's time is the machine's: asked until it shows, for as long as a busy machine needs.
        let deadline = ContinuousClock.now + .seconds(60)
        var body = ""
        while !body.contains("Home again"), server.process.isRunning, ContinuousClock.now < deadline {
            usleep(100_000)
            body = RawHTTP.get(port: server.port, "/index.html").map { String(decoding: $0.body, as: UTF8.self) } ?? ""
        }
        #expect(server.process.isRunning)
        #expect(body.contains("Home again"))
    }

    @Test func bundleModeServesTheBundleUntouched() throws {
        let runner = try SitegenRunner.cleanSite()
        defer { runner.cleanUp() }
        #expect(try runner.run(["build", "--out", "dist"]).status == 0)
        let server = try ServeProcess(runner, ["--bundle", "dist", "--port", "0"])
        defer { server.stop() }
        let served = try #require(RawHTTP.get(port: server.port, "/guide/install.html"))
        #expect(served.body == (try Data(contentsOf: runner.url("dist/guide/install.html"))))
        #expect(RawHTTP.get(port: server.port, "/_sitegen/events")?.status == 404)
    }

    /// A deploy by copying (`cp`, `rsync`) may bring the new manifest before the files it describes,
    /// with the files' old times: the old bytes are never tagged with the new hash, so a client
    /// never keeps them for good by a 304.
    @Test func bundleModeTagsEachFileWithItsOwnBytes() throws {
        let runner = try SitegenRunner.cleanSite()
        defer { runner.cleanUp() }
        #expect(try runner.run(["build", "--out", "old"]).status == 0)
        try runner.write(try runner.read("Site/guide/usage.md") + "\nA paragraph added since.\n", to: "Site/guide/usage.md")
        #expect(try runner.run(["build", "--out", "new"]).status == 0)
        try FileManager.default.copyItem(at: runner.url("old"), to: runner.url("live"))
        let server = try ServeProcess(runner, ["--bundle", "live", "--port", "0"])
        defer { server.stop() }
        // The new manifest first, older than nothing it lists.
        try FileManager.default.removeItem(at: runner.url("live/manifest.json"))
        try FileManager.default.copyItem(at: runner.url("new/manifest.json"), to: runner.url("live/manifest.json"))
        let stale = try #require(RawHTTP.get(port: server.port, "/guide/usage.html"))
        let oldBytes = try Data(contentsOf: runner.url("old/guide/usage.html"))
        #expect(stale.body == oldBytes)
        #expect(stale.header("ETag") == "\"\(SHA256.hex(oldBytes))\"")
        // Then the file: the new bytes under their own tag; the old tag no longer matches.
        try FileManager.default.removeItem(at: runner.url("live/guide/usage.html"))
        try FileManager.default.copyItem(at: runner.url("new/guide/usage.html"), to: runner.url("live/guide/usage.html"))
        let newBytes = try Data(contentsOf: runner.url("new/guide/usage.html"))
        let fresh = try #require(
            RawHTTP.get(port: server.port, "/guide/usage.html", headers: ["If-None-Match: \(stale.header("ETag") ?? "")"]))
        #expect(fresh.status == 200)
        #expect(fresh.body == newBytes)
        #expect(fresh.header("ETag") == "\"\(SHA256.hex(newBytes))\"")
    }

    @Test func bundleModeFollowsABundleRebuiltByAnotherProcess() throws {
        let runner = try SitegenRunner.cleanSite()
        defer { runner.cleanUp() }
        #expect(try runner.run(["build", "--out", "dist"]).status == 0)
        let server = try ServeProcess(runner, ["--bundle", "dist", "--port", "0"])
        defer { server.stop() }
        let oldTag = try #require(RawHTTP.get(port: server.port, "/guide/usage.html")?.header("ETag"))
        #expect(RawHTTP.get(port: server.port, "/guide/usage.html", headers: ["If-None-Match: \(oldTag)"])?.status == 304)

        /// Each path is served as `sitegen resolve` serves it from the bundle on disk now.
        func expectServedAsResolved(_ paths: [String]) throws {
            for path in paths {
                let served = try #require(RawHTTP.get(port: server.port, path))
                let expected = try #require(RawHTTP.parseResolve(try runner.output(["resolve", "dist", path, "--body"])))
                #expect(served.status == expected.status, "\(path)")
                #expect(served.body == expected.body, "\(path)")
                for name in ["Content-Length", "ETag"] {
                    #expect(served.header(name) == expected.header(name), "\(path) \(name)")
                }
            }
        }

        // A few pages changed: the build renames the new files into dist/ and its manifest last.
        try runner.write(try runner.read("Site/guide/usage.md") + "\nA paragraph added since.\n", to: "Site/guide/usage.md")
        try runner.write("# Added\n", to: "Site/guide/added.md")
        #expect(try runner.run(["build", "--out", "dist"]).status == 0)
        try expectServedAsResolved(["/guide/usage.html", "/guide/added.html", "/assets/style.css"])
        let newTag = try #require(RawHTTP.get(port: server.port, "/guide/usage.html")?.header("ETag"))
        #expect(newTag != oldTag)
        #expect(RawHTTP.get(port: server.port, "/guide/usage.html", headers: ["If-None-Match: \(oldTag)"])?.status == 200)
        #expect(RawHTTP.get(port: server.port, "/guide/usage.html", headers: ["If-None-Match: \(newTag)"])?.status == 304)

        // Without its cache the build writes a whole new folder and swaps it in for dist/.
        try FileManager.default.removeItem(at: runner.url("Site/guide/added.md"))
        for name in try FileManager.default.contentsOfDirectory(atPath: runner.directory.path)
        where name.hasPrefix(".dist.sitegen-") {
            try FileManager.default.removeItem(at: runner.url(name))
        }
        #expect(try runner.run(["build", "--out", "dist"]).status == 0)
        #expect(RawHTTP.get(port: server.port, "/guide/added.html")?.status == 404)
        try expectServedAsResolved(["/guide/usage.html", "/guide/", "/assets/style.css"])
    }

    /// The log names a changed file as the command named its folder, as findings do.
    @Test func theChangedLineNamesFilesAsTheCommandNamedTheirFolders() throws {
        let runner = try SitegenRunner()
        defer { runner.cleanUp() }
        try runner.copyFixture("Sites/clean", to: "big/Site")
        try runner.copyFixture("Themes/minimal", to: "big/Templates")
        let server = try ServeProcess(runner, ["--port", "0", "--site", "big/Site", "--templates", "big/Templates"])
        defer { server.stop() }
        try runner.write(try runner.read("big/Site/guide/usage.md") + "\nMore.\n", to: "big/Site/guide/usage.md")
        var log = ""
        let deadline = ContinuousClock.now + .seconds(20)
        while !log.contains("rebuilding"), ContinuousClock.now < deadline {
            log += String(decoding: server.stdout.fileHandleForReading.availableData, as: UTF8.self)
        }
        #expect(log.contains("changed: big/Site/guide/usage.md; rebuilding"), "\(log)")
    }

    @Test func editingMarkdownReloadsOpenPages() throws {
        let runner = try SitegenRunner.cleanSite()
        defer { runner.cleanUp() }
        let server = try ServeProcess(runner, ["--port", "0"])
        defer { server.stop() }
        let events = RawHTTP.connect(port: server.port, timeout: 1)
        defer { close(events) }
        RawHTTP.send(events, Array("GET /_sitegen/events HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".utf8))
        let hello = RawHTTP.receive(events) { String(decoding: $0, as: UTF8.self).contains(": sitegen live reload\n\n") }
        #expect(String(decoding: hello, as: UTF8.self).hasPrefix("HTTP/1.1 200 OK\r\n"))
        #expect(String(decoding: hello, as: UTF8.self).contains("Content-Type: text/event-stream"))

        let usage = try runner.read("Site/guide/usage.md")
        try runner.write(usage + "\nFreshly edited paragraph.\n", to: "Site/guide/usage.md")
        let deadline = ContinuousClock.now + .seconds(2)
        var stream = ""
        while !stream.contains("event: reload\n"), ContinuousClock.now < deadline {
            stream += String(decoding: RawHTTP.receive(events) { !$0.isEmpty }, as: UTF8.self)
        }
        #expect(stream.contains("event: reload\ndata: reload\n\n"), "\(stream)")
        let page = try #require(RawHTTP.get(port: server.port, "/guide/usage.html"))
        #expect(String(decoding: page.body, as: UTF8.self).contains("Freshly edited paragraph."))

        // A broken template keeps the last good bundle and sends the error to the page.
        try runner.write("<html>{{#unclosed}}<body>{{{content}}}</body>", to: "Templates/page.html")
        var failure = ""
        let later = ContinuousClock.now + .seconds(5)
        while !failure.contains("event: failure\n"), ContinuousClock.now < later {
            failure += String(decoding: RawHTTP.receive(events) { !$0.isEmpty }, as: UTF8.self)
        }
        #expect(failure.contains("event: failure\ndata: Templates/page.html:1:7: error:"), "\(failure)")
        let still = try #require(RawHTTP.get(port: server.port, "/guide/usage.html"))
        #expect(still.status == 200)
        #expect(String(decoding: still.body, as: UTF8.self).contains("Freshly edited paragraph."))
    }

    @Test func twoHundredConcurrentRequestsAllSucceed() async throws {
        let runner = try SitegenRunner.cleanSite()
        defer { runner.cleanUp() }
        let server = try ServeProcess(runner, ["--port", "0"])
        defer { server.stop() }
        let configuration = URLSessionConfiguration.ephemeral
        configuration.httpMaximumConnectionsPerHost = 200
        let session = URLSession(configuration: configuration)
        let paths = ["/", "/guide/", "/guide/install.html", "/assets/style.css", "/images/logo.svg"]
        let port = server.port
        let statuses = try await withThrowingTaskGroup(of: Int.self) { group in
            for index in 0..<200 {
                group.addTask {
                    let url = try #require(URL(string: "http://127.0.0.1:\(port)\(paths[index % paths.count])"))
                    let (_, response) = try await session.data(from: url)
                    return (response as? HTTPURLResponse)?.statusCode ?? 0
                }
            }
            return try await group.reduce(into: [Int]()) { $0.append($1) }
        }
        #expect(statuses.count == 200)
        #expect(statuses.allSatisfy { $0 == 200 }, "\(Dictionary(grouping: statuses, by: { $0 }).mapValues(\.count))")
    }

    @Test func malformedRequestsGet4xxAndTheServerKeepsAnswering() throws {
        let runner = try SitegenRunner.cleanSite()
        defer { runner.cleanUp() }
        let server = try ServeProcess(runner, ["--port", "0"])
        defer { server.stop() }
        // A half-open client that never finishes its head must not stall anyone.
        let slow = RawHTTP.connect(port: server.port)
        defer { close(slow) }
        RawHTTP.send(slow, Array("GET / HTTP/1.1\r\nHost: 127.".utf8))
        let requests: [(String, [UInt8], Int)] = [
            ("garbage", Array("\u{1}\u{2}garbage\r\n\r\n".utf8), 400),
            (
                "huge header",
                Array(("GET / HTTP/1.1\r\nHost: x\r\nX-Big: " + String(repeating: "a", count: 20000) + "\r\n\r\n").utf8), 431
            ),
            ("traversal", Array("GET /../../etc/passwd HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n".utf8), 404),
            (
                "encoded traversal", Array("GET /%2e%2e/%2e%2e/etc/passwd HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n".utf8),
                404
            ),
            ("no host", Array("GET / HTTP/1.1\r\n\r\n".utf8), 400),
            ("method", Array("DELETE / HTTP/1.1\r\nHost: x\r\n\r\n".utf8), 405),
            ("version", Array("GET / HTTP/3.0\r\nHost: x\r\n\r\n".utf8), 505),
        ]
        for (name, bytes, status) in requests {
            let reply = RawHTTP.exchange(port: server.port, bytes)
            let response = try #require(RawHTTP.parse(reply), "\(name): \(String(decoding: reply, as: UTF8.self))")
            #expect(response.status == status, "\(name)")
            #expect(!String(decoding: response.body, as: UTF8.self).contains("root:"), "\(name)")
            #expect(RawHTTP.get(port: server.port, "/assets/style.css")?.status == 200, "after \(name)")
        }
        // Keep-alive and pipelining: two requests on one connection, answered in order.
        let fd = RawHTTP.connect(port: server.port)
        defer { close(fd) }
        RawHTTP.send(
            fd,
            Array(
                "GET /assets/style.css HTTP/1.1\r\nHost: x\r\n\r\nGET /missing HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"
                    .utf8))
        let both = String(decoding: RawHTTP.receive(fd), as: UTF8.self)
        #expect(both.hasPrefix("HTTP/1.1 200 OK\r\n"))
        #expect(both.contains("HTTP/1.1 404 Not Found\r\n"))
    }

    @Test func portInUseIsOneLineAndExitTwo() throws {
        let runner = try SitegenRunner.cleanSite()
        defer { runner.cleanUp() }
        let first = try ServeProcess(runner, ["--port", "0"])
        defer { first.stop() }
        let run = try runner.run(["serve", "--port", String(first.port)])
        #expect(run.status == 2)
        #expect(
            run.stderr.hasSuffix(
                "error: cannot listen on 127.0.0.1:\(first.port): the port is in use (try another --port, or --port 0)\n"),
            "\(run.stderr)")
        #expect(!run.stdout.contains("serving"))
        // Found before the site is built: nothing is built for a server that cannot start.
        #expect(!run.stdout.contains("built"), "\(run.stdout)")
        #expect(run.stderr.split(separator: "\n").count == 1, "\(run.stderr)")
    }

    /// `--host ::1` listens on the IPv6 loopback only, and says so in a URL a browser takes.
    @Test(arguments: ["::1", "[::1]"])
    func listensOnTheIPv6Loopback(host: String) throws {
        guard RawHTTP.hasIPv6Loopback else {
            print("skipped: this machine cannot listen on ::1 (IPv6 is off)")
            return
        }
        let runner = try SitegenRunner.cleanSite()
        defer { runner.cleanUp() }
        let server = try ServeProcess(runner, ["--host", host, "--port", "0"])
        defer { server.stop() }
        #expect(server.firstLines.contains("serving http://[::1]:\(server.port)/"), "\(server.firstLines)")
        let fd = RawHTTP.connectIPv6(port: server.port)
        try #require(fd >= 0)
        defer { close(fd) }
        RawHTTP.send(fd, Array("GET /index.html HTTP/1.1\r\nHost: [::1]:\(server.port)\r\nConnection: close\r\n\r\n".utf8))
        let reply = try #require(RawHTTP.parse(RawHTTP.receive(fd)))
        #expect(reply.status == 200)
        #expect(reply.header("content-type") == "text/html; charset=utf-8")
        // IPv6 only: the IPv4 loopback is not answered on that port.
        let v4 = RawHTTP.connect(port: server.port, timeout: 1)
        defer { close(v4) }
        RawHTTP.send(v4, Array("GET / HTTP/1.1\r\nHost: x\r\n\r\n".utf8))
        #expect(RawHTTP.receive(v4).isEmpty)
    }

    @Test(arguments: [
        (
            ["--host", "0.0.0.0", "--port", "0"],
            "error: --host '0.0.0.0' is not a loopback address; the preview listens on 127.x.x.x or ::1 only\n"
        ),
        (
            ["--host", "localhost", "--port", "0"],
            "error: --host 'localhost': give a loopback address, 127.0.0.1 or ::1, not a name\n"
        ),
        (
            ["--host", "::2", "--port", "0"],
            "error: --host '::2' is not a loopback address; the preview listens on 127.x.x.x or ::1 only\n"
        ),
        (
            ["--host", "127.0.0.01", "--port", "0"],
            "error: --host '127.0.0.01' is not an address the system takes: write each number without leading zeros, up to 255 (127.0.0.1)\n"
        ),
        (["--port", "70000"], "error: --port '70000' is not a port number (0-65535) (see 'sitegen serve --help')\n"),
        (
            ["--site", "Site", "--bundle", "dist"],
            "error: give either --site or --bundle, not both (see 'sitegen serve --help')\n"
        ),
    ])
    func badOptionsExitTwo(arguments: [String], message: String) throws {
        let runner = try SitegenRunner.cleanSite()
        defer { runner.cleanUp() }
        let run = try runner.run(["serve"] + arguments)
        #expect(run.status == 2)
        #expect(run.stderr == message)
    }
}
