import Foundation
import SitegenCore
import Testing

@testable import SitegenBuild

@Suite struct BuildCacheTests {
    private static func pages(_ count: Int) -> [String: String] {
        var files = ["Site/index.md": "# Home\n\n[first](guide/page-0.md)\n"]
        for index in 0..<count {
            files["Site/guide/page-\(index).md"] =
                "# Page \(index)\n\n## Part \(index)\n\n[next](page-\((index + 1) % count).md#part-\((index + 1) % count))\n"
        }
        return files
    }

    /// Builds, commits and saves the cache as `sitegen build` does.
    private func buildAndSave(_ site: TestSite) async throws -> BuildOutcome {
        let outcome = try await site.build()
        try outcome.commitBundle()
        outcome.saveCache(
            crawl: BuildCache.CachedCrawl(findings: [], pages: 0, assets: 0, linksChecked: 0),
            into: outcome.startSavingCache())
        return outcome
    }

    private func savedCache(_ site: TestSite) throws -> BuildCache {
        try #require(BuildCache.load(for: site.options.outputDirectory))
    }

    /// The records as a fresh encoding writes them, in the same order, whatever bytes they came from.
    private func freshHead(_ cache: BuildCache) -> [UInt8] {
        var cache = cache
        cache.readBytes = nil
        cache.memoGeneration = 0
        cache.manifestFingerprint = 0
        for path in Array(cache.pages.keys) { cache.pages[path]?.encoded = nil }
        var bytes: [UInt8] = []
        cache.encodeHead { bytes += $0 }
        return bytes
    }

    @Test func recordsWrittenBackFromTheBytesTheyWereReadFromReadTheSame() async throws {
        let site = try TestSite(Self.pages(40))
        defer { site.remove() }
        _ = try await buildAndSave(site)
        let first = try savedCache(site)
        #expect(first.pages.count == 41)
        #expect(first.pages.values.allSatisfy { $0.encoded != nil })

        try site.write("# Page 7, edited\n\n## Part 7\n\n[home](../index.md)\n", to: "Site/guide/page-7.md")
        let rebuilt = try await buildAndSave(site)
        // Every record but the edited page's is written from the previous file's bytes.
        let reused = rebuilt.cache.pages.values.filter { $0.encoded != nil }.count
        #expect(reused == 40)
        let incremental = try savedCache(site)
        #expect(incremental.pages[SitePath(unchecked: "guide/page-7.md")]?.page.title == "Page 7, edited")

        let clean = try TestSite(Self.pages(40))
        defer { clean.remove() }
        try clean.write("# Page 7, edited\n\n## Part 7\n\n[home](../index.md)\n", to: "Site/guide/page-7.md")
        _ = try await buildAndSave(clean)
        let fresh = try savedCache(clean)
        #expect(incremental.pages.count == fresh.pages.count)
        for (path, record) in fresh.pages {
            let other = try #require(incremental.pages[path])
            #expect(other.page.title == record.page.title)
            #expect(other.fingerprint == record.fingerprint)
            #expect(other.page.anchorIDs == record.page.anchorIDs)
            #expect(other.findings == record.findings)
        }
        #expect(Set(incremental.outputs.keys) == Set(fresh.outputs.keys))
        #expect(incremental.outputs.allSatisfy { fresh.outputs[$0.key]?.sha256 == $0.value.sha256 })
    }

    @Test func aCacheWithoutItsReadBytesIsStillWrittenWhole() async throws {
        let site = try TestSite(Self.pages(12))
        defer { site.remove() }
        _ = try await buildAndSave(site)
        let loaded = try savedCache(site)
        var detached = loaded
        detached.readBytes = nil
        // Written from the bytes it was read from, or record by record: the same file.
        var fromRuns: [UInt8] = []
        loaded.encodeHead { fromRuns += $0 }
        var fromRecords: [UInt8] = []
        detached.encodeHead { fromRecords += $0 }
        let sameBytes = fromRuns == fromRecords
        #expect(sameBytes)
        loaded.encodeCrawl { fromRuns += $0 }
        var reader = ByteReader(fromRuns)
        let decoded = BuildCache(reading: &reader)
        let reread = try #require(decoded, "the cache written from runs does not read back")
        let sameContent = freshHead(reread) == freshHead(loaded)
        #expect(sameContent)
    }
}
