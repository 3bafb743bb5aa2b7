import Foundation
import SitegenBundle
import SitegenBundleCore
import SitegenCore
import Testing

@testable import SitegenLinks

/// A crawl that reuses what the previous one parsed finds exactly what a fresh crawl finds.
@Suite struct CrawlMemoTests {
    private func bundle(_ files: [String: String]) async throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("sitegen-memo-\(UUID().uuidString)")
        for (path, text) in files {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        try await rescan(root)
        return root
    }

    private func rescan(_ root: URL) async throws {
        let manifest = try await Manifest.scan(bundle: root, origin: BundleOrigin(), entryPath: "index.html", generator: "test")
        try manifest.encoded().write(to: root.appendingPathComponent(Manifest.fileName))
    }

    /// Counts the files actually read.
    private final class ReadCounter: @unchecked Sendable {
        private let lock = NSLock()
        private var paths: [String] = []
        func add(_ path: String) { lock.withLock { paths.append(path) } }
        var read: [String] { lock.withLock { paths.sorted() } }
    }

    private struct CountingFetcher: ResourceFetching {
        let inner: ResolverFetcher
        let counter: ReadCounter
        var scheme: String { inner.scheme }
        var host: String { inner.host }
        var allPaths: [String] { inner.allPaths }
        func locate(_ url: URL) async -> LocatedResource? { await inner.locate(url) }
        func forEachFileHash(_ body: (_ path: String, _ sha256: String) -> Void) -> Bool {
            inner.forEachFileHash(body)
        }
        var resolutionFingerprint: UInt64 { inner.resolutionFingerprint }
        func fetch(_ url: URL) async -> FetchResult {
            let result = await inner.fetch(url)
            if case .found(let path, _, _) = result { counter.add(path) }
            return result
        }
    }

    private func check(_ root: URL, memo: CrawlMemo?, counter: ReadCounter = ReadCounter()) async throws
        -> (report: CheckReport, memo: CrawlMemo)
    {
        let resolver = try SchemeResolver(bundle: root)
        let fetcher = CountingFetcher(inner: ResolverFetcher(resolver: resolver), counter: counter)
        return await LinkChecker(fetcher: fetcher).check(entries: [resolver.entryURL], memo: memo)
    }

    @Test func reusedDocumentsGiveTheSameFindingsAsAFreshCrawl() async throws {
        let root = try await bundle([
            "index.html": "<a href=\"a.html#part\">a</a> <a href=\"b.html\">b</a> <img src=\"x.png\">",
            "a.html": "<h2 id=\"part\">Part</h2><a href=\"index.html\">home</a>",
            "b.html": "<a href=\"a.html\">a</a>",
            "x.png": "png",
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        let firstReads = ReadCounter()
        let first = try await check(root, memo: nil, counter: firstReads)
        #expect(first.report.findings.isEmpty)
        #expect(firstReads.read == ["a.html", "b.html", "index.html"])
        #expect(first.memo.count == 3)

        // a.html loses its anchor and b.html gains a broken link; index.html is unchanged and comes
        // from the memo, yet its link into a.html must now be reported.
        try Data("<h2 id=\"other\">Part</h2><a href=\"index.html\">home</a>".utf8).write(
            to: root.appendingPathComponent("a.html"))
        try Data("<a href=\"a.html\">a</a><a href=\"gone.html\">gone</a>".utf8).write(to: root.appendingPathComponent("b.html"))
        try await rescan(root)
        let reads = ReadCounter()
        let incremental = try await check(root, memo: first.memo, counter: reads)
        #expect(reads.read == ["a.html", "b.html"])
        let fresh = try await check(root, memo: nil)
        #expect(incremental.report.findings == fresh.report.findings)
        #expect(incremental.report.linksChecked == fresh.report.linksChecked)
        #expect(Set(fresh.report.findings.map(\.diagnostic.rule.rawValue)) == ["broken-fragment", "broken-link"])

        let decoded = try #require(CrawlMemo(bytes: incremental.memo.encoded()))
        #expect(decoded.encoded() == incremental.memo.encoded())
        let again = try await check(root, memo: decoded)
        #expect(again.report.findings == fresh.report.findings)
    }

    /// A page's `<base href>` comes back from the memo: its findings still name it.
    @Test func aPageFromTheMemoKeepsItsBase() async throws {
        let root = try await bundle([
            "index.html": "<base href=\"api/\"><a href=\"intro.html\">i</a><a href=\"b.html\">b</a>",
            "api/b.html": "<p>b</p>",
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        let first = try await check(root, memo: nil)
        #expect(
            first.report.findings.map(\.diagnostic.message) == [
                "no file 'api/intro.html' in the bundle (resolved against the page's <base href=\"api/\">)"
            ])
        let decoded = try #require(CrawlMemo(bytes: first.memo.encoded()))
        let reads = ReadCounter()
        let again = try await check(root, memo: decoded, counter: reads)
        #expect(!reads.read.contains("index.html"), "from the memo")
        #expect(again.report.findings == first.report.findings)
    }

    @Test func aDeletedTargetIsReportedInUnchangedPages() async throws {
        let root = try await bundle([
            "index.html": "<a href=\"a.html\">a</a> <a href=\"b.html\">b</a>",
            "a.html": "<a href=\"b.html\">b</a>",
            "b.html": "<p>b</p>",
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        let first = try await check(root, memo: nil)
        #expect(first.report.findings.isEmpty)
        try FileManager.default.removeItem(at: root.appendingPathComponent("b.html"))
        try await rescan(root)
        let incremental = try await check(root, memo: first.memo)
        let fresh = try await check(root, memo: nil)
        #expect(incremental.report.findings == fresh.report.findings)
        #expect(fresh.report.findings.map(\.diagnostic.location?.path) == ["a.html", "index.html"])
    }

    private func recheck(_ root: URL, after first: (report: CheckReport, memo: CrawlMemo), counter: ReadCounter) async throws
        -> (report: CheckReport, memo: CrawlMemo)?
    {
        let resolver = try SchemeResolver(bundle: root)
        let fetcher = CountingFetcher(inner: ResolverFetcher(resolver: resolver), counter: counter)
        return await LinkChecker(fetcher: fetcher).recheck(
            entries: [resolver.entryURL], baseline: first.report, memo: first.memo)
    }

    private static let site = [
        "index.html": "<a href=\"a.html#part\">a</a> <a href=\"b.html\">b</a> <a href=\"c.html\">c</a>",
        "a.html": "<h2 id=\"part\">Part</h2><a href=\"index.html\">home</a> <a href=\"b.html#nowhere\">b</a>",
        "b.html": "<p id=\"top-b\">b</p><a href=\"a.html#part\">a</a>",
        "c.html": "<p>c</p><a href=\"index.html\">home</a>",
        "orphan.html": "<p>nobody links here</p>",
    ]

    @Test func aRecheckReadsOnlyChangedFilesAndMatchesAFreshCrawl() async throws {
        let root = try await bundle(Self.site)
        defer { try? FileManager.default.removeItem(at: root) }
        let first = try await check(root, memo: nil)
        #expect(Set(first.report.findings.map(\.diagnostic.rule.rawValue)) == ["broken-fragment", "orphan"])

        // b.html's text changes and it gains a broken fragment into a page it already linked to;
        // its anchors and the pages it reaches stay the same.
        try Data("<p id=\"top-b\">b, edited</p><a href=\"a.html#part\">a</a> <a href=\"a.html#gone\">gone</a>".utf8)
            .write(to: root.appendingPathComponent("b.html"))
        try await rescan(root)
        let reads = ReadCounter()
        let rechecked = try #require(try await recheck(root, after: first, counter: reads))
        #expect(reads.read == ["b.html"])
        let fresh = try await check(root, memo: nil)
        #expect(rechecked.report == fresh.report)
        #expect(rechecked.report.findings.count == first.report.findings.count + 1)
        #expect(rechecked.memo.encoded() == fresh.memo.encoded())

        // Decoded from bytes, the memo rechecks the next change just as well.
        try Data("<p>c, edited</p><a href=\"index.html\">home</a> <a href=\"#top\">top</a>".utf8)
            .write(to: root.appendingPathComponent("c.html"))
        try await rescan(root)
        let decoded = try #require(CrawlMemo(bytes: rechecked.memo.encoded()))
        let again = try #require(try await recheck(root, after: (rechecked.report, decoded), counter: ReadCounter()))
        #expect(again.report == (try await check(root, memo: nil)).report)
    }

    /// A page changed to link into a redirect stub is rechecked against the page the stub
    /// redirects to, which the recheck reads from the memo, as a fresh crawl finds it.
    @Test func aRecheckFollowsARedirectStubToItsTarget() async throws {
        let root = try await bundle([
            "index.html": "<a href=\"b.html\">b</a> <a href=\"old.html\">old</a>",
            "old.html": "<meta http-equiv=\"refresh\" content=\"0; url=new.html\">",
            "new.html": "<h2 id=\"part\">Part</h2><a href=\"index.html\">home</a>",
            "b.html": "<a href=\"old.html\">old</a> <a href=\"index.html\">home</a>",
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        let first = try await check(root, memo: nil)
        #expect(first.report.findings.isEmpty)
        try Data("<a href=\"old.html#part\">old</a> <a href=\"index.html#gone\">home</a>".utf8)
            .write(to: root.appendingPathComponent("b.html"))
        try await rescan(root)
        let reads = ReadCounter()
        let rechecked = try #require(try await recheck(root, after: first, counter: reads))
        #expect(reads.read == ["b.html"])
        let fresh = try await check(root, memo: nil)
        #expect(rechecked.report == fresh.report)
        #expect(fresh.report.findings.map(\.diagnostic.message) == ["no id 'gone' in index.html"])
    }

    @Test func onlyTheChangedEntriesNeedAppending() async throws {
        let root = try await bundle(Self.site)
        defer { try? FileManager.default.removeItem(at: root) }
        let first = try await check(root, memo: nil)
        #expect(first.memo.encodedChanges() == nil)
        let whole = first.memo.encoded()
        let read = try #require(CrawlMemo(bytes: whole))
        #expect(read.encodedChanges() != nil)

        try Data("<p id=\"top-b\">b, edited</p><a href=\"a.html#part\">a</a>".utf8).write(
            to: root.appendingPathComponent("b.html"))
        try await rescan(root)
        let rechecked = try #require(try await recheck(root, after: (first.report, read), counter: ReadCounter()))
        let changes = try #require(rechecked.memo.encodedChanges())
        #expect(changes.count < whole.count / 2)
        // The memo the recheck started from is left as it was read.
        #expect(read.encoded() == whole)

        // The file as it is then: the whole memo, the changes appended.
        let file = whole + changes
        var appended = try #require(CrawlMemo(bytes: file, range: 0..<whole.count))
        let applied = appended.applyChanges(bytes: file, range: whole.count..<file.count)
        #expect(applied)
        #expect(appended.encoded() == rechecked.memo.encoded())
        let wholeAsChanges = appended.applyChanges(bytes: file, range: 0..<whole.count)
        #expect(!wholeAsChanges)
    }

    @Test func aRecheckRefusesChangesThatReachIntoOtherPages() async throws {
        let edits = [
            ("a.html", "<h2 id=\"renamed\">Part</h2><a href=\"index.html\">home</a> <a href=\"b.html#nowhere\">b</a>"),
            ("c.html", "<p>c</p><a href=\"index.html\">home</a> <a href=\"orphan.html\">no longer an orphan</a>"),
            ("c.html", "<p>c</p>"),
        ]
        for (path, text) in edits {
            let root = try await bundle(Self.site)
            defer { try? FileManager.default.removeItem(at: root) }
            let first = try await check(root, memo: nil)
            try Data(text.utf8).write(to: root.appendingPathComponent(path))
            try await rescan(root)
            #expect(try await recheck(root, after: first, counter: ReadCounter()) == nil, "editing \(path)")
        }
        let root = try await bundle(Self.site)
        defer { try? FileManager.default.removeItem(at: root) }
        let first = try await check(root, memo: nil)
        try Data("new".utf8).write(to: root.appendingPathComponent("new.html"))
        try await rescan(root)
        #expect(try await recheck(root, after: first, counter: ReadCounter()) == nil, "adding a file")
    }

    @Test func damagedMemoBytesAreRefused() {
        #expect(CrawlMemo(bytes: []) == nil)
        #expect(CrawlMemo(bytes: Array("sitegen-crawl 1 and then garbage".utf8)) == nil)
        var bytes = CrawlMemo().encoded()
        bytes.append(7)
        #expect(CrawlMemo(bytes: bytes) == nil)
    }
}

/// A memo large enough to be encoded in parallel parts reads back whole.
@Suite struct LargeCrawlMemoTests {
    @Test func aMemoOfThousandsOfEntriesRoundTrips() throws {
        let paths = (0..<3_000).map { String(format: "section-%02d/page-%04d.html", $0 % 37, $0) }
        var memo = CrawlMemo(paths: paths.sorted(), context: 42)
        for (index, path) in paths.enumerated() {
            let link = ExtractedLink(
                url: "page-\(index + 1).html#part", element: "a", attribute: "href", line: 3, column: index % 80 + 1)
            let target = LinkTarget.sameOrigin(
                SameOriginTarget(key: "docs://app/\(path)", path: path, fragment: "part", escapesRoot: false, absolutePath: false)
            )
            let document = ParsedDocument(
                path: path, kind: .html, duplicateIDs: [], links: [ResolvedLink(link: link, target: target)],
                acceptedTargets: [Int32(index % 100)], acceptedCount: 40, anchorNames: [ByteKey("part"), ByteKey("id-\(index)")],
                refreshTarget: index % 7 == 0 ? Int32(index % 100) : nil)
            memo.remember(
                CrawlMemo.Entry(sha256: String(repeating: "ab", count: 32), mimeType: "text/html", document: document), at: path)
        }
        let bytes = memo.encoded()
        #expect(bytes == Array(memo.encodedParts().joined()))
        try expectTheSameFromAFile(bytes, paths: paths)
        let read = try #require(CrawlMemo(bytes: bytes))
        #expect(read.count == paths.count)
        #expect(read.encoded() == bytes)
        for index in [0, 1, 1_499, 2_047, 2_048, 2_999] {
            let entry = try #require(read.entry(at: paths[index]))
            #expect(entry.document.links.first?.link.url == "page-\(index + 1).html#part")
            #expect(Set(entry.document.anchorNames.map(\.string)) == ["part", "id-\(index)"])
            #expect(entry.document.acceptedTargets == [Int32(index % 100)])
            #expect(entry.document.refreshTarget == (index % 7 == 0 ? Int32(index % 100) : nil))
        }
    }

    /// Read from a file (behind 5 bytes of something else), a memo reads each entry from there when
    /// asked, and writes out the same bytes, with or without a file remembered since.
    private func expectTheSameFromAFile(_ bytes: [UInt8], paths: [String]) throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("memo-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: url) }
        try Data([1, 2, 3, 4, 5] + bytes).write(to: url)
        let file = try #require(ReadOnlyFile(url.path))
        var read = try #require(CrawlMemo(file: file, range: 5..<5 + bytes.count))
        #expect(CrawlMemo(file: file, range: 5..<4 + bytes.count) == nil, "one byte short")
        #expect(read.count == paths.count)
        let entry = try #require(read.entry(at: paths[2_048]))
        #expect(entry.document.links.first?.link.url == "page-2049.html#part")
        #expect(read.encoded() == bytes)
        var inMemory = try #require(CrawlMemo(bytes: bytes))
        var changed = entry
        changed.sha256 = String(repeating: "cd", count: 32)
        read.remember(changed, at: paths[7])
        inMemory.remember(changed, at: paths[7])
        #expect(read.encodedChanges() == inMemory.encodedChanges())
        #expect(read.encoded() == inMemory.encoded())
        #expect(read.sha256(at: paths[7]) == changed.sha256)
    }
}
