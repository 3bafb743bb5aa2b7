import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A bundle directory on disk: its real (symlink-free) root, the files it serves, and the check
/// that a bundle-relative path really stays inside it.
struct BundleTree: Sendable {
    /// The bundle root with every symlink resolved.
    let root: URL
    /// The root's path with a trailing `/`.
    let prefix: String

    /// Opens a directory; fails when it does not exist or is not a directory.
    init(_ bundle: URL) throws(ManifestError) {
        let real = bundle.standardizedFileURL.resolvingSymlinksInPath()
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: real.path, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw ManifestError("bundle directory '\(bundle.path)' does not exist or is not a directory")
        }
        root = real
        prefix = real.path.hasSuffix("/") ? real.path : real.path + "/"
    }

    /// The real file behind a bundle-relative path and its size: refused when a symlink leads out
    /// of the bundle, not found when it is missing or not a regular file.
    func realFile(_ relative: String) -> Result<(path: String, size: Int), ResolutionFailure> {
        // The root is real, so a plain path below it none of whose parts is a symlink is its own real
        // path: one lstat(2) per part instead of realpath(3)'s readlink(2) for every part of the
        // root's path too. A symlink, or a `.` or `..` part, takes realpath.
        var path = prefix
        var info = stat()
        var start = relative.startIndex
        while true {
            let end = relative[start...].firstIndex(of: "/") ?? relative.endIndex
            let part = relative[start..<end]
            if part.isEmpty || part == "." || part == ".." { return realFileThroughLinks(relative) }
            path += part
            guard lstat(path, &info) == 0 else { return .failure(.notFound(path: relative)) }
            let type = info.st_mode & S_IFMT
            if type == S_IFLNK { return realFileThroughLinks(relative) }
            if end == relative.endIndex {
                guard type == S_IFREG else { return .failure(.notFound(path: relative)) }
                return .success((path, Int(info.st_size)))
            }
            guard type == S_IFDIR else { return .failure(.notFound(path: relative)) }
            path += "/"
            start = relative.index(after: end)
        }
    }

    private func realFileThroughLinks(_ relative: String) -> Result<(path: String, size: Int), ResolutionFailure> {
        // realpath(3) and stat(2) directly: Foundation's equivalents cost more than reading the file.
        guard let real = realPath(relative) else { return .failure(.notFound(path: relative)) }
        // By bytes: a name that starts with a combining mark makes one character with the `/` before it.
        guard real.utf8.starts(with: prefix.utf8) else { return .failure(.outsideBundle(path: relative)) }
        // The manifest is never served (manifest.md), under another name no more than under its own.
        guard real != prefix + Manifest.fileName else { return .failure(.notFound(path: relative)) }
        var info = stat()
        guard stat(real, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return .failure(.notFound(path: relative)) }
        return .success((real, Int(info.st_size)))
    }

    /// The real path of a bundle-relative path, every link followed; nil when it leads nowhere.
    private func realPath(_ relative: String) -> String? {
        guard let resolved = realpath(prefix + relative, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// Where a symbolic link leads, followed to the end.
    enum LinkTarget {
        case nothing, loop, outside(String), manifest, other
        /// A folder inside the bundle (the root included), by its real path.
        case folder(String)

        /// Why a link to here is not served: `out of the bundle (to …)`, `to a folder`, `to nothing`,
        /// `that loops back on itself`, `to the bundle's manifest`.
        var whyUnserved: String {
            switch self {
            case .nothing: "to nothing"
            case .loop: "that loops back on itself"
            case .manifest: "to the bundle's manifest"
            case .outside(let real): "out of the bundle (to \(real))"
            case .folder: "to a folder"
            case .other: "to nothing it can serve"
            }
        }
    }

    func linkTarget(_ relative: String) -> LinkTarget {
        guard let real = realPath(relative) else {
            // Too many links followed: one of them leads back to one before it.
            var info = stat()
            return stat(prefix + relative, &info) != 0 && errno == ELOOP ? .loop : .nothing
        }
        guard real.utf8.starts(with: prefix.utf8) || real + "/" == prefix else { return .outside(real) }
        if real == prefix + Manifest.fileName { return .manifest }
        var info = stat()
        return stat(real, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR ? .folder(real) : .other
    }

    /// Why the bundle-relative `path`, which is on disk, is not served: `a symbolic link out of the
    /// bundle (to /usr/share/javascript/jquery.js)`, `… to nothing`, `… to a folder`, `a file it
    /// cannot read (permission denied)`, `under 'docs', a symbolic link to a folder` (when the
    /// resolver does not serve through such links: a folder without manifest); `nil` for anything
    /// else (served, or not there at all).
    func whyUnserved(_ relative: String, servedThroughFolderLinks: Bool = true) -> String? {
        // Each folder on the way first: a link out of the bundle there takes every path below it.
        let parts = relative.utf8.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false).map(Substring.init)
        var path = ""
        for (position, part) in parts.enumerated() {
            path = path.isEmpty ? String(part) : path + "/" + part
            let isLast = position == parts.count - 1
            var info = stat()
            guard lstat(prefix + path, &info) == 0 else {
                // A folder on the way that the checking user cannot search hides what is in it.
                guard errno == EACCES, position > 0 else { return nil }
                let folder = parts[..<position].joined(separator: "/")
                return "under '\(folder)/', a folder it cannot open (permission denied)"
            }
            switch info.st_mode & S_IFMT {
            case S_IFLNK:
                // A link to a file of the bundle is served; on the way, it is a file, and nothing is below it.
                if case .success = realFile(path) { return nil }
                let target = linkTarget(path)
                if isLast { return "a symbolic link " + target.whyUnserved }
                // A folder without manifest is listed without following links to folders (`files()`).
                if case .folder = target, servedThroughFolderLinks { continue }
                return "under '\(path)', a symbolic link " + target.whyUnserved
            case S_IFDIR:
                if isLast { return FileKind.folder.description }
            case S_IFREG:
                // Listed but unreadable (run as another user than the one who wrote it): say so.
                guard isLast, access(prefix + path, R_OK) != 0 else { return nil }
                return "a file it cannot read (\(Self.reason(errno)))"
            default:
                return isLast ? FileKind(mode: info.st_mode).description : nil
            }
        }
        return nil
    }

    /// The path of a bundle-relative path under the real root.
    func filePath(_ relative: String) -> String { prefix + relative }

    /// Size and SHA-256 of the file at `path`, read with `read(2)` in chunks of at most 1 MiB.
    /// Throws the system's reason (`No such file or directory`) when it cannot be read.
    static func digest(atPath path: String) throws(ManifestError) -> (size: Int, sha256: String) {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw ManifestError(String(cString: strerror(errno))) }
        defer { close(descriptor) }
        var info = stat()
        let expected = fstat(descriptor, &info) == 0 ? Int(info.st_size) : 0
        // One read for a file of a page's size (plus one to see the end), 1 MiB at a time beyond.
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: min(max(expected + 1, 4096), 1 << 20), alignment: 16)
        defer { buffer.deallocate() }
        var hasher = SHA256()
        var size = 0
        while true {
            let count = read(descriptor, buffer.baseAddress, buffer.count)
            if count < 0, errno == EINTR { continue }
            guard count >= 0 else { throw ManifestError(String(cString: strerror(errno))) }
            if count == 0 { break }
            hasher.update(UnsafeRawBufferPointer(rebasing: buffer[0..<count]))
            size += count
        }
        return (size, hasher.finalizeHex())
    }
}
