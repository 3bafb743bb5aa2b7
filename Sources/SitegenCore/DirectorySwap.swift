import Foundation

/// Puts a fully written folder in place of another with renames, so that readers see either the
/// old folder or the new one, never a half-written mix; on failure the old one is put back.
public enum DirectorySwap {
    /// Replaces `destination` (which may not exist yet) with `staging`. Throws the file system's
    /// error after restoring the previous folder.
    public static func replace(_ destination: URL, with staging: URL) throws {
        let fileManager = FileManager.default
        let old = destination.deletingLastPathComponent()
            .appendingPathComponent(".\(destination.lastPathComponent).old-\(UUID().uuidString)")
        let hadPrevious = fileManager.fileExists(atPath: destination.path)
        if hadPrevious { try fileManager.moveItem(at: destination, to: old) }
        do {
            try fileManager.moveItem(at: staging, to: destination)
        } catch {
            if hadPrevious { try? fileManager.moveItem(at: old, to: destination) }
            throw error
        }
        if hadPrevious { try? fileManager.removeItem(at: old) }
    }
}
