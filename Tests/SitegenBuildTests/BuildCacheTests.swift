import Foundation
import SitegenCore
import SitegenMarkdown
import Testing

@testable import SitegenBuild

@Suite struct BuildCacheTests {
    /// The cache's checksum is one value however its bytes were cut into pieces when written, and
    /// another for one byte changed.
    @Test func theStreamFingerprintIgnoresHowTheBytesAreCut() {
        var generator = SystemRandomNumberGenerator()
        let bytes = (0..<1000).map { _ in UInt8.random(in: 0...255, using: &generator) }
        var whole = StreamFingerprint()
        whole.add(bytes)
        for _ in 0..<50 {
            var cuts = (0..<Int.random(in: 0...12, using: &generator)).map { _ in
                Int.random(in: 0...bytes.count, using: &generator)
            }
            cuts = ([0] + cuts + [bytes.count]).sorted()
            var pieces = StreamFingerprint()
            for (start, end) in zip(cuts, cuts.dropFirst()) { pieces.add(bytes[start..<end]) }
            #expect(pieces.bytes == whole.bytes, "\(cuts)")
        }
        var byteByByte = StreamFingerprint()
        for byte in bytes { byteByByte.add(CollectionOfOne(byte)) }
        #expect(byteByByte.bytes == whole.bytes)
        // A byte of each of the four lanes, and of the tail that fills no block.
        for index in [0, 7, 8, 15, 16, 23, 24, 31, 32, 500, 991, 992, 999] {
            var damaged = bytes
            damaged[index] ^= 0x01
            var other = StreamFingerprint()
            other.add(damaged)
            #expect(other.bytes != whole.bytes, "byte \(index)")
        }
        var shorter = StreamFingerprint()
        shorter.add(bytes.dropLast())
        #expect(shorter.bytes != whole.bytes)
    }

    private static func pages(_ count: Int) -> [String: String] {
        var files = ["Site/index.md": "# Home\n\n[first](guide/page-0.md)\n"]
        for index in 0..<count {
            files["Site/guide/page-\(index).md"] =
                "# Page \(index)\n\n## Part \(index)\n\n[next](page-\((index + 1) % count).md#part-\((index + 1) % count))\n"
        }
        return files
    }

    /// Builds, commits and saves the cache as `sitegen build` does; `detailsSlack` as `BuildCache`'s.
    private func buildAndSave(_ site: TestSite, detailsSlack: Int = 1 << 20) async throws -> BuildOutcome {
        var outcome = try await site.build()
        outcome.cache.detailsSlack = detailsSlack
        try outcome.commitBundle()
        outcome.saveCache(
            crawl: BuildCache.CachedCrawl(findings: [], pages: 0, assets: 0, linksChecked: 0),
            into: outcome.startSavingCache())
        return outcome
    }

    private func savedCache(_ site: TestSite) throws -> BuildCache {
        try #require(BuildCache.load(for: site.options.outputDirectory))
    }

    /// The records as a fresh encoding writes them, in the same order, whatever bytes they came from
    /// (their details go on referring to the same ranges of the same file).
    private func freshHead(_ cache: BuildCache, output: URL) throws -> [UInt8] {
        var cache = cache
        cache.readBytes = nil
        cache.memoGeneration = 0
        cache.manifestFingerprint = 0
        for path in Array(cache.pages.keys) { cache.pages[path]?.encoded = nil }
        let details = try #require(DetailsWriter(for: output, previous: cache.details, live: cache.detailsLive))
        var bytes: [UInt8] = []
        cache.encodeHead(details: details) { bytes += $0 }
        return bytes
    }

    /// Fingerprints as eight fixed bytes, and strings read, or passed over and compared where they lie.
    @Test func bytesReadBackAsWritten() throws {
        var writer = ByteWriter()
        let long = String(repeating: "guide/section/", count: 20) + "caf\u{E9}.md"
        writer.string(long)
        writer.fixed(0xFEDC_BA98_7654_3210)
        writer.string("short")
        writer.fixed(0)
        var reader = ByteReader(writer.bytes)
        let (longRange, fingerprint) = (reader.lengthPrefixed(), reader.fixed())
        let (short, zero, atEnd, beyond) = (reader.lengthPrefixed(), reader.fixed(), reader.isAtEnd, reader.fixed())
        #expect(fingerprint == 0xFEDC_BA98_7654_3210 && zero == 0 && atEnd && beyond == nil)
        let (shortRange, wholeLong) = (try #require(short), try #require(longRange))
        #expect(reader.bytes(in: shortRange, equal: "short") && !reader.bytes(in: shortRange, equal: "shore"))
        #expect(reader.bytes(in: wholeLong, equal: long) && !reader.bytes(in: wholeLong, equal: String(long.dropLast())))
        var again = ByteReader(writer.bytes)
        let readAgain = again.string()
        #expect(readAgain == long)
        var cut = ByteReader(writer.bytes, range: 0..<(writer.bytes.count - 3))
        let (cutFirst, cutFixed, cutShort, cutLast) = (cut.string(), cut.fixed(), cut.lengthPrefixed(), cut.fixed())
        #expect(cutFirst == long && cutFixed != nil && cutShort != nil && cutLast == nil)
        #expect(FixedWidth.number(FixedWidth.bytes(of: 0x0102_0304_0506_0708), at: 0) == 0x0102_0304_0506_0708)
        #expect(FixedWidth.bytes(of: 0x0102_0304_0506_0708) == [8, 7, 6, 5, 4, 3, 2, 1])
    }

    /// The record of a page of the site at `source`, titled `title`.
    private func record(_ source: String, _ title: String) -> BuildCache.PageRecord {
        let path = SitePath(unchecked: source)
        let page = Page(
            source: path, output: path.replacingExtension(with: "html"), meta: PageMeta(), title: title,
            body: RenderedMarkdown(html: "", title: nil, headings: [], links: []), displayPath: "Site/" + source,
            anchorIDs: [])
        return BuildCache.PageRecord(modified: 1, size: 2, fingerprint: 3, page: page, warnings: [], findings: [])
    }

    /// A rebuild's records share the previous cache's and hold what it replaced, added or dropped.
    @Test func pageRecordsOverTheirPreviousOnes() {
        let (a, b, c) = (SitePath(unchecked: "a.md"), SitePath(unchecked: "b.md"), SitePath(unchecked: "c.md"))
        let previous = PageRecords([a: record("a.md", "A"), b: record("b.md", "B")])
        var records = previous
        records[b] = record("b.md", "B, edited")
        records[c] = record("c.md", "C")
        #expect(records.count == 3 && Set(records.keys) == [a, b, c])
        #expect(records[b]?.page.title == "B, edited" && previous[b]?.page.title == "B" && previous[c] == nil)
        #expect(records.values.map(\.page.title).sorted() == ["A", "B, edited", "C"])
        let kept = records.keeping([b, c])
        #expect(kept.count == 2 && kept[a] == nil && kept[b]?.page.title == "B, edited")
        records[a] = nil
        records[c] = nil
        #expect(records.count == 1 && records.keys == [b] && previous.count == 2)
    }

    /// Records read in order are found at their position, or by their path when it is elsewhere;
    /// written back, the unchanged ones in `order` come as runs of the bytes they were read from.
    @Test func pageRecordsFoundWhereTheyWereRead() {
        let names = ["a.md", "b.md", "c.md", "d.md"]
        let paths = names.map { SitePath(unchecked: $0) }
        var records = PageRecords(
            ordered: names.map { record($0, $0.uppercased()) }, wholeRanges: [0..<10, 10..<20, 20..<30, 30..<40])
        #expect(records.record(paths[2], at: 2)?.page.title == "C.MD")
        // A wrong position, or none, finds the record by its path.
        #expect(records.record(paths[2], at: 0)?.page.title == "C.MD" && records[paths[3]]?.page.title == "D.MD")
        #expect(records.record(SitePath(unchecked: "e.md"), at: 1) == nil)
        records.set(record("b.md", "B, edited"), for: paths[1], at: 1)
        records[paths[3]] = nil
        records.set(record("e.md", "E"), for: SitePath(unchecked: "e.md"), at: 4)
        #expect(records.count == 4 && records[paths[1]]?.page.title == "B, edited" && records[paths[3]] == nil)
        func pieces(_ order: [SitePath], runs: Bool) -> [String] {
            var seen: [String] = []
            records.forEach(in: order, runs: runs) { piece in
                switch piece {
                case .read(let range): seen.append("\(range.lowerBound)..<\(range.upperBound)")
                case .record(let one): seen.append(one.page.title)
                }
            }
            return seen
        }
        let e = SitePath(unchecked: "e.md")
        #expect(pieces(paths + [e], runs: true) == ["0..<10", "B, edited", "20..<30", "E"])
        #expect(pieces([paths[0], paths[2], paths[1], e], runs: true) == ["0..<10", "C.MD", "B, edited", "E"])
        #expect(pieces(paths + [e], runs: false) == ["A.MD", "B, edited", "C.MD", "E"])
        records[paths[1]] = nil
        #expect(records.count == 3 && Set(records.keys) == [paths[0], paths[2], e])
        #expect(pieces(paths + [e], runs: true) == ["0..<10", "20..<30", "E"])
    }

    /// A front matter title, written once when it is the page's title, reads back as it was; so
    /// does its absence, and the folder nav's shape comes back with the records.
    @Test func frontMatterTitlesReadBackAsTheyWere() async throws {
        var files = Self.pages(6)
        files["Site/guide/titled.md"] = "---\ntitle: From the front matter\n---\n\n# A heading\n"
        let site = try TestSite(files)
        defer { site.remove() }
        _ = try await buildAndSave(site)
        let cache = try savedCache(site)
        let titled = try #require(cache.pages[SitePath(unchecked: "guide/titled.md")]?.page)
        #expect(titled.meta.title == "From the front matter" && titled.title == "From the front matter")
        let plain = try #require(cache.pages[SitePath(unchecked: "guide/page-3.md")]?.page)
        #expect(plain.meta.title == nil && plain.title == "Page 3")
        #expect(cache.navShape.map { !$0.isEmpty } == true)
    }

    @Test func committingABundleWithdrawsThePreviousCacheUntilTheNewOneIsSaved() async throws {
        let site = try TestSite(Self.pages(12))
        defer { site.remove() }
        _ = try await buildAndSave(site)
        let head = BuildCache.location(for: site.options.outputDirectory).path
        #expect(FileManager.default.fileExists(atPath: head))
        try site.write("# Page 3, edited\n\n## Part 3\n", to: "Site/guide/page-3.md")
        let outcome = try await site.build()
        try outcome.commitBundle()
        // Killed here, a build leaves no cache that vouches for the files it just replaced.
        #expect(!FileManager.default.fileExists(atPath: head))
        outcome.saveCache(
            crawl: BuildCache.CachedCrawl(findings: [], pages: 0, assets: 0, linksChecked: 0),
            into: outcome.startSavingCache())
        #expect(FileManager.default.fileExists(atPath: head))
    }

    @Test func aRebuildKeepsTheRecordsOfUnchangedPagesAndDropsThoseOfDeletedOnes() async throws {
        let site = try TestSite(Self.pages(12))
        defer { site.remove() }
        _ = try await buildAndSave(site)
        let before = try savedCache(site)
        try site.write("# Page 3, edited\n\n## Part 3\n", to: "Site/guide/page-3.md")
        try FileManager.default.removeItem(at: site.root.appendingPathComponent("Site/guide/page-5.md"))
        _ = try await buildAndSave(site)
        let after = try savedCache(site)

        let deleted = SitePath(unchecked: "guide/page-5.md"), edited = SitePath(unchecked: "guide/page-3.md")
        #expect(Set(after.pages.keys) == Set(before.pages.keys).subtracting([deleted]))
        #expect(after.pages[edited]?.page.title == "Page 3, edited")
        #expect(after.pages[edited]?.fingerprint != before.pages[edited]?.fingerprint)
        let kept = SitePath(unchecked: "guide/page-7.md")
        #expect(after.pages[kept]?.fingerprint == before.pages[kept]?.fingerprint)
        #expect(after.pages[kept]?.page.title == "Page 7")
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
        for path in fresh.pages.keys {
            let record = try #require(fresh.pages[path])
            let other = try #require(incremental.pages[path])
            #expect(other.page.title == record.page.title)
            #expect(other.fingerprint == record.fingerprint)
            #expect(other.page.anchorIDs == record.page.anchorIDs)
            #expect(other.findings == record.findings)
        }
        #expect(Set(incremental.outputs.keys) == Set(fresh.outputs.keys))
        #expect(incremental.outputs.allSatisfy { fresh.outputs[$0.key]?.sha256 == $0.value.sha256 })
        // Headings and links, edited page and kept ones alike, come back from the details file.
        for path in ["guide/page-7.md", "guide/page-8.md", "index.md"] {
            let kept = try #require(incremental.pages[SitePath(unchecked: path)]?.page.detailed.body)
            let clean = try #require(fresh.pages[SitePath(unchecked: path)]?.page.detailed.body)
            #expect(kept.links.map(\.rewritten) == clean.links.map(\.rewritten) && !kept.links.isEmpty)
            #expect(kept.headings.map(\.id) == clean.headings.map(\.id) && !kept.headings.isEmpty)
        }
    }

    @Test func theDetailsFileIsRewrittenOnceItHasGrownToTwiceWhatIsUsed() async throws {
        let site = try TestSite(Self.pages(30))
        defer { site.remove() }
        _ = try await buildAndSave(site)
        let output = site.options.outputDirectory
        let path = DetailsStore.location(for: output).path
        let first = try savedCache(site)
        var generations: Set<UInt64> = [try #require(first.details?.generation)]
        var largest = 0
        // Every page edited in every round: each round appends every page's details again.
        for round in 0..<5 {
            for (path, text) in Self.pages(30) { try site.write(text + "\nRound \(round).\n", to: path) }
            _ = try await buildAndSave(site, detailsSlack: 0)
            let cache = try savedCache(site)
            generations.insert(try #require(cache.details?.generation))
            let size = try #require(try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int)
            largest = max(largest, size)
            // At most twice what is used before this save, plus what this save appended.
            #expect(size <= 3 * cache.detailsLive + DetailsStore.headerSize)
            let page = try #require(cache.pages[SitePath(unchecked: "guide/page-3.md")]?.page.detailed.body)
            #expect(page.links.map(\.rewritten) == ["page-4.html#part-4"])
        }
        #expect(generations.count >= 2)
        #expect(largest > first.detailsLive)
    }

    /// A folder is a build's output when its cache lies beside it, at any depth and however the
    /// path ends.
    @Test func aFolderWithACacheBesideItIsAnOutput() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("is-output-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        for folder in ["out", "a/b", "plain"] {
            try FileManager.default.createDirectory(at: root.appendingPathComponent(folder), withIntermediateDirectories: true)
        }
        for cache in [".out.sitegen-cache", "a/.b.sitegen-cache"] {
            try Data("x".utf8).write(to: root.appendingPathComponent(cache))
        }
        let base = root.path
        #expect(BuildCache.isOutput(path: base + "/out"))
        #expect(BuildCache.isOutput(path: base + "/out/"))
        #expect(BuildCache.isOutput(path: base + "/a/b"))
        #expect(BuildCache.location(for: URL(fileURLWithPath: base + "/a/b")).path == base + "/a/.b.sitegen-cache")
        #expect(!BuildCache.isOutput(path: base + "/plain"))
        #expect(!BuildCache.isOutput(path: base + "/a"))
        #expect(!BuildCache.isOutput(path: "/"))
    }

    /// Spoilt in place when a rebuild commits (before its crawl), the cache no longer loads and is
    /// the same size; what cannot be written in place (a named pipe) is removed without blocking.
    @Test func anInvalidatedCacheDoesNotLoad() async throws {
        let site = try TestSite(Self.pages(10))
        defer { site.remove() }
        _ = try await buildAndSave(site)
        let output = site.options.outputDirectory
        let path = BuildCache.location(for: output).path
        let size = try #require(FileManager.default.attributesOfItem(atPath: path)[.size] as? Int)
        #expect(BuildCache.load(for: output) != nil)
        BuildCache.invalidate(for: output)
        #expect(BuildCache.load(for: output) == nil)
        #expect(try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int == size)
        try FileManager.default.removeItem(atPath: path)
        #expect(mkfifo(path, 0o644) == 0)
        BuildCache.invalidate(for: output)
        #expect(!FileManager.default.fileExists(atPath: path))
        // Nothing there: nothing happens.
        BuildCache.invalidate(for: output)
        #expect(!FileManager.default.fileExists(atPath: path))
    }

    @Test func aDamagedOrForeignDetailsFileMakesTheCacheUnusable() async throws {
        let site = try TestSite(Self.pages(10))
        defer { site.remove() }
        _ = try await buildAndSave(site)
        let path = DetailsStore.location(for: site.options.outputDirectory).path
        #expect(BuildCache.load(for: site.options.outputDirectory) != nil)
        let whole = try Data(contentsOf: URL(fileURLWithPath: path))
        // Cut short: the records point past its end.
        try whole.prefix(whole.count / 2).write(to: URL(fileURLWithPath: path))
        #expect(BuildCache.load(for: site.options.outputDirectory) == nil)
        // Another generation.
        var foreign = whole
        foreign[16] ^= 0xFF
        try foreign.write(to: URL(fileURLWithPath: path))
        #expect(BuildCache.load(for: site.options.outputDirectory) == nil)
        try FileManager.default.removeItem(atPath: path)
        #expect(BuildCache.load(for: site.options.outputDirectory) == nil)
        // The next build starts over and leaves a cache that loads again.
        _ = try await buildAndSave(site)
        #expect(BuildCache.load(for: site.options.outputDirectory) != nil)
    }

    /// An output's record is found at its position in the order it was read, or by its path when
    /// it is elsewhere; one a rebuild replaced is the new record, wherever it is asked for.
    @Test func outputRecordsFoundWhereTheyWereRead() async throws {
        let site = try TestSite(Self.pages(12))
        defer { site.remove() }
        _ = try await buildAndSave(site)
        var cache = try savedCache(site)
        let order = cache.outputOrder.map { SitePath(unchecked: $0) }
        #expect(order.count == cache.outputs.count && order.count > 4)
        for (index, path) in order.enumerated() {
            #expect(cache.outputRecord(path, at: index)?.sha256 == cache.outputs[path]?.sha256)
            #expect(cache.outputRecord(path, at: (index + 1) % order.count)?.sha256 == cache.outputs[path]?.sha256)
        }
        #expect(cache.outputRecord(SitePath(unchecked: "no/such.html"), at: 0) == nil)
        let written = order.map { path in
            WrittenFile(path: path.rawValue, size: 1, sha256: String(repeating: "0", count: 64), inputs: 9, isNew: path == order[3])
        }
        let removes = cache.recordOutputs(written, previous: cache.outputs)
        #expect(!removes)
        #expect(cache.outputRecord(order[3], at: 3)?.inputs == 9 && cache.outputRecord(order[3], at: 0)?.inputs == 9)
        #expect(cache.outputRecord(order[4], at: 4)?.inputs != 9)
    }

    @Test func aCacheWithoutItsReadBytesIsStillWrittenWhole() async throws {
        let site = try TestSite(Self.pages(12))
        defer { site.remove() }
        _ = try await buildAndSave(site)
        let output = site.options.outputDirectory
        let loaded = try savedCache(site)
        var detached = loaded
        detached.readBytes = nil
        // Written from the bytes it was read from, or record by record: the same file.
        let writer = try #require(DetailsWriter(for: output, previous: loaded.details, live: loaded.detailsLive))
        #expect(writer.appendingTo === loaded.details)
        var fromRuns: [UInt8] = []
        loaded.encodeHead(details: writer) { fromRuns += $0 }
        var fromRecords: [UInt8] = []
        detached.encodeHead(details: writer) { fromRecords += $0 }
        let sameBytes = fromRuns == fromRecords
        #expect(sameBytes)
        loaded.encodeCrawl { fromRuns += $0 }
        var reader = ByteReader(fromRuns)
        let decoded = BuildCache(reading: &reader) { _ in loaded.details }
        let reread = try #require(decoded, "the cache written from runs does not read back")
        let sameContent = try freshHead(reread, output: output) == freshHead(loaded, output: output)
        #expect(sameContent)
    }
}
