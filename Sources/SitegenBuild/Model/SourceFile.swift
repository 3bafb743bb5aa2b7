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
    /// The file's absolute path (a URL is made only when one is needed: 10,000 of them add up).
    public var filePath: String
    public var fileURL: URL { URL(fileURLWithPath: filePath) }
    /// Size and modification time (nanoseconds), for the incremental cache.
    public var size = 0
    public var modified = 0
}
