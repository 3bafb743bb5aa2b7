import Foundation
import SitegenBundleCore
import SitegenCore
import SitegenMarkdown

/// What the previous build of the same output learnt, so the next one redoes only what changed:
/// pages whose source is unchanged are not parsed again, pages whose inputs are unchanged are not
/// rendered or written again (hard links keep their bytes and mtime), and an unchanged bundle is not
/// crawled again. Stored beside the bundle as `.<name>.sitegen-cache`; any mismatch or damage
/// simply means a full build.
public struct BuildCache: Sendable {
    static let magic = "sitegen-cache 20"

    /// Fingerprint of everything every page depends on: generator, configuration and theme.
    var environment: UInt64 = 0
    /// Fingerprint of the site's shape: page paths and anchors, assets, drafts.
    var shape: UInt64 = 0
    var pages = PageRecords()
    var assets: [SitePath: FileRecord] = [:]
    var outputs: [SitePath: OutputRecord] = [:]
    /// Fingerprint of everything the pages show of each other and of the templates: while it is
    /// unchanged, a page whose source is unchanged has the inputs it had.
    var navInputs: UInt64 = 0
    /// The folder nav tree made from those inputs (`NavTree.shape(of:)`); nil for a nav from
    /// `nav:` in sitegen.yml, or one that could not be stored.
    var navShape: ArraySlice<UInt8>?
    /// `ManifestFileStamp` of the manifest this build left in the output folder.
    var manifestStamp: UInt64 = 0
    /// Fingerprint of the last manifest and the crawl findings it led to.
    public var manifestFingerprint: UInt64 = 0
    public var crawl: CachedCrawl?
    /// Which crawl memo goes with this cache. The memo (what the crawl parsed, by file and SHA-256,
    /// in the link checker's format) is a file of its own beside it, `memoLocation(for:)`, read
    /// while the site is built; a memo whose generation differs is from another build and is not used.
    public var memoGeneration: UInt64 = 0
    /// How the site and output folders were named on the command line when the cache was written:
    /// the display paths in its records and findings start with them (`displayed(site:output:)`).
    var siteDisplay = ""
    var outputDisplay = ""
    /// The order page records are written in (the build's, which is deterministic); sorted when it
    /// does not name every record. Not stored.
    var pageOrder: [SitePath] = []
    /// The same for output records.
    var outputOrder: [String] = []
    /// The output records as they were read, in order: a rebuild finds its n-th output's record at
    /// position n, and writes unchanged ones back from `readBytes` in runs. Not stored.
    var readOutputs: ReadOutputs?
    /// The output records `recordOutputs` set over those read: none for a cache as it was read;
    /// `nil` when not known (a cache made anew, or whose records were all made anew).
    var replacedOutputs: [SitePath]?
    /// The bytes this cache was read from, or that its reused records (`PageRecord.encoded`) are
    /// slices of: runs of them are written back without copying. Not stored.
    var readBytes: [UInt8]?
    /// The details file the pages' records refer to, as read (or, for a new cache, the previous
    /// build's), and how many of its bytes they refer to. Not stored.
    var details: DetailsStore?
    var detailsLive = 0
    /// How far past twice `detailsLive` the details file may grow before a save rewrites it.
    var detailsSlack = 1 << 20

    /// A Markdown page as loaded: everything but its HTML.
    struct PageRecord: Sendable {
        var modified: Int
        var size: Int
        var fingerprint: UInt64
        var page: Page
        var warnings: [Diagnostic]
        /// Source-level link findings, valid while the shape is unchanged.
        var findings: [Diagnostic]
        /// The record's bytes as the cache was read, written back as they are while it is unchanged.
        var encoded: ArraySlice<UInt8>? = nil

        /// `self` with the bytes `previous` was read from, when nothing differs from it.
        func reusingBytes(of previous: PageRecord?) -> PageRecord {
            guard let previous, let bytes = previous.encoded, previous.modified == modified,
                previous.size == size, previous.fingerprint == fingerprint, previous.page.source == page.source,
                previous.warnings == warnings, previous.findings == findings
            else { return self }
            var record = self
            record.encoded = bytes
            return record
        }
    }

    struct FileRecord: Sendable {
        var modified: Int
        var size: Int
        var sha256: String
    }

    /// A written file: the fingerprint of its inputs, and what the manifest needs.
    struct OutputRecord: Sendable {
        var inputs: UInt64
        var size: Int
        var sha256: String
        /// Where the record lies in `readBytes`, as the cache was read: written back from there, in
        /// runs, while it is unchanged. Not stored.
        var encoded: Range<Int>? = nil
    }

    /// Output records in the order they were read, with their paths.
    struct ReadOutputs: Sendable {
        var paths: [String] = []
        var records: [OutputRecord] = []
    }

    /// The record of output `path`, looked for first at `position` of `readOutputs` by its bytes.
    func outputRecord(_ path: SitePath, at position: Int) -> OutputRecord? {
        if let read = readOutputs, position < read.paths.count, URLPath.bytesEqual(read.paths[position], path.rawValue),
            replacedOutputs.map({ replaced in !replaced.contains { URLPath.bytesEqual($0.rawValue, path.rawValue) } }) ?? false
        {
            return read.records[position]
        }
        return outputs[path]
    }

    /// The crawl's result for a manifest, reused when the bundle is unchanged.
    public struct CachedCrawl: Sendable {
        public var findings: [CachedFinding]
        public var pages: Int
        public var assets: Int
        public var linksChecked: Int

        public init(findings: [CachedFinding], pages: Int, assets: Int, linksChecked: Int) {
            self.findings = findings
            self.pages = pages
            self.assets = assets
            self.linksChecked = linksChecked
        }
    }

    /// A crawl finding: its diagnostic and the generated page and link it is about.
    public struct CachedFinding: Sendable {
        public var diagnostic: Diagnostic
        public var page: String?
        public var href: String?

        public init(diagnostic: Diagnostic, page: String?, href: String?) {
            self.diagnostic = diagnostic
            self.page = page
            self.href = href
        }
    }

    /// The files a build keeps beside its bundle folder.
    enum BesideFile: String {
        case cache, crawl, details
    }

    /// The name of the file of `kind` beside the bundle folder named `folder`: `.dist.sitegen-cache`
    /// for the cache beside `dist/`.
    static func fileName(beside folder: some StringProtocol, kind: BesideFile) -> String {
        ".\(folder).sitegen-\(kind.rawValue)"
    }

    /// The file of `kind` beside the bundle folder `output`.
    static func location(of kind: BesideFile, beside output: URL) -> URL {
        output.deletingLastPathComponent().appendingPathComponent(fileName(beside: output.lastPathComponent, kind: kind))
    }

    /// The cache file of a bundle folder.
    static func location(for output: URL) -> URL { location(of: .cache, beside: output) }

    /// Whether the folder at `path` (a file system path) is the output of a build: its cache lies
    /// beside it. Made of strings, not `URL`s: the site's walk asks of every folder.
    static func isOutput(path: String) -> Bool {
        var folder = Substring(path)
        while folder.count > 1, folder.hasSuffix("/") { folder = folder.dropLast() }
        let slash = folder.lastIndex(of: "/")
        let parent = slash.map { folder[...$0] } ?? ""
        let name = slash.map { folder[folder.index(after: $0)...] } ?? folder
        guard !name.isEmpty else { return false }
        var info = stat()
        return stat(parent + fileName(beside: name, kind: .cache), &info) == 0
    }

    /// The crawl memo file of a bundle folder (`.dist.sitegen-crawl`).
    public static func memoLocation(for output: URL) -> URL { location(of: .crawl, beside: output) }

    /// Every file a build keeps beside the bundle folder `output`: the cache, its details and the
    /// crawl memo. Nothing else may be written there (a report given as `--output`).
    public static func files(for output: URL) -> [URL] {
        [location(for: output), DetailsStore.location(for: output), memoLocation(for: output)]
    }

    /// Makes the cache file beside `output` unreadable at once, its first bytes zeroed (no load
    /// accepts it then), without removing it: freeing its megabytes can wait. What is not a regular
    /// file that can be written in place is removed.
    static func invalidate(for output: URL) {
        let path = location(for: output).path
        // Not blocking on a named pipe, nor writing through a link.
        let descriptor = open(path, O_WRONLY | O_NONBLOCK | O_NOFOLLOW | O_CLOEXEC)
        guard descriptor >= 0 else {
            _ = unlink(path)
            return
        }
        var info = stat()
        let zeros = [UInt8](repeating: 0, count: 16)
        let spoilt =
            fstat(descriptor, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG
            && pwrite(descriptor, zeros, zeros.count, 0) == zeros.count
        close(descriptor)
        if !spoilt { _ = unlink(path) }
    }

    static func load(for output: URL) -> BuildCache? {
        guard var bytes = FileBytes.read(location(for: output).path), bytes.count > digestLength else { return nil }
        // A byte changed on disk would otherwise pass for a title or a hash, and stay in every output.
        let stored = Array(bytes.suffix(digestLength))
        bytes.removeLast(digestLength)
        var digest = StreamFingerprint()
        bytes.withUnsafeBytes { digest.add($0) }
        guard digest.bytes == stored else { return nil }
        var reader = ByteReader(bytes)
        let detailsPath = DetailsStore.location(for: output).path
        return BuildCache(reading: &reader) { generation in
            DetailsStore.open(detailsPath, generation: generation)
        }
    }

    /// What keeps the files of a bundle whose cache is gone (deleted, or the bundle made elsewhere):
    /// its manifest's record of each file that still holds the bytes listed, every file hashed
    /// to know. `nil` when the folder has no manifest it can read.
    static func forKeepingVerifiedFiles(in output: URL) -> BuildCache? {
        guard let bytes = try? Manifest.readBytes(bundle: output), let manifest = try? Manifest.decode(bytes),
            let report = try? BundleVerifier.verify(bundle: output, manifest: manifest)
        else { return nil }
        let differing = report.changed + report.missing + report.notFiles.map(\.path) + report.unserved.map(\.path)
        let unkept = Set(differing.map(ByteKey.init))
        var keeping = BuildCache()
        for resource in manifest.resources where !unkept.contains(ByteKey(resource.file)) {
            keeping.outputs[SitePath(unchecked: resource.file)] = OutputRecord(
                inputs: 0, size: resource.size, sha256: resource.sha256)
        }
        keeping.manifestFingerprint = Fingerprint.of(bytes)
        return keeping
    }

    /// This cache with only what keeps files of the same bytes: the output records, none of them
    /// reusable by their inputs (0), and the manifest's fingerprint. For a build in another
    /// environment, where nothing else of it holds.
    var forKeepingFiles: BuildCache {
        var keeping = BuildCache()
        keeping.outputs = outputs.mapValues { OutputRecord(inputs: 0, size: $0.size, sha256: $0.sha256) }
        keeping.manifestFingerprint = manifestFingerprint
        return keeping
    }

    /// Records the files a build wrote or kept. Starts from the previous build's records, when there
    /// are any, and changes only the files written anew: a file kept has the record it had, and a
    /// rebuild of one page should not insert 10,000. Returns whether some previous output is not among
    /// `written` (it went away).
    mutating func recordOutputs(_ written: [WrittenFile], previous: [SitePath: OutputRecord]?) -> Bool {
        func record(_ file: WrittenFile) -> OutputRecord {
            OutputRecord(inputs: file.inputs, size: file.size, sha256: file.sha256)
        }
        if let previous {
            outputs = previous
            var added = 0
            var replaced: [SitePath] = []
            for file in written where file.isNew || file.inputsChanged {
                let path = SitePath(unchecked: file.path)
                if outputs.updateValue(record(file), forKey: path) == nil { added += 1 }
                replaced.append(path)
            }
            replacedOutputs = replaced
            // Every path written is distinct, so each previous one is still there exactly when the
            // counts add up.
            if previous.count + added == written.count { return false }
        }
        replacedOutputs = nil
        outputs = [:]
        outputs.reserveCapacity(written.count)
        for file in written { outputs[SitePath(unchecked: file.path)] = record(file) }
        return previous != nil
    }

    /// The `StreamFingerprint` of everything before it, which ends the file.
    static let digestLength = 8

    /// Writes the cache beside `output` (a temporary file renamed into place). Failing to save only
    /// costs the next build its head start.
    func save(for output: URL) {
        writeHead(for: output)?.finish(self)
    }

    /// Starts saving: writes the part that does not depend on the crawl into a temporary file beside
    /// `output`, which can happen while the crawl runs. `nil` if it cannot be written.
    func writeHead(for output: URL) -> PendingCacheFile? {
        let url = Self.location(for: output)
        guard let details = DetailsWriter(for: output, previous: self.details, live: detailsLive, slack: detailsSlack)
        else { return nil }
        guard let (temporary, handle) = TemporarySibling.createFile(beside: url) else {
            details.discard()
            return nil
        }
        var digest = StreamFingerprint()
        do {
            try encodeHead(details: details) { part in
                try handle.write(contentsOf: part)
                digest.add(part)
            }
            try handle.close()
            return PendingCacheFile(temporary: temporary, destination: url, details: details, digest: digest)
        } catch {
            try? handle.close()
            try? FileManager.default.removeItem(at: temporary)
            details.discard()
            return nil
        }
    }

    /// A cache file whose head is written, waiting for the crawl's part.
    public struct PendingCacheFile: Sendable {
        let temporary: URL
        let destination: URL
        let details: DetailsWriter
        /// Of the head written so far.
        let digest: StreamFingerprint

        /// Appends the crawl memo and findings of `cache` and renames the file into place, after the
        /// details file it refers to.
        func finish(_ cache: BuildCache) {
            do {
                let handle = try FileHandle(forWritingTo: temporary)
                defer { try? handle.close() }
                try handle.seekToEnd()
                var digest = self.digest
                try cache.encodeCrawl { part in
                    try handle.write(contentsOf: part)
                    digest.add(part)
                }
                try handle.write(contentsOf: digest.bytes)
                guard details.finish() else { return discard() }
                _ = rename(temporary.path, destination.path)
            } catch {
                discard()
            }
        }

        /// Removes the unfinished files.
        public func discard() {
            try? FileManager.default.removeItem(at: temporary)
            details.discard()
        }
    }
}
