import Foundation
import SitegenCore

/// The path, size and modification time of every file below some folders: two snapshots differ
/// when a file was added, removed, or changed. Hidden files and folders (`.x`) are left out, as the
/// build leaves them out: an editor's swap file is no reason to rebuild.
///
/// Taken with `DirectoryWalker` (`readdir` and `fstatat`): at 10,000 files that is about 20 ms,
/// where Foundation's enumerator, which resolves every entry into a URL with its resource values,
/// took about 200.
public struct TreeSnapshot: Sendable, Equatable {
    private var files: [String: FileStamp]

    private struct FileStamp: Sendable, Equatable {
        var size: Int
        /// The later of the modification and status-change times, in nanoseconds since 1970: an
        /// edit that sets the modification time back still moves the status-change time.
        var modified: Int
    }

    /// Scans `roots` (missing ones count as empty).
    public init(roots: [URL]) {
        files = [:]
        for root in roots {
            let prefix = root.path.hasSuffix("/") ? root.path : root.path + "/"
            let listing = DirectoryWalker.listing(below: root.path)
            files.reserveCapacity(files.count + listing.entries.count)
            for entry in listing.entries {
                files[prefix + entry.path] = FileStamp(size: entry.size, modified: entry.stamp)
            }
            // Names the build refuses count too: adding one is a change, whose rebuild says why it fails.
            for name in listing.invalidNames { files[prefix + name] = FileStamp(size: -1, modified: 0) }
            // So does what it cannot read: a folder made unreadable is a change (its files go too).
            for entry in listing.unreadable { files[prefix + entry.shownPath] = FileStamp(size: -2, modified: 0) }
        }
    }

    /// How many files were seen.
    public var count: Int { files.count }

    /// Paths added, removed or changed between `self` and `newer`, sorted.
    public func changes(to newer: TreeSnapshot) -> [String] {
        var changed = files.compactMap { path, stamp in newer.files[path] == stamp ? nil : path }
        changed += newer.files.keys.filter { files[$0] == nil }
        return changed.sorted()
    }
}
