import Foundation
import SitegenCore

/// A bundle folder named on the command line (`verify DIR`, `resolve DIR`, `serve --bundle DIR`):
/// one that is missing or a file is said so, named as typed, before its manifest is looked for.
enum BundleFolderArgument {
    /// `DIR: error: no such folder` or `not a folder (a file)`, or nil when `path` is a folder.
    static func problem(_ path: String, workingDirectory: URL) -> String? {
        var isDirectory: ObjCBool = false
        guard
            FileManager.default.fileExists(atPath: FolderPlace.url(path, from: workingDirectory).path, isDirectory: &isDirectory)
        else { return "\(path): error: no such folder\n" }
        return isDirectory.boolValue ? nil : "\(path): error: not a folder (a file)\n"
    }
}
