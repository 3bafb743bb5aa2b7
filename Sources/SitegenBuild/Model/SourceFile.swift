import Foundation
import SitegenCore

/// A file found in the site folder.
public struct SourceFile: Sendable, Hashable {
    public enum Kind: Sendable, Hashable {
        /// A `*.md` page.
        case markdown
        /// Anything else: copied into the bundle as it is.
        case asset
    }

    public var path: SitePath
    public var kind: Kind
    /// The folder `path` is relative to, shared by every file of a scan.
    public var root: String
    /// Size and a stamp of the file's times and identity (`DirectoryWalker.Entry.stamp`), for the
    /// incremental cache: an edit that keeps the size and sets the modification time back still
    /// moves the status-change time, and another file taking the path (two folders swapped, a
    /// symbolic link pointed elsewhere) has another inode.
    public var size = 0
    public var modified = 0

    /// The file's absolute path, made only when it is read: 10,000 of them add up.
    public var filePath: String { root + "/" + path.rawValue }
}
