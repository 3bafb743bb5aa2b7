import Foundation
import SitegenBundleCore
import SitegenCore
import Synchronization

/// Finds every file of a site folder: Markdown pages and assets, skipping hidden files, the
/// configuration and ignored paths, and refusing names that are not UTF-8 or that collide on
/// case-insensitive disks.
enum SiteScanner {
    static let configFileName = "sitegen.yml"
    /// The other name the configuration may have, as MkDocs and Hugo take `.yaml` too.
    static let otherConfigFileName = "sitegen.yaml"

    /// The site's files, and a warning for each symbolic link the scan did not follow because it
    /// loops back to a folder that contains it.
    static func scan(_ root: URL, displayRoot: String, ignore: [GlobPattern]) throws(InputError) -> (
        files: [SourceFile], warnings: [Diagnostic]
    ) {
        guard DirectoryWalker.realPath(root.path) != nil else {
            throw InputError("cannot read the site folder", path: displayRoot)
        }
        // A folder with a build cache beside it (`.out.sitegen-cache` for `out/`) is the bundle of
        // another build (`--out _site` once): left out, as the build's own output is.
        let found = Mutex<[String]>([])
        let folderPrefix = root.path.hasSuffix("/") ? root.path : root.path + "/"
        let listing = DirectoryWalker.listingInParallel(below: root.path) { path, isDirectory in
            if ignore.contains(where: { $0.matches(path) }) { return true }
            guard isDirectory, BuildCache.isOutput(path: folderPrefix + path) else { return false }
            found.withLock { $0.append(path) }
            return true
        }
        let bundles = found.withLock { $0 }
        if let first = listing.invalidNames.first {
            let others = listing.invalidNames.count - 1
            let more =
                others == 0 ? "" : " (\(others == 1 ? "1 other name is" : "\(others) other names are") not valid UTF-8 either)"
            throw InputError(
                "name is not valid UTF-8 (invalid bytes shown as \\xHH), so it can be neither a page nor an asset: rename it\(more)",
                path: displayRoot + first)
        }
        // A folder whose every entry is ignored (`secret/**`) has nothing to read: it is no error
        // that it cannot be. Only a wildcard can match the probe name.
        let unreadable = listing.unreadable.filter { entry in
            !(entry.isFolder && !entry.path.isEmpty
                && ignore.contains { $0.matches(entry.path + "/\u{7}sitegen-probe\u{7}") })
        }
        if let first = unreadable.first {
            // Sorted by path, the root (the empty path) comes first.
            guard !first.path.isEmpty else {
                throw InputError("cannot read the site folder (\(first.reason))", path: displayRoot)
            }
            throw InputError(
                unreadableMessage(
                    first, hint: ", or leave it out with 'ignore' in \(configFileName)", others: unreadable.count - 1),
                path: displayRoot + first.shownPath)
        }
        // A named pipe or a device is no file to read: silently left out, a link to it would say the
        // site has no such page, though `ls` shows it.
        if let first = listing.special.first {
            throw InputError(
                "not a regular file (\(first.kind)), so it can be neither a page nor an asset: remove it, or leave it "
                    + "out with 'ignore' in \(configFileName)",
                path: displayRoot + first.path)
        }
        let rootPath = root.path
        var files: [SourceFile] = []
        files.reserveCapacity(listing.entries.count)
        for entry in listing.entries where entry.path != configFileName && entry.path != otherConfigFileName {
            // A file name can hold a backslash (a directory name can't hold a `/`): no URL can name it.
            // The walk's paths are normal (no empty, `.` or `..` part: it skips hidden names), but
            // for a backslash in a name, which normalising would refuse.
            guard !ByteSearch.contains(UInt8(ascii: "\\"), in: entry.path) else {
                throw InputError(
                    "name has a backslash, which a URL cannot carry (the resolver refuses it), so it can be neither a page nor an asset: rename it",
                    path: displayRoot + entry.path)
            }
            let path = SitePath(unchecked: entry.path)
            // Refused as the manifest refuses them, by the bytes of the path: the manifest's own verdict.
            switch ManifestValidator.fileVerdict(entry.path) {
            // JSON carries them escaped, but the manifest's schema (`.+` in ECMAScript) and line-based tools do not.
            case .controlCharacter:
                throw InputError(
                    "name holds a line break or another control character, which the manifest's schema and line-based tools refuse: rename it",
                    path: displayRoot + entry.path)
            // `x:y.md` at the top: `x:` is a drive to Windows, so the manifest takes the path as absolute.
            case .absolute where entry.path.utf8.dropFirst().first == UInt8(ascii: ":"):
                throw InputError(
                    "name has a colon as its second character, as a Windows drive (c:x) has, so the manifest refuses it as an absolute path: rename it",
                    path: displayRoot + entry.path)
            // `~t.txt` or `~user/a.md` at the top reads as a home folder: absolute to the manifest too.
            case .absolute where entry.path.utf8.first == UInt8(ascii: "~"):
                throw InputError(
                    "name starts with '~', which reads as a home folder (~user/), so the manifest refuses it as an absolute path: rename it",
                    path: displayRoot + entry.path)
            // A walked path has no `/` first, `.`, `..` or empty part; `manifest.json` has its own message below.
            default: break
            }
            // `Sitegen.yml` is the configuration on a Mac's disk and a file of the site here: one
            // site, two builds.
            let length = path.rawValue.utf8.count
            if length == configFileName.utf8.count || length == otherConfigFileName.utf8.count,
                [configFileName, otherConfigFileName].contains(path.rawValue.lowercased())
            {
                throw InputError(
                    "differs from \(path.rawValue.lowercased()) only in letter case: on a case-insensitive disk (a Mac's) it is the configuration, here it would be a file of the site; name it \(path.rawValue.lowercased()), or move it into a folder",
                    path: displayRoot + entry.path)
            }
            // The manifest's own name, in any letter case (a case-insensitive disk holds one of them).
            if path.rawValue.utf8.count == Manifest.fileName.utf8.count, path.rawValue.lowercased() == Manifest.fileName {
                throw InputError(
                    "a file named \(Manifest.fileName) at the top of the site would take the place of the bundle's manifest: rename it or move it into a folder",
                    path: displayRoot + entry.path)
            }
            files.append(
                SourceFile(
                    path: path, kind: path.hasPathExtension("md") ? .markdown : .asset,
                    root: rootPath, size: entry.size, modified: entry.stamp))
        }
        try checkCaseCollisions(files.map(\.path.rawValue), displayRoot: displayRoot)
        if let first = listing.tooDeep.first {
            throw InputError(
                "folder nested more than \(DirectoryWalker.maximumDepth) levels deep, which sitegen does not read: move its pages up",
                path: displayRoot + first)
        }
        let warnings =
            listing.loops.map {
                Diagnostic(
                    .warning, .symlinkLoop, "symbolic link to a folder that contains it (a loop): not followed",
                    at: SourceLocation(path: displayRoot + $0))
            }
            + bundles.sorted().map {
                Diagnostic(
                    .warning, .nestedOutput,
                    "the bundle of another build (its cache lies beside it): left out; build it outside the site folder or delete it",
                    at: SourceLocation(path: displayRoot + $0 + "/"))
            }
        return (files, warnings)
    }

    /// `cannot read folder (permission denied): make it readable`, then `hint`, then how many
    /// `others` there are, for the first entry a scan could not read.
    static func unreadableMessage(_ entry: DirectoryWalker.Unreadable, hint: String = "", others: Int) -> String {
        let more = others == 0 ? "" : " (\(others == 1 ? "1 other path is" : "\(others) other paths are") unreadable too)"
        return "cannot read \(entry.isFolder ? "folder" : "file") (\(entry.reason)): make it readable\(hint)\(more)"
    }
}
