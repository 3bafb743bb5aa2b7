import SitegenBundleCore
import Synchronization

/// The SHA-256 of the bundle files that the served manifest does not vouch for (see
/// `ServedBundle`), kept by identity so that a large file is hashed once, not on every range
/// request a video player sends. Rare with bundles sitegen writes: only during a rebuild, or after
/// a copy that did not keep modification times.
final class FileDigests: Sendable {
    private let known = Mutex<[FileIdentity: String]>([:])
    /// Past this many, the digests are forgotten (an identity that changed is never asked again).
    private let limit = 4096

    /// The lowercase hex SHA-256 of the bytes of `file`.
    func sha256(of file: BundleFile) async throws -> String {
        if let hex = known.withLock({ $0[file.identity] }) { return hex }
        var hasher = SHA256()
        var offset = 0
        while offset < file.size {
            let chunk = try file.read(at: offset, count: min(1 << 20, file.size - offset))
            hasher.update(chunk)
            offset += chunk.count
            // A large file does not hold a cooperative thread for the whole of its reading.
            await Task.yield()
        }
        let hex = hasher.finalizeHex()
        known.withLock { known in
            if known.count >= limit { known.removeAll() }
            known[file.identity] = hex
        }
        return hex
    }
}
