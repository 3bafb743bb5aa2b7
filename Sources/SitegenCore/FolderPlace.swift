import Foundation

/// Where one folder is relative to another, by their canonical paths: symbolic links of the
/// existing part resolved, `.` and `..` removed. Used to keep an output folder, which is replaced
/// whole, from being or holding a folder of the user's.
public enum FolderPlace {
    /// The file URL of `path` as a command line gives it: absolute as it is, else below `base`
    /// (the working directory).
    public static func url(_ path: String, from base: URL) -> URL {
        path.hasPrefix("/") ? URL(fileURLWithPath: path) : base.appendingPathComponent(path)
    }

    /// The canonical path of `url`: symbolic links of its existing part resolved, the rest appended.
    public static func real(_ url: URL) -> String {
        var existing = url.standardizedFileURL
        var rest: [String] = []
        while DirectoryWalker.realPath(existing.path) == nil, existing.path != "/" {
            rest.insert(existing.lastPathComponent, at: 0)
            existing.deleteLastPathComponent()
        }
        let base = DirectoryWalker.realPath(existing.path) ?? existing.path
        return rest.reduce(base) { path, part in path.hasSuffix("/") ? path + part : path + "/" + part }
    }

    /// Whether canonical `path` is strictly below canonical `folder`.
    public static func isInside(_ path: String, _ folder: String) -> Bool {
        path.hasPrefix(folder.hasSuffix("/") ? folder : folder + "/")
    }
}
