import Foundation
import Testing

/// On Linux, FoundationNetworking links libcurl and some thirty libraries behind it, which a program
/// loads at every start (7 of the 13 ms `sitegen --version` took): the executable must not link it.
/// Nor libxml2, which brings the system ICU, liblzma and libz (1 ms a start): the HTML tokenizer has
/// its own table of named character references.
@Suite struct ExecutableLinkTests {
    @Test func theExecutableLinksNoFoundationNetworkingNorLibxml2() throws {
        let ldd = URL(fileURLWithPath: "/usr/bin/ldd")
        guard FileManager.default.isExecutableFile(atPath: ldd.path) else {
            print("skipped: no /usr/bin/ldd to list what sitegen links")
            return
        }
        let process = Process()
        process.executableURL = ldd
        process.arguments = [SitegenRunner.executable.path]
        let out = Pipe()
        process.standardOutput = out
        process.standardError = Pipe()
        try process.run()
        let listing = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(listing.contains("libcmark"), "ldd listed: \(listing)")
        #expect(!listing.contains("FoundationNetworking"))
        #expect(!listing.contains("libcurl"))
        #expect(!listing.contains("libxml2"))
        #expect(!listing.contains("libicu"))
    }
}
