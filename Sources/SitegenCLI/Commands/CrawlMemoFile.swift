import Foundation
import SitegenBuild
import SitegenCore
import SitegenLinks

/// The crawl memo of a bundle, in a file of its own beside the build cache (`.dist.sitegen-crawl`):
/// segments of a generation (which the cache names), a length and memo bytes. The first segment is
/// a whole memo; each later one holds the entries a rebuild changed and is appended, so that a
/// rebuild of one page writes a few kilobytes, not the 10,000 entries again. The file is read while
/// the site is built: only the crawl needs it.
enum CrawlMemoFile {
    /// A memo as read: its generation (the last segment's) and how large the file has grown.
    struct Loaded: Sendable {
        var generation: UInt64
        var memo: CrawlMemo
        var fileSize: Int
        /// The size of the first, whole segment.
        var baseSize: Int
    }

    /// The memo saved for `output`; `nil` when there is none or any part of it is damaged. Of the
    /// whole memo only the index is read (its entries are read when the crawl asks for them); the
    /// changes appended after it are read whole.
    static func load(for output: URL) -> Loaded? {
        guard let file = ReadOnlyFile(BuildCache.memoLocation(for: output).path), let header = file.bytes(0..<16)
        else { return nil }
        var generation = FixedWidth.number(header, at: 0)
        let length = Int(truncatingIfNeeded: FixedWidth.number(header, at: 8))
        guard length >= 0, length <= file.size - 16, var memo = CrawlMemo(file: file, range: 16..<16 + length) else {
            return nil
        }
        let baseSize = 16 + length
        guard let tail = file.bytes(baseSize..<file.size) else { return nil }
        var offset = 0
        while offset < tail.count {
            guard tail.count - offset >= 16 else { return nil }
            generation = FixedWidth.number(tail, at: offset)
            let length = Int(truncatingIfNeeded: FixedWidth.number(tail, at: offset + 8))
            let start = offset + 16
            guard length >= 0, length <= tail.count - start, memo.applyChanges(bytes: tail, range: start..<start + length)
            else { return nil }
            offset = start + length
        }
        return Loaded(generation: generation, memo: memo, fileSize: file.size, baseSize: baseSize)
    }

    /// Saves `memo` as generation `generation`: appended as its changes to `previous` (the file as it
    /// was read) while the file stays within a quarter of its whole size, else written whole (a
    /// temporary file renamed into place). Failing only costs the next build its head start.
    static func save(_ memo: CrawlMemo, generation: UInt64, for output: URL, previous: Loaded?) {
        let url = BuildCache.memoLocation(for: output)
        if let previous, let changes = memo.encodedChanges(),
            previous.fileSize + 16 + changes.count <= previous.baseSize + previous.baseSize / 4,
            let handle = try? FileHandle(forWritingTo: url)
        {
            defer { try? handle.close() }
            if let end = try? handle.seekToEnd(), end == UInt64(previous.fileSize),
                (try? handle.write(contentsOf: header(generation, length: changes.count) + changes)) != nil
            {
                return
            }
        }
        let parts = memo.encodedParts()
        let length = parts.reduce(0) { $0 + $1.count }
        guard let (temporary, handle) = TemporarySibling.createFile(beside: url) else { return }
        do {
            try handle.write(contentsOf: header(generation, length: length))
            for part in parts { try handle.write(contentsOf: part) }
            try handle.close()
            _ = rename(temporary.path, url.path)
        } catch {
            try? handle.close()
            try? FileManager.default.removeItem(at: temporary)
        }
    }

    private static func header(_ generation: UInt64, length: Int) -> [UInt8] {
        FixedWidth.bytes(of: generation) + FixedWidth.bytes(of: UInt64(length))
    }
}
