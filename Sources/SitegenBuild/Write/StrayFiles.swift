import Foundation
import SitegenBundleCore

/// What the output folder holds that the previous build did not write: files and folders put there
/// by hand or by another tool. A rebuild in place removes them, as a clean build, which replaces the
/// folder, leaves them out (and `sitegen verify` calls them extra).
enum StrayFiles {
    /// Paths below the folder open at `root` that `isKnown` (which compares bytes) refuses: files,
    /// symbolic links, and folders with nothing in them. A folder of strays is listed by its files
    /// (removing them removes the emptied folders). Names that are not UTF-8 are left alone: no
    /// path of this build can be one, and no `String` names them.
    /// `isKnown` is asked with the open folder, the name in it and the path of every entry but a folder.
    static func find(in root: Int32, isKnown: (_ folder: Int32, _ name: String, _ path: String) -> Bool) -> [String] {
        var strays: [String] = []
        walk(root, prefix: "", isKnown: isKnown, into: &strays)
        return strays
    }

    /// Whether the folder at `prefix` held anything.
    @discardableResult
    private static func walk(
        _ folder: Int32, prefix: String, isKnown: (Int32, String, String) -> Bool, into strays: inout [String]
    ) -> Bool {
        var holdsAnything = false
        BundleEntries.forEach(in: folder) { name, kind in
            holdsAnything = true
            guard let name else { return }
            let path = prefix + name
            if kind == .folder {
                let inner = openat(folder, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW)
                guard inner >= 0 else { return }
                defer { close(inner) }
                if !walk(inner, prefix: path + "/", isKnown: isKnown, into: &strays) { strays.append(path) }
            } else if !isKnown(folder, name, path) {
                strays.append(path)
            }
        }
        return holdsAnything
    }
}
