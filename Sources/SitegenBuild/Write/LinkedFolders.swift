import Foundation

/// The symbolic links to folders in a previous bundle (put there by hand: a build writes none).
/// Its files seen through one are not the bundle's, and are never kept by a new build, even when
/// the link leads to a copy of the same size.
enum LinkedFolders {
    /// The bundle-relative paths of every symbolic link in `bundle` that leads to a folder;
    /// folders are read by their entries' types, without a `stat` per file.
    static func find(in bundle: URL) -> Set<String> {
        var found = Set<String>()
        walk(bundle.path, prefix: "", into: &found)
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

    private static func walk(_ folder: String, prefix: String, into found: inout Set<String>) {
        guard let handle = opendir(folder) else { return }
        defer { closedir(handle) }
        while let entry = readdir(handle) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name == "." || name == ".." { continue }
            var type = entry.pointee.d_type
            if type == UInt8(DT_UNKNOWN) {
                var info = stat()
                guard lstat(folder + "/" + name, &info) == 0 else { continue }
                type = (info.st_mode & S_IFMT) == S_IFDIR ? UInt8(DT_DIR) : (info.st_mode & S_IFMT) == S_IFLNK ? UInt8(DT_LNK) : 0
            }
            if type == UInt8(DT_DIR) {
                walk(folder + "/" + name, prefix: prefix + name + "/", into: &found)
            } else if type == UInt8(DT_LNK) {
                var info = stat()
                if stat(folder + "/" + name, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR { found.insert(prefix + name) }
            }
        }
    }
}
