import Foundation

/// A folder being written into a temporary sibling of its destination (`.dist.sitegen-…`), so that
/// readers see either the previous folder or the complete new one, never a half-written mix.
/// `commit()` swaps it in: in one step on Linux, else with two renames (restoring the previous folder
/// if the second fails). `discard()` removes it and leaves the previous one untouched. Used by
/// `sitegen build` and `sitegen mirror`.
public struct StagedFolder: Sendable {
    /// Where the new folder is being written.
    public let directory: URL
    /// The folder it replaces on commit (`dist/`).
    public let destination: URL
    /// How the destination is named in messages (`dist/`).
    public let displayPath: String
    /// The folders above the destination that `create` made (`new/` of `new/dist/`), deepest first:
    /// a discarded build removes them again, if still empty.
    var createdParents: [String] = []

    /// Creates an empty staging folder beside `destination`. Fails when `destination` is a file, or a
    /// folder that is not empty and holds no sitegen bundle, unless the caller knows the folder is its
    /// own output (`isKnownOutput`: a build's cache beside it, when its manifest was deleted by hand).
    public static func create(
        for destination: URL, displayPath: String, isKnownOutput: Bool = false
    ) throws(InputError) -> StagedFolder {
        let fileManager = FileManager.default
        // A symbolic link is kept: the folder it points to is what is replaced.
        var destination = destination
        var link = stat()
        if lstat(destination.path, &link) == 0, (link.st_mode & S_IFMT) == S_IFLNK {
            guard let target = DirectoryWalker.realPath(destination.path) else {
                throw InputError("the output path is \(brokenLinkKind())", path: displayPath)
            }
            destination = URL(fileURLWithPath: target)
        }
        var isDirectory: ObjCBool = false
        if fileManager.fileExists(atPath: destination.path, isDirectory: &isDirectory), !isDirectory.boolValue {
            throw InputError.outputIsNotAFolder(displayPath: displayPath)
        }
        if isDirectory.boolValue, !isKnownOutput, !isEmptyFolder(destination.path), !holdsBundle(destination.path) {
            throw InputError(
                "the output folder is not empty and holds no sitegen bundle, and would be replaced as a whole: remove it or choose another output folder",
                path: displayPath)
        }
        let parent = destination.deletingLastPathComponent()
        TemporarySibling.removeLeftovers(besides: destination)
        let staging = parent.appendingPathComponent(TemporarySibling.name(".\(destination.lastPathComponent).sitegen-"))
        var missing: [String] = []
        var above = parent.standardizedFileURL
        var entry = stat()
        while above.path != "/", lstat(above.path, &entry) != 0 {
            missing.append(above.path)
            above = above.deletingLastPathComponent()
        }
        // The first entry above that is there must be a folder: `--out notes.txt/dist` names a file,
        // `--out gone/dist` a link to nothing.
        if (entry.st_mode & S_IFMT) == S_IFLNK, DirectoryWalker.realPath(above.path) == nil {
            throw InputError(
                "cannot create the output folder: '\(above.lastPathComponent)' above it is \(brokenLinkKind())",
                path: displayPath)
        }
        var aboveIsFolder: ObjCBool = true
        if fileManager.fileExists(atPath: above.path, isDirectory: &aboveIsFolder), !aboveIsFolder.boolValue {
            throw InputError(
                "cannot create the output folder: '\(above.lastPathComponent)' above it is a file, not a folder",
                path: displayPath)
        }
        do {
            try fileManager.createDirectory(at: parent, withIntermediateDirectories: true)
        } catch {
            throw InputError("cannot create the output folder: \(reason(error))", path: displayPath)
        }
        do {
            try fileManager.createDirectory(at: staging, withIntermediateDirectories: false)
        } catch {
            // The new bundle is written beside the output, then swapped in: its parent must take it.
            let folder = parent.path == "/" ? "/" : parent.lastPathComponent + "/"
            throw InputError(
                "cannot write the new bundle beside the output folder, in \(folder): \(reason(error))", path: displayPath)
        }
        return StagedFolder(
            directory: staging, destination: destination, displayPath: displayPath, createdParents: missing)
    }

    /// What a symbolic link that `realPath` could not follow is, by the `errno` it left.
    private static func brokenLinkKind() -> String {
        errno == ELOOP ? "a loop of symbolic links" : "a symbolic link to nothing"
    }

    /// The previous folder, replaced by a commit, that could not be deleted (a read-only folder in
    /// it): it stays beside the destination under a hidden name, a copy on the disk each build.
    public struct Leftover: Sendable, Equatable, CustomStringConvertible {
        /// Where it is, as messages name the destination's folder (`.dist.sitegen-…`).
        public var displayPath: String
        /// The system's reason (`Permission denied`).
        public var reason: String

        public var description: String {
            "the previous bundle could not be deleted (\(reason)) and is left at \(displayPath): make it writable "
                + "(chmod -R u+w) and delete it"
        }
    }

    /// Replaces the destination with the staged folder; what is left of the previous folder when
    /// it could not be deleted.
    @discardableResult
    public func commit() throws(InputError) -> Leftover? {
        let fileManager = FileManager.default
        let old = destination.deletingLastPathComponent()
            .appendingPathComponent(TemporarySibling.name(".\(destination.lastPathComponent).old-"))
        let hadPrevious = fileManager.fileExists(atPath: destination.path)
        // One step where the system can: no instant without the destination, for a server reading it
        // or a build that is killed.
        if hadPrevious, FolderExchange.exchange(directory.path, destination.path) {
            return Self.delete(directory, shownBeside: displayPath)  // the previous folder, now under the staging name
        }
        do {
            if hadPrevious { try fileManager.moveItem(at: destination, to: old) }
            do {
                try fileManager.moveItem(at: directory, to: destination)
            } catch {
                if hadPrevious { try? fileManager.moveItem(at: old, to: destination) }
                throw error
            }
        } catch {
            discard()
            throw InputError("cannot replace the output folder: \(Self.reason(error))", path: displayPath)
        }
        return hadPrevious ? Self.delete(old, shownBeside: displayPath) : nil
    }

    /// Deletes a replaced folder; where it stays and why when it cannot be (wholly) deleted.
    private static func delete(_ folder: URL, shownBeside displayPath: String) -> Leftover? {
        do {
            try FileManager.default.removeItem(at: folder)
            return nil
        } catch {
            guard FileManager.default.fileExists(atPath: folder.path) else { return nil }
            return Leftover(
                displayPath: ShownPath.folder(above: displayPath) + folder.lastPathComponent + "/", reason: reason(error))
        }
    }

    /// Removes the staged files, and the folders made for them that are still empty; the
    /// destination stays as it was.
    public func discard() {
        try? FileManager.default.removeItem(at: directory)
        for folder in createdParents where rmdir(folder) != 0 { break }
    }

    /// The system's reason for a failed file operation (`permission denied`), where Foundation on
    /// Linux gives only an error number. (`SitegenBundle`'s `fileErrorReason`, which this module
    /// cannot import.)
    private static func reason(_ error: any Error) -> String {
        guard let underlying = (error as NSError).userInfo[NSUnderlyingErrorKey] as? any Error,
            case let posix = underlying as NSError, posix.domain == NSPOSIXErrorDomain,
            let text = strerror(Int32(truncatingIfNeeded: posix.code))
        else { return error.localizedDescription }
        return String(cString: text)
    }

    private static func isEmptyFolder(_ path: String) -> Bool {
        guard let handle = opendir(path) else { return false }
        defer { closedir(handle) }
        while let entry = readdir(handle) {
            let isDotOrDotDot = withUnsafeBytes(of: entry.pointee.d_name) { name in
                name[0] == 46 && (name[1] == 0 || (name[1] == 46 && name[2] == 0))
            }
            if !isDotOrDotDot { return false }
        }
        return true
    }

    /// Whether `folder` has the `manifest.json` of a sitegen bundle (its `format` comes first): what
    /// tells a previous output from a folder of the user's (a web app's `manifest.json` is another
    /// format), before that folder is replaced whole.
    private static func holdsBundle(_ folder: String) -> Bool {
        let descriptor = open(folder + "/manifest.json", O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        var head = [UInt8](repeating: 0, count: 256)
        let count = head.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        guard count > 0 else { return false }
        let marker = Array(#""sitegen-bundle""#.utf8)
        return head[..<count].firstRange(of: marker) != nil
    }
}
