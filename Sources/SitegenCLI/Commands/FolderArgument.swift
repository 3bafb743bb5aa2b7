import Foundation
import SitegenBundleCore
import SitegenCore

/// A folder named on the command line for a command to read (`check DIR`, `verify DIR`, `resolve
/// DIR`, `serve --bundle DIR`): one that is missing or a file is said so, named as typed, before
/// anything in it is looked for.
enum FolderArgument {
    /// `DIR: error: no such folder` or `not a folder (a file)` as an input error, or nil when
    /// `path` is a folder.
    static func problem(_ path: String, workingDirectory: URL) -> InputError? {
        var isDirectory: ObjCBool = false
        guard
            FileManager.default.fileExists(atPath: FolderPlace.url(path, from: workingDirectory).path, isDirectory: &isDirectory)
        else { return InputError("no such folder", path: path) }
        return isDirectory.boolValue ? nil : InputError("not a folder (a file)", path: path)
    }

    /// The folder as messages name what is in it: as typed, with a trailing `/`, control characters
    /// escaped so that a name cannot break a line.
    static func shown(_ path: String) -> String { Manifest.printable(path.hasSuffix("/") ? path : path + "/") }

    /// Where an error reading the bundle shown as `display` is reported: the folder of it that could
    /// not be listed, when that is what failed, else `otherwise` (its `manifest.json`, say).
    static func place(of error: ManifestError, in display: String, otherwise: String) -> String {
        location(of: error, in: display, otherwise: otherwise).description
    }

    /// `place(of:in:otherwise:)` with the line and column in `otherwise` (the manifest) where its
    /// text stops being JSON, when the error knows them.
    static func location(of error: ManifestError, in display: String, otherwise: String) -> SourceLocation {
        if let folder = error.folder { return SourceLocation(path: folder.isEmpty ? display : display + folder + "/") }
        return SourceLocation(path: otherwise, line: error.line ?? 0, column: error.column ?? 0)
    }
}
