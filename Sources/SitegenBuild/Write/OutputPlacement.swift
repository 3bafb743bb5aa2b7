import Foundation
import SitegenCore

/// Where a build's output folder may be. A build replaces its output folder as a whole, so the
/// output can be neither the site or templates folder nor a folder that holds either; inside the
/// templates folder the theme would copy the previous bundle into the next. Inside the site folder
/// is fine: the scan leaves it out.
enum OutputPlacement {
    static func check(_ options: BuildOptions) throws(InputError) {
        let output = realLocation(options.outputDirectory)
        for (folder, display, name) in [
            (options.siteDirectory, options.siteDisplay, "site"),
            (options.templatesDirectory, options.templatesDisplay, "templates"),
        ] {
            let inner = realLocation(folder)
            if inner == output {
                throw InputError(
                    "the output folder is the \(name) folder, which a build would replace", path: options.outputDisplay)
            }
            if isInside(inner, output) {
                throw InputError(
                    "the output folder holds the \(name) folder '\(display)', which a build would replace with it",
                    path: options.outputDisplay)
            }
            if name == "templates", isInside(output, inner) {
                throw InputError(
                    "the output folder is inside the templates folder '\(display)', whose files the theme copies",
                    path: options.outputDisplay)
            }
        }
    }

    /// Whether `path` is strictly below `folder`.
    private static func isInside(_ path: String, _ folder: String) -> Bool {
        path.hasPrefix(folder.hasSuffix("/") ? folder : folder + "/")
    }

    /// The canonical path of `url`: symbolic links of its existing part resolved, the rest appended.
    static func realLocation(_ url: URL) -> String {
        var existing = url.standardizedFileURL
        var rest: [String] = []
        while DirectoryWalker.realPath(existing.path) == nil, existing.path != "/" {
            rest.insert(existing.lastPathComponent, at: 0)
            existing.deleteLastPathComponent()
        }
        let base = DirectoryWalker.realPath(existing.path) ?? existing.path
        return rest.reduce(base) { path, part in path.hasSuffix("/") ? path + part : path + "/" + part }
    }
}
