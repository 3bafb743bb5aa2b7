import Foundation
import SitegenCore

/// A bundle being written into a temporary sibling of its destination. `commit()` swaps it over
/// the previous bundle with renames; `discard()` removes it and leaves the previous one untouched.
public struct StagedBundle: Sendable {
    /// Where the new bundle is being written.
    public let directory: URL
    /// The bundle folder it replaces on commit (`dist/`).
    public let destination: URL
    /// How the destination is named in messages (`dist/`).
    public let displayPath: String

    /// Creates an empty staging folder beside `destination`. Fails when `destination` is a file.
    static func create(for destination: URL, displayPath: String) throws(InputError) -> StagedBundle {
        let fileManager = FileManager.default
        var isDirectory: ObjCBool = false
        if fileManager.fileExists(atPath: destination.path, isDirectory: &isDirectory), !isDirectory.boolValue {
            throw InputError("the output path exists and is not a folder", path: displayPath)
        }
        let parent = destination.deletingLastPathComponent()
        let staging = parent.appendingPathComponent(".\(destination.lastPathComponent).sitegen-\(UUID().uuidString)")
        do {
            try fileManager.createDirectory(at: parent, withIntermediateDirectories: true)
            try fileManager.createDirectory(at: staging, withIntermediateDirectories: false)
        } catch {
            throw InputError("cannot create the output folder: \(error.localizedDescription)", path: displayPath)
        }
        return StagedBundle(directory: staging, destination: destination, displayPath: displayPath)
    }

    /// Replaces the destination with the staged bundle.
    public func commit() throws(InputError) {
        do {
            try DirectorySwap.replace(destination, with: directory)
        } catch {
            discard()
            throw InputError("cannot replace the output folder: \(error.localizedDescription)", path: displayPath)
        }
    }

    /// Removes the staged files; the destination stays as it was.
    public func discard() {
        try? FileManager.default.removeItem(at: directory)
    }

    func url(for path: SitePath) -> URL { directory.appendingPathComponent(path.rawValue) }

    /// Creates every folder the given files need, once, before files are written in parallel.
    func createFolders(for paths: some Sequence<SitePath>) throws(InputError) {
        let folders = Set(paths.map(\.parent)).filter { !$0.rawValue.isEmpty }.sorted()
        for folder in folders {
            do {
                try FileManager.default.createDirectory(at: url(for: folder), withIntermediateDirectories: true)
            } catch {
                throw InputError("cannot create folder: \(error.localizedDescription)", path: displayPath + folder.rawValue)
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

    func write(_ bytes: [UInt8], to path: SitePath) throws(InputError) {
        let ok = bytes.withUnsafeBytes { FileManager.default.createFile(atPath: directory.path + "/" + path.rawValue, contents: Data($0)) }
        if !ok { throw InputError("cannot write file", path: displayPath + path.rawValue) }
    }
}
