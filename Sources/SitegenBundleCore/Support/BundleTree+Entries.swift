#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension BundleTree {
    /// An entry of the bundle other than a folder, by the bytes of its path.
    struct Entry {
        /// The bundle-relative path: names on disk need not be UTF-8, and `String` would take two
        /// spellings of `é` (NFC, NFD) for one.
        var bytes: [UInt8]
        /// What it is; a symbolic link the resolver serves is the regular file it leads to.
        var kind: FileKind
        /// Whether a resolver serves it: a regular file, or a link to one inside the bundle, at a
        /// path of UTF-8 names without a backslash.
        var isServed: Bool

        /// The path as a `String`; nil when it is not UTF-8.
        var path: String? { String(validating: bytes, as: UTF8.self) }

        /// The path as messages show it: each byte that is not UTF-8 written `\xFF`.
        var shownPath: String { NameBytes.escaped(bytes) }
    }

    /// Every served file as a bundle-relative path, sorted by bytes: regular files, and symlinks to regular
    /// files inside the bundle; never `manifest.json` at the root, never a path through a
    /// symlinked directory, never a name with a backslash or that is not UTF-8.
    func files() throws(ManifestError) -> [String] {
        var unserved: [VerificationReport.UnservedLink] = []
        return try entries(followingFolderLinks: false, unservedLinks: &unserved).compactMap { $0.isServed ? $0.path : nil }
    }

    /// Every entry below the root but folders and `manifest.json` at the root, sorted by bytes:
    /// files, named pipes, sockets, devices, whatever their names; folders are walked, whatever
    /// theirs. In `unservedLinks`, the symbolic links at served paths that are not served (to
    /// nothing, out of the bundle, to a folder), each with why, and not among the entries.
    /// `followingFolderLinks` walks a link to a folder inside the bundle as the folder it leads to,
    /// as a resolver serves the files below it, unless the folder holds the link on the walk (a
    /// loop: `guide/all -> ..`). A link at a path no URL names is an entry, not followed.
    func entries(followingFolderLinks: Bool, unservedLinks: inout [VerificationReport.UnservedLink])
        throws(ManifestError) -> [Entry]
    {
        let slash = UInt8(ascii: "/"), backslash = UInt8(ascii: "\\")
        let manifestName = Array(Manifest.fileName.utf8)
        var found: [Entry] = []
        // Each folder to list, whether URLs can name what it holds, and the real paths of the
        // folders walked to reach it, itself last.
        var pending: [(relative: [UInt8], isServable: Bool, realPaths: [String])] = [
            ([], true, [String(prefix.dropLast())])
        ]
        while let (directory, isServable, realPaths) = pending.popLast() {
            for name in try names(in: directory) {
                let relative = directory.isEmpty ? name : directory + [slash] + name
                if relative == manifestName { continue }
                let isServablePath = isServable && !name.contains(backslash) && NameBytes.isUTF8(name)
                var info = stat()
                guard withPath(relative, { lstat($0, &info) }) == 0 else { continue }
                let kind = FileKind(mode: info.st_mode)
                switch kind {
                case .folder:
                    let real = realPaths[realPaths.count - 1] + "/" + String(decoding: name, as: UTF8.self)
                    pending.append((relative, isServablePath, realPaths + [real]))
                case .regularFile: found.append(Entry(bytes: relative, kind: kind, isServed: isServablePath))
                case .symbolicLink where isServablePath:
                    let path = String(decoding: relative, as: UTF8.self)
                    if case .success = realFile(path) {
                        found.append(Entry(bytes: relative, kind: .regularFile, isServed: true))
                        continue
                    }
                    let target = linkTarget(path)
                    guard followingFolderLinks, case .folder(let real) = target else {
                        unservedLinks.append(.init(path: path, reason: target.whyUnserved))
                        continue
                    }
                    if realPaths.contains(where: { $0 == real || $0.utf8.starts(with: (real + "/").utf8) }) {
                        unservedLinks.append(.init(path: path, reason: "to a folder that contains it", isLoop: true))
                    } else {
                        pending.append((relative, true, realPaths + [real]))
                    }
                default: found.append(Entry(bytes: relative, kind: kind, isServed: false))
                }
            }
        }
        return found.sorted { $0.bytes.lexicographicallyPrecedes($1.bytes) }
    }

    /// The names in a folder of the bundle, `.` and `..` left out.
    private func names(in directory: [UInt8]) throws(ManifestError) -> [[UInt8]] {
        let shown = directory.isEmpty ? Manifest.printable(root.path) : Manifest.printable(NameBytes.escaped(directory))
        func unlistable(_ code: Int32) -> ManifestError {
            var error = ManifestError("cannot list '\(shown)': \(Self.reason(code))")
            error.folder = directory.isEmpty ? "" : Manifest.printable(NameBytes.escaped(directory))
            return error
        }
        guard let handle = withPath(directory, { opendir($0) }) else { throw unlistable(errno) }
        defer { closedir(handle) }
        var names: [[UInt8]] = []
        while true {
            // `readdir` returns nil both at the end and on an error, which only `errno` tells apart.
            errno = 0
            guard let entry = readdir(handle) else {
                guard errno == 0 else { throw unlistable(errno) }
                return names
            }
            let name = withUnsafeBytes(of: entry.pointee.d_name) { Array($0.prefix { $0 != 0 }) }
            if name == [0x2E] || name == [0x2E, 0x2E] { continue }
            names.append(name)
        }
    }

    /// `body` given the NUL-terminated path of a bundle-relative path's bytes.
    private func withPath<Result>(_ relative: [UInt8], _ body: (UnsafePointer<CChar>) -> Result) -> Result {
        var path = Array(prefix.utf8)
        path += relative
        path.append(0)
        return path.withUnsafeBufferPointer { bytes in
            bytes.withMemoryRebound(to: CChar.self) { body($0.baseAddress!) }
        }
    }

    /// `strerror`'s text with a lowercase first letter: `permission denied`.
    static func reason(_ code: Int32) -> String {
        let text = String(cString: strerror(code))
        return text.prefix(1).lowercased() + text.dropFirst()
    }

    /// What stands at a bundle-relative path, links followed; nil when nothing does.
    func kind(of relative: String) -> FileKind? {
        var info = stat()
        return stat(prefix + relative, &info) == 0 ? FileKind(mode: info.st_mode) : nil
    }
}
