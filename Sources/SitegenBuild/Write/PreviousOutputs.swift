import Foundation
import SitegenCore

/// The files of the previous bundle still as the cache recorded them: there, regular files, of the
/// recorded size (not deleted or edited by hand). Checked in the background while pages are parsed
/// and the nav is built, so that a rebuild in place does not stat 10,000 outputs on its way.
struct PreviousOutputs: Sendable {
    private let intact: Set<String>

    /// `nil` when the previous bundle cannot be opened.
    static func check(_ outputs: [String: BuildCache.OutputRecord], in bundle: URL) -> PreviousOutputs? {
        let folder = open(bundle.path, O_RDONLY | O_DIRECTORY)
        guard folder >= 0 else { return nil }
        defer { close(folder) }
        var intact = Set<String>(minimumCapacity: outputs.count)
        for (path, record) in outputs where StagedBundle.hasFile(path, size: record.size, in: folder) {
            intact.insert(path)
        }
        return PreviousOutputs(intact: intact)
    }

    func isIntact(_ path: SitePath) -> Bool { intact.contains(path.rawValue) }
}
