import Foundation
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
        let ok = bytes.withUnsafeBytes {
            FileManager.default.createFile(atPath: directory.path + "/" + path.rawValue, contents: Data($0))
        }
        if !ok { throw InputError("cannot write file", path: displayPath + path.rawValue) }
    }
}
