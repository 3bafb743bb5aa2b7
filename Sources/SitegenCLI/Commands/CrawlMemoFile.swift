import Foundation
import SitegenBuild
import SitegenCore
import SitegenLinks

/// The crawl memo of a bundle, in a file of its own beside the build cache
/// (`.dist.sitegen-crawl`): eight bytes of generation, which the cache names, then the memo. It is
/// read while the site is built and only the crawl needs it, so it stays off the rebuild's path.
enum CrawlMemoFile {
    /// The memo saved for `output` and its generation; `nil` when there is none or it is damaged.
    static func load(for output: URL) -> (generation: UInt64, memo: CrawlMemo)? {
        guard let bytes = FileBytes.read(BuildCache.memoLocation(for: output).path), bytes.count >= 8 else { return nil }
        var generation: UInt64 = 0
        for byte in bytes[0..<8].reversed() { generation = generation << 8 | UInt64(byte) }
        return CrawlMemo(bytes: bytes, from: 8).map { (generation, $0) }
    }

    /// Writes `memo` as generation `generation` (a temporary file renamed into place). Failing only
    /// costs the next build its head start.
    static func save(_ memo: CrawlMemo, generation: UInt64, for output: URL) {
        let url = BuildCache.memoLocation(for: output)
        let temporary = url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).\(UUID().uuidString)")
        var header = [UInt8](repeating: 0, count: 8)
        for index in 0..<8 { header[index] = UInt8(truncatingIfNeeded: generation >> (8 * UInt64(index))) }
        guard FileManager.default.createFile(atPath: temporary.path, contents: Data(header)),
            let handle = try? FileHandle(forWritingTo: temporary)
        else { return }
        do {
            try handle.seekToEnd()
            try handle.write(contentsOf: memo.encoded())
            try handle.close()
            _ = rename(temporary.path, url.path)
        } catch {
            try? handle.close()
            try? FileManager.default.removeItem(at: temporary)
        }
    }
}
