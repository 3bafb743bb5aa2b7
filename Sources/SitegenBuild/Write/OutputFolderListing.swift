import Foundation

/// The previous bundle's folder as it lies on disk: every file below it, with its size when it is a
/// regular file, and the folders with nothing in them. Listed while the cache that says what the
/// folder should hold is read: a `stat` for each of 10,000 files is most of what checking it costs.
struct OutputFolderListing: Sendable {
    struct File: Sendable {
        /// Relative to the folder, `/`-separated.
        var path: String
        /// `nil` for anything but a regular file (a symbolic link, a pipe), asked without following a link.
        var size: Int?
    }

    private(set) var files: [File] = []
    /// Folders that hold nothing: no build writes one.
    private(set) var emptyFolders: [String] = []

    /// `nil` when the folder cannot be opened. Folders are entered without following links: a
    /// folder replaced by a link to a copy lists as one entry, not as the files of the copy. Names
    /// that are not UTF-8 are left out: no path of a build can be one.
    static func list(_ bundle: URL) -> OutputFolderListing? {
        let root = open(bundle.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard root >= 0 else { return nil }
        defer { close(root) }
        var listing = OutputFolderListing()
        listing.files.reserveCapacity(1024)
        listing.walk(root, prefix: "")
        return listing
    }

    /// Whether the folder at `prefix` held anything.
    @discardableResult
    private mutating func walk(_ folder: Int32, prefix: String) -> Bool {
        var holdsAnything = false
        BundleEntries.forEach(in: folder) { name, kind in
            holdsAnything = true
            guard let path = name.path(after: prefix) else { return }
            if kind == .folder {
                let inner = openat(folder, name.cString, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
                guard inner >= 0 else { return }
                defer { close(inner) }
                if !walk(inner, prefix: path + "/") { emptyFolders.append(path) }
            } else {
                var info = stat()
                let isFile =
                    fstatat(folder, name.cString, &info, AT_SYMLINK_NOFOLLOW) == 0 && info.st_mode & S_IFMT == S_IFREG
                files.append(File(path: path, size: isFile ? Int(info.st_size) : nil))
            }
        }
        return holdsAnything
    }
}
