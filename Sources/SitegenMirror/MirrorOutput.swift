import Foundation
import SitegenBundleCore
import SitegenCore

/// Writes a mirror into a staged folder beside its destination, with its manifest; the caller
/// crawls it, then commits or discards it, exactly as `sitegen build` does with its bundle.
public enum MirrorOutput {
    /// Writes `result`'s files and `manifest.json` into a new staging folder beside `destination`;
    /// returns the folder and the manifest written, whose aliases include the folder indexes
    /// (`guide/` for `guide/index.html`) that `result.aliases` leaves to the scan. A failure is
    /// one line naming the file or folder (`out/download/: cannot make the folder: file exists`).
    public static func write(
        _ result: MirrorResult, to destination: URL, displayPath: String, origin: BundleOrigin, generator: String
    ) async throws(InputError) -> (folder: StagedFolder, manifest: Manifest) {
        let output = try StagedFolder.create(for: destination, displayPath: displayPath)
        do {
            let manifest = try await write(
                result, into: output.directory, displayPath: displayPath, origin: origin, generator: generator)
            return (output, manifest)
        } catch {
            output.discard()
            throw error
        }
    }

    private static func write(
        _ result: MirrorResult, into staging: URL, displayPath: String, origin: BundleOrigin, generator: String
    ) async throws(InputError) -> Manifest {
        let fileManager = FileManager.default
        for (path, bytes) in result.files.sorted(by: { $0.key < $1.key }) {
            let file = staging.appendingPathComponent(path)
            let folder = SitePath(unchecked: path).parent.rawValue
            do {
                try fileManager.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            } catch {
                throw InputError("cannot make the folder: \(error.fileErrorReason)", path: displayPath + folder + "/")
            }
            do {
                try bytes.write(to: file)
            } catch {
                throw InputError("cannot write file: \(error.fileErrorReason)", path: displayPath + path)
            }
        }
        let manifest: Manifest
        do {
            manifest = try await Manifest.scan(
                bundle: staging, origin: origin, entryPath: result.entryPath, aliases: result.aliases, generator: generator)
        } catch {
            let reason = (error as? ManifestError)?.message ?? error.fileErrorReason
            throw InputError("cannot write the manifest: \(reason)", path: displayPath + Manifest.fileName)
        }
        do {
            try manifest.encoded().write(to: staging.appendingPathComponent(Manifest.fileName))
        } catch {
            throw InputError("cannot write the manifest: \(error.fileErrorReason)", path: displayPath + Manifest.fileName)
        }
        return manifest
    }
}
