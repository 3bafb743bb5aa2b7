import Foundation
import SitegenCore

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
}
