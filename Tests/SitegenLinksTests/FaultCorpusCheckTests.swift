import Foundation
import SitegenBundle
import SitegenCorpus
import SitegenLinks
import Testing

/// The checker against the ground truth: on a generated tree it reports exactly the injected faults.
@Suite struct FaultCorpusCheckTests {
    @Test(arguments: [(300, UInt64(1)), (300, UInt64(42)), (60, UInt64(3))])
    func reportsExactlyTheInjectedFaults(pages: Int, seed: UInt64) async throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("fault-check-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let manifest = try HTMLFaultCorpus.write(pages: pages, seed: seed, to: root)
        let resolver = try SchemeResolver(bundle: root)
        let checker = LinkChecker(fetcher: ResolverFetcher(resolver: resolver), options: CheckOptions(external: .warn))
        let report = await checker.check(entries: [resolver.entryURL])
        let found = report.findings.map {
            HTMLFaultCorpus.ExpectedFinding(
                file: $0.diagnostic.location?.path ?? "", line: $0.diagnostic.location?.line ?? 0,
                rule: $0.diagnostic.rule.rawValue)
        }.sorted()
        let missing = Set(manifest.findings).subtracting(found).sorted()
        let extra = Set(found).subtracting(manifest.findings).sorted()
        #expect(missing.isEmpty, "missed: \(missing)")
        #expect(extra.isEmpty, "unexpected: \(extra.prefix(20))")
        #expect(found == manifest.findings)
        // The orphans are crawled too, for their links.
        #expect(report.pages == manifest.pages)
    }
}
