import Foundation
import SitegenBundleCore
import SitegenCore

/// Writes a mirror into a staged folder beside its destination, with its manifest; the caller
/// crawls it, then commits or discards it, exactly as `sitegen build` does with its bundle.
public enum MirrorOutput {
    /// Writes `result`'s files and `manifest.json` into a new staging folder beside `destination`;
    /// returns the folder and the manifest written, whose aliases include the folder indexes
    /// (`guide/` for `guide/index.html`) that `result.aliases` leaves to the scan.
    public static func write(
        _ result: MirrorResult, to destination: URL, displayPath: String, origin: BundleOrigin, generator: String
    ) async throws(InputError) -> (folder: StagedFolder, manifest: Manifest) {
        let output = try StagedFolder.create(for: destination, displayPath: displayPath)
        let staging = output.directory
        let fileManager = FileManager.default
        do {
            for (path, bytes) in result.files.sorted(by: { $0.key < $1.key }) {
                let file = staging.appendingPathComponent(path)
                try fileManager.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
                try bytes.write(to: file)
            }
            let manifest = try await Manifest.scan(
                bundle: staging, origin: origin, entryPath: result.entryPath, aliases: result.aliases, generator: generator)
            try manifest.encoded().write(to: staging.appendingPathComponent(Manifest.fileName))
            return (output, manifest)
        } catch {
            output.discard()
            throw InputError("cannot write the mirror: \(error)", path: displayPath)
        }
    }
}
