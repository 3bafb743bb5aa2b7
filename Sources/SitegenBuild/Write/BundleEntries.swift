import Foundation

/// The entries of an open folder of the previous bundle, as `readdir` lists them: what the checks
/// of what a bundle holds (`OutputFolderListing`, `LinkedFolders`) walk.
enum BundleEntries {
    enum Kind { case folder, link, other }

    /// Calls `body` with each entry's name (`nil` when it is not UTF-8, which no `String` names)
    /// and kind, asked of the file system, without following a link, only where the listing does
    /// not say it.
    static func forEach(in folder: Int32, _ body: (_ name: String?, _ kind: Kind) -> Void) {
        let copy = dup(folder)
        guard copy >= 0, let handle = fdopendir(copy) else {
            if copy >= 0 { close(copy) }
            return
        }
        defer { closedir(handle) }
        while let entry = readdir(handle) {
            let name: String?? = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                let bytes = raw.prefix { $0 != 0 }
                guard !(bytes.elementsEqual(".".utf8) || bytes.elementsEqual("..".utf8)) else { return .none }
                return .some(String(validating: bytes, as: UTF8.self))
            }
            guard let name else { continue }
            var type = entry.pointee.d_type
            if type == UInt8(DT_UNKNOWN), let name {
                var info = stat()
                if fstatat(folder, name, &info, AT_SYMLINK_NOFOLLOW) == 0 {
                    type = info.st_mode & S_IFMT == S_IFDIR ? UInt8(DT_DIR) : info.st_mode & S_IFMT == S_IFLNK ? UInt8(DT_LNK) : 0
                }
            }
            body(name, type == UInt8(DT_DIR) ? .folder : type == UInt8(DT_LNK) ? .link : .other)
        }
    }
}
