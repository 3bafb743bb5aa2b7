import Foundation

/// The symbolic links to folders in a previous bundle (put there by hand: a build writes none).
/// Its files seen through one are not the bundle's, and are never kept by a new build, even when
/// the link leads to a copy of the same size.
enum LinkedFolders {
    /// The bundle-relative paths of every symbolic link in `bundle` that leads to a folder;
    /// folders are read by their entries' types (`BundleEntries`), without a `stat` per file.
    static func find(in bundle: URL) -> Set<String> {
        var found = Set<String>()
        let root = open(bundle.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard root >= 0 else { return found }
        defer { close(root) }
        walk(root, prefix: "", into: &found)
        return found
    }

    /// Whether `path` is below one of `folders`.
    static func contains(_ path: String, in folders: Set<String>) -> Bool {
        guard !folders.isEmpty else { return false }
        var folder = Substring(path)
        while let slash = folder.lastIndex(of: "/") {
            folder = folder[..<slash]
            if folders.contains(String(folder)) { return true }
        }
        return false
    }

    private static func walk(_ folder: Int32, prefix: String, into found: inout Set<String>) {
        BundleEntries.forEach(in: folder) { name, kind in
            switch kind {
            case .folder:
                guard let path = name.path(after: prefix) else { return }
                let inner = openat(folder, name.cString, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
                guard inner >= 0 else { return }
                defer { close(inner) }
                walk(inner, prefix: path + "/", into: &found)
            case .link:
                guard let path = name.path(after: prefix) else { return }
                var info = stat()
                if fstatat(folder, name.cString, &info, 0) == 0, info.st_mode & S_IFMT == S_IFDIR { found.insert(path) }
            case .other:
                break
            }
        }
    }
}
