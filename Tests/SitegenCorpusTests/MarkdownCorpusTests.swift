import Foundation
import SitegenCorpus
import Testing

@Suite struct MarkdownCorpusTests {
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    func scratch() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("sitegen-corpus-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// Every regular file below `root` with its bytes.
    func snapshot(_ root: URL) throws -> [String: Data] {
        var files: [String: Data] = [:]
        let prefix = root.standardizedFileURL.path.count + 1
        let enumerator = FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isRegularFileKey])
        while let file = enumerator?.nextObject() as? URL {
            guard (try? file.resourceValues(forKeys: [.isRegularFileKey]))?.isRegularFile == true else { continue }
            files[String(file.standardizedFileURL.path.dropFirst(prefix))] = try Data(contentsOf: file)
        }
        return files
    }

    @Test func theSameSeedGivesTheSameBytes() throws {
        let root = try scratch()
        defer { try? FileManager.default.removeItem(at: root) }
        let first = try MarkdownCorpus.write(pages: 120, seed: 7, to: root.appendingPathComponent("a"))
        let second = try MarkdownCorpus.write(pages: 120, seed: 7, to: root.appendingPathComponent("b"))
        _ = try MarkdownCorpus.write(pages: 120, seed: 8, to: root.appendingPathComponent("c"))
        let a = try snapshot(root.appendingPathComponent("a"))
        #expect(a == (try snapshot(root.appendingPathComponent("b"))))
        #expect(a != (try snapshot(root.appendingPathComponent("c"))))
        #expect(first.faults == second.faults)
        #expect(a.keys.filter { $0.hasSuffix(".md") }.count == 120)
        #expect(a.values.reduce(0) { $0 + $1.count } == first.totalBytes)
    }

    @Test func pagesLookLikeDocumentation() throws {
        let root = try scratch()
        defer { try? FileManager.default.removeItem(at: root) }
        let summary = try MarkdownCorpus.write(pages: 300, to: root)
        #expect(summary.pages == 300)
        #expect(summary.faults.count == 6)
        let files = try snapshot(root)
        #expect(files["sitegen.yml"] != nil && files["index.md"] != nil && files["images/diagram-1.svg"] != nil)
        let leaves = files.filter { $0.key.hasSuffix(".md") && !$0.key.hasSuffix("index.md") }
        #expect(leaves.count > 250)
        for (path, data) in leaves {
            let text = String(decoding: data, as: UTF8.self)
            #expect((3_000...6_600).contains(data.count), "\(path): \(data.count) bytes")
            #expect(text.hasPrefix("---\ntitle: "), "\(path)")
            #expect(text.contains("\n## "), "\(path)")
            let links = text.components(separatedBy: "](").count - text.components(separatedBy: "![").count
            #expect((5...16).contains(links), "\(path): \(links) links")
        }
        #expect(leaves.values.contains { String(decoding: $0, as: UTF8.self).contains("```swift\n") })
        #expect(leaves.values.contains { String(decoding: $0, as: UTF8.self).contains("](../../images/diagram-") })
    }

    @Test func tooFewPagesIsAnError() throws {
        let root = try scratch()
        defer { try? FileManager.default.removeItem(at: root) }
        #expect(throws: (any Error).self) { try MarkdownCorpus.write(pages: MarkdownCorpus.minimumPages - 1, to: root) }
    }

    /// The built `sitegen` binary reports exactly the injected faults at their Markdown positions.
    @Test func sitegenBuildReportsExactlyTheInjectedFaults() throws {
        let root = try scratch()
        defer { try? FileManager.default.removeItem(at: root) }
        let summary = try MarkdownCorpus.write(pages: 200, seed: 3, to: root.appendingPathComponent("Site"))
        #expect(summary.faults.count == 4)
        #expect(Set(summary.faults.map(\.rule.rawValue)) == ["broken-link", "broken-fragment"])
        let process = Process()
        process.executableURL = Self.sitegen
        process.arguments = ["build", "--templates", Self.packageRoot.appendingPathComponent("Templates").path]
        process.currentDirectoryURL = root
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let output =
            String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            + String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 1, "\(output)")
        let findings = output.split(separator: "\n").compactMap { line -> String? in
            guard line.contains(": error: ") || line.contains(": warning: "), let rule = line.split(separator: " ").last
            else { return nil }
            let place = line.prefix { $0 != " " }.dropLast()
            return "\(place) \(rule)"
        }
        #expect(findings.sorted() == summary.faults.map { $0.located(under: "Site/") }.sorted(), "\(output)")
    }

    static let sitegen: URL = {
        let beside = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for directory in [beside, beside.deletingLastPathComponent(), packageRoot.appendingPathComponent(".build/debug")] {
            let candidate = directory.appendingPathComponent("sitegen")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        return packageRoot.appendingPathComponent(".build/debug/sitegen")
    }()
}
