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
        // A symbolic link put there by hand is no file of the bundle, whatever it points to.
        guard lstat(previous, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, Int(info.st_size) == expectedSize
        else { return false }
        return link(previous, directory.path + "/" + path.rawValue) == 0
    }

    /// Whether the previous bundle has `path` with the recorded size (not edited by hand), as a
    /// regular file: not a symbolic link to one, which no resolver serves. `folder` is the previous
    /// bundle opened (`openPrevious()`), so that 10,000 checks do not each walk its whole path again.
    func previousHas(_ path: SitePath, expectedSize: Int, in folder: Int32) -> Bool {
        var info = stat()
        return fstatat(folder, path.rawValue, &info, AT_SYMLINK_NOFOLLOW) == 0 && Int(info.st_size) == expectedSize
            && (info.st_mode & S_IFMT) == S_IFREG
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
    /// each by an atomic rename. A step that fails undoes the ones before it, so that a failed update
    /// leaves the previous bundle as it was: a replaced file is exchanged with the new one (the old
    /// stays in the overlay until the end), a removed one is moved aside, a new one moved back.
    /// The overlay folder is removed.
    func apply(written: [String], removed: [String]) throws(InputError) {
        var update = InPlaceUpdate(staged: self)
        do throws(InputError) {
            // Removals first, so that a file that became a folder (or the reverse) makes way.
            for path in removed { try update.remove(path) }
            for path in written { try update.move(path) }
        } catch {
            update.undo()
            discard()
            throw error
        }
        discard()
    }
}

/// The steps of one in-place update, kept so that a failure can undo them in reverse.
private struct InPlaceUpdate {
    let staged: StagedFolder
    let target: String
    /// Where removed outputs wait until the update is done: a folder in the overlay, numbered names.
    let aside: String
    private var steps: [Step] = []
    private var createdFolders: [String] = []
    private var madeAside = false

    private enum Step {
        /// The output `path` moved to `aside/<index>`.
        case removed(String, Int)
        /// An empty folder removed (left by hand, or emptied by the removals).
        case removedFolder(String)
        /// The new file exchanged with the previous one, which is now in the overlay.
        case exchanged(String)
        /// The new file renamed into place, where nothing was; or, where the system cannot exchange,
        /// after the previous file was moved aside (`removed`).
        case added(String)
    }

    init(staged: StagedFolder) {
        self.staged = staged
        target = staged.destination.path + "/"
        aside = staged.directory.path + "/" + TemporarySibling.name(".removed-")
    }

    /// Moves the output `path` aside (an empty folder is removed; one that is not is left), and
    /// removes the folders that leaves empty, so that a file can take a folder's name.
    mutating func remove(_ path: String) throws(InputError) {
        var info = stat()
        guard lstat(target + path, &info) == 0 else { return }
        if (info.st_mode & S_IFMT) == S_IFDIR {
            guard rmdir(target + path) == 0 else { return }
            steps.append(.removedFolder(path))
        } else {
            if !madeAside { madeAside = mkdir(aside, 0o700) == 0 }
            let index = steps.count
            guard rename(target + path, aside + "/\(index)") == 0 else {
                throw InputError("cannot remove a file from the output folder: \(Self.reason())", path: staged.displayPath + path)
            }
            steps.append(.removed(path, index))
        }
        var folder = SitePath(unchecked: path).parent
        while !folder.rawValue.isEmpty, rmdir(target + folder.rawValue) == 0 {
            steps.append(.removedFolder(folder.rawValue))
            folder = folder.parent
        }
    }

    mutating func move(_ path: String) throws(InputError) {
        let new = staged.directory.path + "/" + path
        var info = stat()
        if lstat(target + path, &info) == 0, (info.st_mode & S_IFMT) != S_IFDIR {
            if FolderExchange.exchange(new, target + path) {
                steps.append(.exchanged(path))
                return
            }
            // Where the file system cannot exchange two names, the old file is moved aside first;
            // any other failure (no permission) is the replacement's.
            if ![EINVAL, ENOSYS, EXDEV, ENOTSUP, 0].contains(errno) {
                throw InputError("cannot replace a file of the output folder: \(Self.reason())", path: staged.displayPath + path)
            }
            try remove(path)
        }
        if rename(new, target + path) != 0 {
            try makeFolders(for: path)
            guard rename(new, target + path) == 0 else {
                throw InputError("cannot move a file into place: \(Self.reason())", path: staged.displayPath + path)
            }
        }
        steps.append(.added(path))
    }

    /// The folders above `path` that the previous bundle lacks, made and remembered.
    private mutating func makeFolders(for path: String) throws(InputError) {
        var missing: [String] = []
        var folder = SitePath(unchecked: path).parent
        var info = stat()
        while !folder.rawValue.isEmpty, lstat(target + folder.rawValue, &info) != 0 {
            missing.append(folder.rawValue)
            folder = folder.parent
        }
        for folder in missing.reversed() {
            guard mkdir(target + folder, 0o755) == 0 else {
                throw InputError("cannot create folder: \(Self.reason())", path: staged.displayPath + folder)
            }
            createdFolders.append(folder)
        }
    }

    /// Puts back what the steps changed, last first: the previous bundle as it was.
    func undo() {
        for step in steps.reversed() {
            switch step {
            case .removed(let path, let index): rename(aside + "/\(index)", target + path)
            case .removedFolder(let path): mkdir(target + path, 0o755)
            case .exchanged(let path): _ = FolderExchange.exchange(staged.directory.path + "/" + path, target + path)
            case .added(let path): rename(target + path, staged.directory.path + "/" + path)
            }
        }
        for folder in createdFolders.reversed() { rmdir(target + folder) }
    }

    private static func reason() -> String { String(cString: strerror(errno)) }
}
