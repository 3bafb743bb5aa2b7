import Foundation
import SitegenBundle
import SitegenCore

/// A mirror written into a temporary sibling of its destination with its manifest; `commit()`
/// swaps it over the previous folder with renames, `discard()` leaves the previous one untouched.
/// (The same protocol as `sitegen build`'s staged bundle, which this module may not import.)
public struct MirrorOutput: Sendable {
    /// Where the mirror is being written.
    public let directory: URL
    /// The folder it replaces on commit.
    public let destination: URL
    /// How the destination is named in messages (`out/`).
    public let displayPath: String

    /// Writes `result`'s files and `manifest.json` into a new staging folder beside `destination`.
    public static func write(
        _ result: MirrorResult, to destination: URL, displayPath: String, origin: BundleOrigin, generator: String
    ) async throws(InputError) -> MirrorOutput {
        let fileManager = FileManager.default
        var isDirectory: ObjCBool = false
        if fileManager.fileExists(atPath: destination.path, isDirectory: &isDirectory), !isDirectory.boolValue {
            throw InputError("the output path exists and is not a folder", path: displayPath)
        }
        let parent = destination.deletingLastPathComponent()
        let staging = parent.appendingPathComponent(".\(destination.lastPathComponent).sitegen-\(UUID().uuidString)")
        let output = MirrorOutput(directory: staging, destination: destination, displayPath: displayPath)
        do {
            try fileManager.createDirectory(at: staging, withIntermediateDirectories: true)
            for (path, bytes) in result.files.sorted(by: { $0.key < $1.key }) {
                let file = staging.appendingPathComponent(path)
                try fileManager.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
                try bytes.write(to: file)
            }
            let manifest = try await Manifest.scan(
                bundle: staging, origin: origin, entryPath: result.entryPath, aliases: result.aliases, generator: generator)
            try manifest.encoded().write(to: staging.appendingPathComponent(Manifest.fileName))
        } catch {
            output.discard()
            throw InputError("cannot write the mirror: \(error)", path: displayPath)
        }
        return output
    }

    /// Replaces the destination with the staged mirror.
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
}
