import Foundation
import SitegenBundleCore
import SitegenCore

/// A bundle being written beside its destination and swapped in whole (see `StagedFolder`).
public typealias StagedBundle = StagedFolder

extension StagedFolder {
    func url(for path: SitePath) -> URL { directory.appendingPathComponent(path.rawValue) }

    /// Creates every folder the given files need, once, before files are written in parallel.
    func createFolders(for paths: some Sequence<SitePath>) throws(InputError) {
        let folders = Set(paths.map(\.parent)).filter { !$0.rawValue.isEmpty }.sorted()
        for folder in folders {
            do {
                try FileManager.default.createDirectory(at: url(for: folder), withIntermediateDirectories: true)
            } catch {
                throw InputError("cannot create folder: \(error.fileErrorReason)", path: displayPath + folder.rawValue)
            }
        }
    }

    /// Hard-links the same file of the previous bundle into the staged one: same bytes, same mtime,
    /// no write. Returns false when there is no such file or its size is not the recorded one (it was
    /// edited by hand): the caller then writes it.
    func linkPrevious(_ path: SitePath, expectedSize: Int) -> Bool {
        let previous = destination.path + "/" + path.rawValue
        var info = stat()
        guard stat(previous, &info) == 0, Int(info.st_size) == expectedSize else { return false }
        return link(previous, directory.path + "/" + path.rawValue) == 0
    }

    /// Whether the previous bundle has `path` with the recorded size (not edited by hand).
    /// `folder` is the previous bundle opened (`openPrevious()`), so that 10,000 checks do not each
    /// walk its whole path again.
    func previousHas(_ path: SitePath, expectedSize: Int, in folder: Int32) -> Bool {
        Self.hasFile(path.rawValue, size: expectedSize, in: folder)
    }

    /// Whether the open folder `folder` holds a regular file at `path` of `size` bytes.
    static func hasFile(_ path: String, size: Int, in folder: Int32) -> Bool {
        var info = stat()
        return fstatat(folder, path, &info, 0) == 0 && Int(info.st_size) == size && (info.st_mode & S_IFMT) == S_IFREG
    }

    /// The previous bundle's folder, opened for `previousHas`; -1 if it cannot be. Close it after.
    func openPrevious() -> Int32 { open(destination.path, O_RDONLY | O_DIRECTORY) }

    /// Writes a file, creating its folder first if `createFolders` did not.
    func write(_ bytes: [UInt8], to path: SitePath) throws(InputError) {
        let file = directory.path + "/" + path.rawValue
        if FileBytes.write(bytes, to: file) { return }
        try? FileManager.default.createDirectory(at: url(for: path.parent), withIntermediateDirectories: true)
        if !FileBytes.write(bytes, to: file) {
            throw InputError("cannot write file: \(String(cString: strerror(errno)))", path: displayPath + path.rawValue)
        }
    }

    /// Removes the outputs that are gone and moves the files this build wrote (`written`,
    /// bundle-relative, in order: the manifest last) from the staged overlay into the previous bundle,
    /// each by an atomic rename. The overlay folder is removed.
    func apply(written: [String], removed: [String]) throws(InputError) {
        let fileManager = FileManager.default
        let target = destination.path + "/"
        // Removals first, so that a file that became a folder (or the reverse) makes way.
        // Folders by `SitePath`, not `NSString`: Foundation on Linux traps on the parent of a
        // one-letter path (`("v" as NSString).deletingLastPathComponent`).
        for path in removed {
            // An empty folder left in the output by hand is removed as a file is.
            if unlink(target + path) != 0, errno == EISDIR || errno == EPERM { rmdir(target + path) }
            var folder = SitePath(unchecked: path).parent
            while !folder.rawValue.isEmpty, rmdir(target + folder.rawValue) == 0 { folder = folder.parent }
        }
        do {
            for path in written {
                if rename(directory.path + "/" + path, target + path) != 0 {
                    let parent = target + SitePath(unchecked: path).parent.rawValue
                    try fileManager.createDirectory(atPath: parent, withIntermediateDirectories: true)
                    if rename(directory.path + "/" + path, target + path) != 0 {
                        throw InputError("cannot move a file into place", path: displayPath + path)
                    }
                }
            }
        } catch let error as InputError {
            discard()
            throw error
        } catch {
            discard()
            throw InputError("cannot update the output folder: \(error.fileErrorReason)", path: displayPath)
        }
        discard()
    }
}
