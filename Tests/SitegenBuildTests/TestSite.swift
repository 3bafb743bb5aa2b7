import Foundation
import SitegenCore
import Testing

@testable import SitegenBuild

/// A site written into a temporary folder, with the minimal fixture theme (or the default theme of
/// the repository's `Templates/`), built in process.
struct TestSite {
    let root: URL

    init(_ files: [String: String], defaultTheme: Bool = false) throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("sitegen-build-\(UUID().uuidString)")
        let tests = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        let theme =
            defaultTheme
            ? tests.deletingLastPathComponent().appendingPathComponent("Templates")
            : tests.appendingPathComponent("Fixtures/Themes/minimal")
        try FileManager.default.createDirectory(at: root.appendingPathComponent("Site"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: theme, to: root.appendingPathComponent("Templates"))
        for (path, text) in files { try write(text, to: path) }
    }

    func write(_ text: String, to path: String) throws {
        let url = root.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    var options: BuildOptions { BuildOptions(site: "Site", templates: "Templates", output: "dist", workingDirectory: root) }

    func build() async throws(InputError) -> BuildOutcome {
        try await SiteBuilder(options: options).build()
    }

    func staged(_ outcome: BuildOutcome, _ path: String) throws -> String {
        String(decoding: try Data(contentsOf: outcome.staged.directory.appendingPathComponent(path)), as: UTF8.self)
    }

    func remove() { try? FileManager.default.removeItem(at: root) }

    /// Builds, expecting the input error `expected` (its start, with `prefix`) and nothing written
    /// beside the site and templates: no bundle, no staging folder, no cache.
    func expectInputError(_ expected: String, prefix: Bool = false, sourceLocation: Testing.SourceLocation = #_sourceLocation)
        async
    {
        do {
            let outcome = try await build()
            outcome.staged.discard()
            Issue.record("expected an input error", sourceLocation: sourceLocation)
        } catch {
            let matches = prefix ? error.description.hasPrefix(expected) : error.description == expected
            #expect(matches, "\(error.description)", sourceLocation: sourceLocation)
        }
        let written = (try? FileManager.default.contentsOfDirectory(atPath: root.path)) ?? []
        #expect(written.sorted() == ["Site", "Templates"], "nothing is written", sourceLocation: sourceLocation)
    }
}
