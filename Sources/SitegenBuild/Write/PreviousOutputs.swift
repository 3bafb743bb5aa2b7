import Foundation
import SitegenBundleCore
import SitegenCore

/// The files of the previous bundle still as the cache recorded them: there, regular files, of the
/// recorded size (not deleted or edited by hand). Checked against the folder's listing, which is
/// made while the cache is read, so that a rebuild in place does not stat 10,000 outputs on its way.
struct PreviousOutputs: Sendable {
    /// Recorded outputs that are not as recorded: almost always none.
    private let damaged: Set<String>
    /// What the folder holds besides the recorded outputs and the manifest, put there by hand or by
    /// another tool: files, links, and folders with nothing in them (a folder of strays is listed
    /// by its files; removing them removes the emptied folders). A rebuild in place removes them,
    /// as a clean build, which replaces the folder, leaves them out. Almost always nothing.
    let strays: [String]

    /// The recorded `outputs` checked against `listing`, the folder as it was listed. A recorded
    /// output the listing has not (deleted, or its folder replaced by a link) is looked for by its
    /// bytes among everything listed, only when some is missing.
    static func check(_ outputs: [SitePath: BuildCache.OutputRecord], listing: OutputFolderListing) -> PreviousOutputs {
        var damaged = Set<String>()
        var strays = listing.emptyFolders
        var listed = 0
        for file in listing.files {
            // Looked up in the records themselves (a `String` key also matches another spelling of
            // it, so the bytes are compared too) rather than in a set of 10,000 keys made for the purpose.
            guard let index = outputs.index(forKey: SitePath(unchecked: file.path)),
                ByteKey(outputs[index].key.rawValue) == ByteKey(file.path)
            else {
                if file.path != Manifest.fileName { strays.append(file.path) }
                continue
            }
            listed += 1
            if file.size != outputs[index].value.size { damaged.insert(file.path) }
        }
        if listed < outputs.count {
            let present = Set(listing.files.map { ByteKey($0.path) })
            for path in outputs.keys where !present.contains(ByteKey(path.rawValue)) { damaged.insert(path.rawValue) }
        }
        return PreviousOutputs(damaged: damaged, strays: strays)
    }

    /// Whether the recorded output `path` is as recorded. Only asked about paths the cache records.
    func isIntact(_ path: SitePath) -> Bool { !damaged.contains(path.rawValue) }
}
