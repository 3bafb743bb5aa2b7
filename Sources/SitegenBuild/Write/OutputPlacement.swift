import Foundation
import SitegenCore

/// Where a build's output folder may be. A build replaces its output folder as a whole, so the
/// output can be neither the site or templates folder nor a folder that holds either; inside the
/// templates folder the theme would copy the previous bundle into the next. Inside the site folder
/// is fine: the scan leaves it out.
enum OutputPlacement {
    static func check(_ options: BuildOptions) throws(InputError) {
        // Said first: `--out Site/index.md` would otherwise leave that page out of the scan and report
        // the entry page missing.
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: options.outputDirectory.path, isDirectory: &isDirectory),
            !isDirectory.boolValue
        {
            throw InputError.outputIsNotAFolder(displayPath: options.outputDisplay)
        }
        let output = FolderPlace.real(options.outputDirectory)
        for (folder, display, name) in [
            (options.siteDirectory, options.siteDisplay, "site"),
            (options.templatesDirectory, options.templatesDisplay, "templates"),
        ] {
            let inner = FolderPlace.real(folder)
            if inner == output {
                throw InputError(
                    "the output folder is the \(name) folder, which a build would replace", path: options.outputDisplay)
            }
            if FolderPlace.isInside(inner, output) {
                throw InputError(
                    "the output folder holds the \(name) folder '\(display)', which a build would replace with it",
                    path: options.outputDisplay)
            }
            if name == "templates", FolderPlace.isInside(output, inner) {
                throw InputError(
                    "the output folder is inside the templates folder '\(display)', whose files the theme copies",
                    path: options.outputDisplay)
            }
        }
    }
}
