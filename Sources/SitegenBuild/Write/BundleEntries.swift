import Foundation
import SitegenCore

/// The entries of an open folder of the previous bundle, as `readdir` lists them: what the checks
/// of what a bundle holds (`OutputFolderListing`, `LinkedFolders`) walk.
enum BundleEntries {
    enum Kind { case folder, link, other }

    /// An entry's name as `readdir` left it: a string is made only of the names a caller keeps
    /// (10,000 files of a bundle are looked at on every rebuild).
    struct Name {
        /// The name's bytes, without the NUL that follows them in memory.
        let bytes: UnsafeRawBufferPointer

        /// For C calls relative to the folder (`fstatat`, `openat`).
        var cString: UnsafePointer<CChar> { bytes.baseAddress!.assumingMemoryBound(to: CChar.self) }

        /// The name as a string; `nil` when it is not UTF-8, which no path of a build is.
        var string: String? { String(validating: bytes, as: UTF8.self) }

        /// `prefix` (a folder's path with its trailing `/`, or empty) followed by the name; `nil`
        /// when the name is not UTF-8.
        func path(after prefix: String) -> String? {
            guard bytes.allSatisfy({ $0 < 0x80 }) || string != nil else { return nil }
            return EntryPath.joined(prefix, bytes)
        }
    }

    /// Calls `body` with each entry's name and kind, asked of the file system, without following
    /// a link, only where the listing does not say it.
    static func forEach(in folder: Int32, _ body: (_ name: Name, _ kind: Kind) -> Void) {
        let copy = dup(folder)
        guard copy >= 0, let handle = fdopendir(copy) else {
            if copy >= 0 { close(copy) }
            return
        }
        defer { closedir(handle) }
        while let entry = readdir(handle) {
            withUnsafeBytes(of: entry.pointee.d_name) { raw in
                let length = raw.firstIndex(of: 0) ?? raw.count
                let name = Name(bytes: UnsafeRawBufferPointer(rebasing: raw[..<length]))
                let dot = UInt8(ascii: ".")
                guard !(length >= 1 && raw[0] == dot && (length == 1 || (length == 2 && raw[1] == dot))) else { return }
                var type = entry.pointee.d_type
                if type == UInt8(DT_UNKNOWN) {
                    var info = stat()
                    if fstatat(folder, name.cString, &info, AT_SYMLINK_NOFOLLOW) == 0 {
                        type =
                            info.st_mode & S_IFMT == S_IFDIR
                            ? UInt8(DT_DIR) : info.st_mode & S_IFMT == S_IFLNK ? UInt8(DT_LNK) : 0
                    }
                }
                body(name, type == UInt8(DT_DIR) ? .folder : type == UInt8(DT_LNK) ? .link : .other)
            }
        }
    }
}
