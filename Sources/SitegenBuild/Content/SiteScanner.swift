import Foundation
import SitegenCore

/// Finds every file of a site folder: Markdown pages and assets, skipping hidden files, the
/// configuration and ignored paths, and refusing names that collide on case-insensitive disks.
enum SiteScanner {
    static let configFileName = "sitegen.yml"

    static func scan(_ root: URL, displayRoot: String, ignore: [GlobPattern]) throws(InputError) -> [SourceFile] {
        let keys: [URLResourceKey] = [.isRegularFileKey, .isDirectoryKey, .isSymbolicLinkKey]
        guard let enumerator = FileManager.default.enumerator(
            at: root, includingPropertiesForKeys: keys, options: [.skipsHiddenFiles])
        else {
            throw InputError("cannot read the site folder", path: displayRoot)
        }
        var files: [SourceFile] = []
        let prefix = root.standardizedFileURL.resolvingSymlinksInPath().path + "/"
        for case let url as URL in enumerator {
            let full = url.standardizedFileURL.resolvingSymlinksInPath().path
            guard full.hasPrefix(prefix), let path = SitePath(normalizing: String(full.dropFirst(prefix.count))) else { continue }
            if ignore.contains(where: { $0.matches(path.rawValue) }) {
                if (try? url.resourceValues(forKeys: [.isDirectoryKey]))?.isDirectory == true {
                    enumerator.skipDescendants()
                }
                continue
            }
            let values = try? url.resourceValues(forKeys: Set(keys))
            let absolute = root.appendingPathComponent(path.rawValue)
            var isFile = values?.isRegularFile == true
            if values?.isSymbolicLink == true {
                var isDirectory: ObjCBool = false
                isFile = FileManager.default.fileExists(atPath: absolute.path, isDirectory: &isDirectory) && !isDirectory.boolValue
            }
            guard isFile, path.rawValue != configFileName else { continue }
            files.append(SourceFile(path: path, kind: path.pathExtension == "md" ? .markdown : .asset, fileURL: absolute))
        }
        files.sort { $0.path < $1.path }
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
