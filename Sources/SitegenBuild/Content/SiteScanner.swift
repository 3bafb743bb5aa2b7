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
        let rootPath = root.path
        var files: [SourceFile] = []
        files.reserveCapacity(entries.count)
        for entry in entries where entry.path != configFileName {
            guard let path = SitePath(normalizing: entry.path) else { continue }
            files.append(
                SourceFile(
                    path: path, kind: path.pathExtension == "md" ? .markdown : .asset,
                    root: rootPath, size: entry.size, modified: entry.modified))
        }
        try checkCaseCollisions(files.map(\.path.rawValue), displayRoot: displayRoot)
        return files
    }

    /// Whether `path` has an uppercase ASCII or a non-ASCII byte: a scan over bytes, since 10,000
    /// paths are asked on every build.
    private static func mayFold(_ path: String) -> Bool {
        var path = path
        return path.withUTF8 { bytes in bytes.contains { $0 &- 0x41 < 26 || $0 >= 0x80 } }
    }

    /// Two paths equal but for case overwrite each other on macOS and Windows disks. Only paths with
    /// an uppercase or non-ASCII letter can collide, so only those are folded.
    static func checkCaseCollisions(_ paths: [String], displayRoot: String) throws(InputError) {
        var all: Set<String>?
        var folded: [String: String] = [:]
        var collisions: [(String, String)] = []
        for path in paths where mayFold(path) {
            let lower = path.lowercased()
            if lower != path {
                if all == nil { all = Set(paths) }
                if all?.contains(lower) == true { collisions.append((path, lower)) }
            }
            if let other = folded[lower] { collisions.append((path, other)) }
            folded[lower] = folded[lower].map { min($0, path) } ?? path
        }
        guard let first = collisions.map({ (max($0.0, $0.1), min($0.0, $0.1)) }).min(by: { $0 < $1 }) else { return }
        throw InputError(
            "'\(first.0)' and '\(first.1)' differ only in letter case and collide on case-insensitive disks",
            path: displayRoot + first.0)
    }
}
