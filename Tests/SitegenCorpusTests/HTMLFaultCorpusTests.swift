import Foundation
import SitegenCorpus
import Testing

@Suite struct HTMLFaultCorpusTests {
    private func scratch() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("fault-corpus-\(UUID().uuidString)")
    }

    private func tree(_ root: URL) throws -> [String: Data] {
        var files: [String: Data] = [:]
        let enumerator = FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isRegularFileKey])
        while let file = enumerator?.nextObject() as? URL {
            guard (try? file.resourceValues(forKeys: [.isRegularFileKey]))?.isRegularFile == true else { continue }
            files[String(file.path.dropFirst(root.path.count + 1))] = try Data(contentsOf: file)
        }
        return files
    }

    @Test func sameSeedGivesTheSameTreeAndOtherSeedsDiffer() throws {
        let a = scratch(), b = scratch(), c = scratch()
        defer { for url in [a, b, c] { try? FileManager.default.removeItem(at: url) } }
        let first = try HTMLFaultCorpus.write(pages: 120, seed: 7, to: a)
        let second = try HTMLFaultCorpus.write(pages: 120, seed: 7, to: b)
        let third = try HTMLFaultCorpus.write(pages: 120, seed: 8, to: c)
        #expect(first == second)
        #expect(try tree(a) == tree(b))
        #expect(try tree(a) != tree(c))
        #expect(first.findings != third.findings)
    }

    @Test(arguments: [20, 300, 1_000])
    func injectsTheAnnouncedFaultsPerRule(pages: Int) throws {
        let root = scratch()
        defer { try? FileManager.default.removeItem(at: root) }
        let manifest = try HTMLFaultCorpus.write(pages: pages, to: root)
        let perRule = HTMLFaultCorpus.faultsPerRule(pages: pages)
        #expect(manifest.pages == pages)
        #expect(manifest.countsByRule == Dictionary(uniqueKeysWithValues: HTMLFaultCorpus.rules.map { ($0, perRule) }))
        let files = try tree(root)
        #expect(files.keys.filter { $0.hasSuffix(".html") }.count == pages)
        #expect(files.count == manifest.files + 1)
        let stored = try JSONDecoder().decode(
            HTMLFaultCorpus.Manifest.self, from: try #require(files[HTMLFaultCorpus.findingsFileName]))
        #expect(stored == manifest)
    }

    @Test func findingLinesHoldTheFault() throws {
        let root = scratch()
        defer { try? FileManager.default.removeItem(at: root) }
        let manifest = try HTMLFaultCorpus.write(pages: 300, to: root)
        let marks = [
            "broken-link": "missing-page-", "broken-fragment": "#gone-section-", "escapes-root": "shared/logo-",
            "file-url": "file:///", "invalid-url": "exa mple", "directory-no-slash": "the first topic",
            "absolute-path": "href=\"/", "duplicate-id": "Another note", "external-link": "https://example.org/",
            "case-mismatch": "a permalink",
        ]
        for finding in manifest.findings {
            let lines = String(decoding: try Data(contentsOf: root.appendingPathComponent(finding.file)), as: UTF8.self)
                .split(separator: "\n", omittingEmptySubsequences: false)
            if finding.rule == "orphan" {
                #expect(finding.line == 0 && finding.file.contains("/old-"))
                continue
            }
            let mark = try #require(marks[finding.rule])
            #expect(lines[finding.line - 1].contains(mark), "\(finding.file):\(finding.line) \(finding.rule)")
        }
    }

    @Test func pagesAreRealisticInSizeAndLinks() throws {
        let root = scratch()
        defer { try? FileManager.default.removeItem(at: root) }
        _ = try HTMLFaultCorpus.write(pages: 200, to: root)
        let pages = try tree(root).filter { $0.key.hasSuffix(".html") }
        let sizes = pages.values.map(\.count).sorted()
        #expect(sizes[sizes.count / 2] >= 2_500 && sizes[sizes.count / 2] <= 7_000)
        let leaf = String(decoding: try #require(pages["s0/t1/p2.html"]), as: UTF8.self)
        #expect(leaf.contains("href=\"../../assets/css/site.css?v=3\""))
        #expect(leaf.contains("srcset="))
        #expect(leaf.components(separatedBy: "<a href=\"").count - 1 >= 5)
    }
}
