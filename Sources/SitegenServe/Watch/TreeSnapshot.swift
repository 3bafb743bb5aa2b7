import Foundation

/// The path, size and modification time of every file below some folders: two snapshots differ
/// when a file was added, removed, or changed. Cheap enough to take every few hundred milliseconds
/// for a documentation site.
public struct TreeSnapshot: Sendable, Equatable {
    private var files: [String: FileStamp]

    private struct FileStamp: Sendable, Equatable {
        var size: Int
        var modified: Double
    }

    /// Scans `roots` (missing ones count as empty).
    public init(roots: [URL]) {
        files = [:]
        let keys: [URLResourceKey] = [.isRegularFileKey, .fileSizeKey, .contentModificationDateKey]
        for root in roots {
            guard let enumerator = FileManager.default.enumerator(at: root, includingPropertiesForKeys: keys) else { continue }
            while let url = enumerator.nextObject() as? URL {
                guard let values = try? url.resourceValues(forKeys: Set(keys)), values.isRegularFile == true else { continue }
                files[url.path] = FileStamp(
                    size: values.fileSize ?? 0, modified: values.contentModificationDate?.timeIntervalSinceReferenceDate ?? 0)
            }
        }
    }

    /// How many files were seen.
    public var count: Int { files.count }

    /// Paths added, removed or changed between `self` and `newer`, sorted.
    public func changes(to newer: TreeSnapshot) -> [String] {
        Set(files.keys).union(newer.files.keys).filter { files[$0] != newer.files[$0] }.sorted()
    }
}
