import Foundation
import SitegenCore

/// Finds every file of a site folder: Markdown pages and assets, skipping hidden files, the
/// configuration and ignored paths, and refusing names that collide on case-insensitive disks.
enum SiteScanner {
    static let configFileName = "sitegen.yml"

    static func scan(_ root: URL, displayRoot: String, ignore: [GlobPattern]) throws(InputError) -> [SourceFile] {
        guard DirectoryWalker.realPath(root.path) != nil else {
            throw InputError("cannot read the site folder", path: displayRoot)
        }
        let entries = DirectoryWalker.entries(below: root.path) { path, _ in
            ignore.contains { $0.matches(path) }
        }
        var files: [SourceFile] = []
        files.reserveCapacity(entries.count)
        for entry in entries where entry.path != configFileName {
            guard let path = SitePath(normalizing: entry.path) else { continue }
            files.append(
                SourceFile(
                    path: path, kind: path.pathExtension == "md" ? .markdown : .asset,
                    fileURL: root.appendingPathComponent(entry.path), size: entry.size, modified: entry.modified))
        }
        try checkCaseCollisions(files.map(\.path.rawValue), displayRoot: displayRoot)
        return files
    }

    /// Two paths equal but for case overwrite each other on macOS and Windows disks.
    static func checkCaseCollisions(_ paths: [String], displayRoot: String) throws(InputError) {
        var seen: [String: String] = [:]
        for path in paths {
            let folded = path.lowercased()
            if let other = seen[folded] {
                throw InputError(
                    "'\(path)' and '\(other)' differ only in letter case and collide on case-insensitive disks",
                    path: displayRoot + path)
            }
            seen[folded] = path
        }
    }
}
