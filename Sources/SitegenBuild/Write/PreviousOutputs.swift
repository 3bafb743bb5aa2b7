import Foundation
import SitegenBundleCore
import SitegenCore

/// The files of the previous bundle still as the cache recorded them: there, regular files, of the
/// recorded size (not deleted or edited by hand). Checked in the background while pages are parsed
/// and the nav is built, so that a rebuild in place does not stat 10,000 outputs on its way.
struct PreviousOutputs: Sendable {
    /// Recorded outputs that are not as recorded: almost always none.
    private let damaged: Set<String>
    /// What the folder holds besides the recorded outputs and the manifest (`StrayFiles`): almost always nothing.
    let strays: [String]

    /// `nil` when the previous bundle cannot be opened. One walk of the folder finds the strays and
    /// looks at each recorded output it lists; only when some output was not listed (deleted, or
    /// its folder replaced) is every recorded path looked up, in `order`, which lists them folder by
    /// folder (the cache's order), so that each folder is opened once.
    static func check(_ outputs: [String: BuildCache.OutputRecord], order: [String], in bundle: URL) -> PreviousOutputs? {
        let root = open(bundle.path, O_RDONLY | O_DIRECTORY)
        guard root >= 0 else { return nil }
        defer { close(root) }
        var damaged = Set<String>()
        var listed = 0
        // Looked up in the records themselves (a `String` key also matches another spelling of it, so
        // the bytes are compared too) rather than in a set of 10,000 keys made for the purpose.
        let strays = StrayFiles.find(in: root) { folder, name, path in
            guard let index = outputs.index(forKey: path), ByteKey(outputs[index].key) == ByteKey(path) else {
                return path == Manifest.fileName
            }
            listed += 1
            if !StagedBundle.hasFile(name, size: outputs[index].value.size, in: folder) { damaged.insert(path) }
            return true
        }
        if listed < outputs.count {
            var folder = FolderCursor(root: root)
            defer { folder.closeFolder() }
            for path in order.count == outputs.count ? order : Array(outputs.keys) {
                guard let record = outputs[path] else { continue }
                let (descriptor, name) = folder.open(parentOf: SitePath(unchecked: path))
                if descriptor < 0 || !StagedBundle.hasFile(name, size: record.size, in: descriptor) { damaged.insert(path) }
            }
        }
        return PreviousOutputs(damaged: damaged, strays: strays)
    }

    /// Whether the recorded output `path` is as recorded. Only asked about paths the cache records.
    func isIntact(_ path: SitePath) -> Bool { !damaged.contains(path.rawValue) }
}

/// The folder of the last path looked at, kept open while the next paths are in it too.
private struct FolderCursor {
    let root: Int32
    private var parent = SitePath(unchecked: "")
    private var descriptor: Int32 = -1

    init(root: Int32) { self.root = root }

    /// The open folder holding `path` (`root` for a top-level file; -1 if it cannot be opened) and
    /// the file's name in it.
    mutating func open(parentOf path: SitePath) -> (Int32, String) {
        if path.isDirectlyInside(SitePath(unchecked: "")) { return (root, path.rawValue) }
        if descriptor < 0 || !path.isDirectlyInside(parent) {
            closeFolder()
            parent = path.parent
            descriptor = Self.openFolder(parent.rawValue, in: root)
        }
        return (descriptor, path.lastComponent)
    }

    /// The folder at `path` below `root`, each of its names a folder, none a symbolic link: the
    /// files of a folder replaced by a link to a copy are not the bundle's (-1).
    private static func openFolder(_ path: String, in root: Int32) -> Int32 {
        var folder = root
        for name in path.split(separator: "/") {
            let next = openat(folder, String(name), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
            if folder != root { close(folder) }
            guard next >= 0 else { return -1 }
            folder = next
        }
        return folder == root ? dup(root) : folder
    }

    mutating func closeFolder() {
        if descriptor >= 0 { close(descriptor) }
        descriptor = -1
    }
}
