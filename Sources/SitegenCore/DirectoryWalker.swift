import Dispatch
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Lists every regular file below a folder with `opendir`/`readdir`, fast enough for 10,000-file
/// sites (Foundation's enumerator stats and resolves every entry). Hidden entries (`.x`) are
/// skipped; symbolic links are followed only when they point at a file or folder inside the root,
/// and never to a folder that contains them (a loop). Names that are not valid UTF-8 are neither
/// listed nor entered, and neither are folders and files the walk may not read (`EACCES`):
/// `listing(below:skip:)` reports them and the loops.
public enum DirectoryWalker {
    /// Bundle-relative paths of the regular files below `root`, sorted. `skip` is asked about every
    /// relative path (files and folders) and can prune it.
    public static func files(below root: String, skip: (String, _ isDirectory: Bool) -> Bool = { _, _ in false }) -> [String] {
        entries(below: root, skip: skip).map(\.path)
    }

    /// A regular file found by the walk, with what change detection needs.
    public struct Entry: Sendable, Hashable {
        /// Relative to the walk's root, `/`-separated.
        public var path: String
        public var size: Int
        /// Modification time in nanoseconds since 1970.
        public var modified: Int
        /// Status-change time (`st_ctime`) in nanoseconds since 1970: it moves with every write,
        /// rename or `chmod`, and unlike `modified` no tool (`touch -d`) can set it back.
        public var changed: Int = 0
        /// Which file sits at the path (its device and inode, as one number): another file can take
        /// the path with the same size and times, as when two folders are swapped (renaming a folder
        /// leaves its files' times alone) or a symbolic link is pointed at another file.
        public var identity: Int = 0

        /// A stamp that moves whenever the file at the path may have changed: `modified`, `changed`
        /// and `identity` mixed. Not the later of the two times: under a modification time in the
        /// future, an edit that puts it back would move only the earlier `changed`. Only ever
        /// compared for equality.
        public var stamp: Int {
            modified ^ (changed &* 0x2545_F491_4F6C_DD1D) ^ (identity &* -7_046_029_254_386_353_131)
        }
    }

    /// What a walk found: the files, and what it left out that its caller may have to report.
    public struct Listing: Sendable, Hashable {
        /// The regular files, sorted by path.
        public var entries: [Entry] = []
        /// Relative paths of entries whose names are not valid UTF-8, sorted, each byte that is not
        /// shown as `\xFF` (`guide/bad\xFF.md`): they can be neither a `String` nor a URL, so they are
        /// not listed (files) or entered (folders).
        public var invalidNames: [String] = []
        /// Relative paths of symbolic links to a folder that contains them, sorted: not followed.
        public var loops: [String] = []
        /// Relative paths of folders deeper than `maximumDepth`, sorted: not entered.
        public var tooDeep: [String] = []
        /// What the walk could not read, sorted by path: folders it could not open or list (no read
        /// permission) and entries it could not look at (`fstatat`, in a folder without search
        /// permission). Their files are not listed. The root itself, when it exists but cannot be
        /// opened, is the empty path. An entry that vanished during the walk, or a link to nothing,
        /// is no such failure: it is left out without a word, as before.
        public var unreadable: [Unreadable] = []
        /// Entries that are neither files nor folders (a named pipe, a socket, a device, or a link
        /// to one inside the root), sorted by path, with what each is: not listed.
        public var special: [Special] = []
    }

    /// An entry that is neither a file nor a folder.
    public struct Special: Sendable, Hashable {
        /// Relative to the walk's root, `/`-separated.
        public var path: String
        /// `a named pipe`, `a socket` or `a device`.
        public var kind: String
    }

    /// A folder or other entry the walk could not read, and why.
    public struct Unreadable: Sendable, Hashable {
        /// Relative to the walk's root, `/`-separated; empty for the root itself.
        public var path: String
        /// `strerror`'s text with a lowercase first letter: `permission denied`.
        public var reason: String
        /// Whether it is a folder (then none of its files are listed); `false` for a file, or for an
        /// entry whose type is unknown because it could not be looked at.
        public var isFolder: Bool

        /// `path` as messages show it: a folder with a trailing `/` (the root stays empty).
        public var shownPath: String { isFolder && !path.isEmpty ? path + "/" : path }

        public init(path: String, reason: String, isFolder: Bool) {
            self.path = path
            self.reason = reason
            self.isFolder = isFolder
        }
    }

    /// How many folders deep a walk goes: past loops (caught on their own), this bounds the
    /// recursion and the paths.
    public static let maximumDepth = 64

    /// Like `files(below:skip:)`, with each file's size and modification time.
    public static func entries(below root: String, skip: (String, _ isDirectory: Bool) -> Bool = { _, _ in false }) -> [Entry] {
        listing(below: root, skip: skip).entries
    }

    /// Like `entries(below:skip:)`, with the names the walk could not list, what it could not read
    /// and the loops it did not follow. Empty when `root` is not a folder.
    public static func listing(below root: String, skip: (String, _ isDirectory: Bool) -> Bool = { _, _ in false }) -> Listing {
        guard let realRoot = realPath(root) else { return Listing() }
        var found = Found(entries: [], folders: nil, chain: [realRoot])
        walk(root, relative: "", realRoot: realRoot, skip: skip, found: &found)
        return listing(of: found)
    }

    /// `listing(below:skip:)`, the folders at the top walked at once on every core: the kernel's
    /// `fstatat` of 10,000 files is most of a small rebuild's wait. `skip` is asked from several
    /// threads.
    public static func listingInParallel(below root: String, skip: @Sendable (String, _ isDirectory: Bool) -> Bool) -> Listing {
        guard let realRoot = realPath(root) else { return Listing() }
        var top = Found(entries: [], folders: nil, chain: [realRoot])
        top.deferred = []
        walk(root, relative: "", realRoot: realRoot, skip: skip, found: &top)
        let folders = top.deferred ?? []
        // Each top folder's files are sorted where they were listed, on both cores: a folder's
        // paths are one run of the sorted whole, so the runs and the files at the top need only be
        // put in order (`joinedInOrder`), where sorting 10,000 paths at the end took one core.
        let walked = Mutex<[(index: Int, found: Found, isSorted: Bool)]>([])
        DispatchQueue.concurrentPerform(iterations: folders.count) { index in
            let folder = folders[index]
            var found = Found(entries: [], folders: nil, chain: folder.chain)
            // Opened here, not when found: a site of 1,000 top folders would hold 1,000 open at once.
            walk(folder.directory, relative: folder.relative, realRoot: realRoot, skip: skip, found: &found)
            let sorted = sortedByASCIIBytes(found.entries ?? [])
            if let sorted { found.entries = sorted }
            walked.withLock { $0.append((index, found, sorted != nil)) }
        }
        let parts = walked.withLock { $0 }.sorted { $0.index < $1.index }
        // A name that is not ASCII anywhere: the whole is sorted at the end, as `String`s.
        let topFiles = parts.allSatisfy(\.isSorted) ? sortedByASCIIBytes(top.entries ?? []) : nil
        for (_, found, _) in parts {
            if topFiles == nil { top.entries?.append(contentsOf: found.entries ?? []) }
            top.invalidNames += found.invalidNames
            top.tooDeep += found.tooDeep
            top.unreadable += found.unreadable
            top.special += found.special
            for (real, path) in found.loops { top.noteLoop(path, at: real) }
        }
        guard let topFiles, top.entries != nil else { return listing(of: top) }
        top.entries = joinedInOrder(
            files: topFiles, folders: parts.map { (folders[$0.index].relative, $0.found.entries ?? []) })
        return listing(of: top, isSorted: true)
    }

    /// The files at the top and the sorted runs of the folders at the top (by their relative
    /// paths), all ASCII, as one list sorted by bytes. A folder's run lies where `name/` would:
    /// every path that starts with it sorts among the others as that prefix does, as no file at
    /// the top can be named `name/` or have it as a prefix.
    static func joinedInOrder(files: [Entry], folders: [(name: String, run: [Entry])]) -> [Entry] {
        var keys: [(key: [UInt8], file: Int?, folder: Int?)] = files.indices.map { (Array(files[$0].path.utf8), $0, nil) }
        keys += folders.indices.map { (Array((folders[$0].name + "/").utf8), nil, $0) }
        keys.sort { $0.key.lexicographicallyPrecedes($1.key) }
        var joined: [Entry] = []
        joined.reserveCapacity(files.count + folders.reduce(0) { $0 + $1.run.count })
        for item in keys {
            if let file = item.file { joined.append(files[file]) }
            if let folder = item.folder { joined.append(contentsOf: folders[folder].run) }
        }
        return joined
    }

    /// `entries` sorted by their paths' bytes, when every path is ASCII (else `nil`): the paths are
    /// laid end to end in one buffer and their positions sorted, each comparison one `memcmp`, where
    /// comparing two `String`s' bytes and moving whole entries cost twice as much.
    private static func sortedByASCIIBytes(_ entries: [Entry]) -> [Entry]? {
        var bytes: [UInt8] = []
        var ends: [Int] = []
        ends.reserveCapacity(entries.count)
        for entry in entries {
            var path = entry.path
            path.withUTF8 { bytes.append(contentsOf: $0) }
            ends.append(bytes.count)
        }
        guard bytes.allSatisfy({ $0 < 0x80 }) else { return nil }
        var order = Array(entries.indices)
        bytes.withUnsafeBufferPointer { all in
            ends.withUnsafeBufferPointer { ends in
                let base = all.baseAddress
                order.sort { a, b in
                    let aStart = a == 0 ? 0 : ends[a - 1], bStart = b == 0 ? 0 : ends[b - 1]
                    let aCount = ends[a] - aStart, bCount = ends[b] - bStart
                    let common = min(aCount, bCount)
                    let order = common == 0 ? 0 : memcmp(base! + aStart, base! + bStart, common)
                    return order != 0 ? order < 0 : aCount < bCount
                }
            }
        }
        return order.map { entries[$0] }
    }

    /// What a walk found, sorted; its entries are already when `isSorted`.
    private static func listing(of found: Found, isSorted: Bool = false) -> Listing {
        var found = found
        var listing = Listing(
            entries: found.entries ?? [], invalidNames: found.invalidNames, loops: Array(found.loops.values),
            tooDeep: found.tooDeep.sorted(), unreadable: found.unreadable,
            special: found.special.sorted { $0.path.utf8.lexicographicallyPrecedes($1.path.utf8) })
        found.entries = nil
        // All-ASCII paths (almost every site's) sort the same by bytes as by `String`'s `<`, which
        // costs several times as much for each of 10,000 paths' comparisons.
        if !isSorted {
            if let sorted = sortedByASCIIBytes(listing.entries) {
                listing.entries = sorted
            } else {
                listing.entries.sort { $0.path < $1.path }
            }
        }
        listing.invalidNames.sort()
        listing.loops.sort()
        listing.unreadable.sort { $0.path < $1.path }
        return listing
    }

    /// The folders a walk of `root` enters, `root` first, as paths that start with `root`: what a
    /// watcher of the files `entries(below:)` lists must watch. Empty when `root` is not a folder.
    public static func folders(below root: String) -> [String] {
        guard let realRoot = realPath(root) else { return [] }
        // Files are not looked at: a watcher asks this after every change.
        var found = Found(entries: nil, folders: [root], chain: [realRoot])
        walk(root, relative: "", realRoot: realRoot, skip: { _, _ in false }, found: &found)
        return found.folders ?? []
    }

    /// What the walk collects as it goes.
    private struct Found {
        /// `nil` when files are not looked at.
        var entries: [Entry]?
        /// `nil` when folders are not collected.
        var folders: [String]?
        var invalidNames: [String] = []
        var tooDeep: [String] = []
        var unreadable: [Unreadable] = []
        var special: [Special] = []
        /// Each loop's link by its real path, with the shortest path the walk reached it by: a
        /// folder reached through other links too would report the same link under each.
        var loops: [String: String] = [:]
        /// The real paths of the folders being walked, root first: a link to one of them, or to a
        /// folder above one of them, would be walked again and again.
        var chain: [String]
        /// When set, the folders at the top are left here to be walked apart.
        var deferred: [DeferredFolder]?

        mutating func noteLoop(_ path: String, at real: String) {
            if let known = loops[real], (known.utf8.count, known) <= (path.utf8.count, path) { return }
            loops[real] = path
        }

        /// Notes that `path` could not be read, with `code` (`errno`) as the reason, unless `code`
        /// says it is gone: removed or replaced during the walk, or a link to nothing (or round a
        /// loop of links), which the walk leaves out without a word.
        mutating func noteUnreadable(_ path: String, code: Int32, isFolder: Bool) {
            guard code != ENOENT, code != ENOTDIR, code != ELOOP else { return }
            unreadable.append(Unreadable(path: path, reason: DirectoryWalker.reason(code), isFolder: isFolder))
        }
    }

    /// A folder at the top of a walk, to be walked on its own.
    private struct DeferredFolder: Sendable {
        var directory: String
        var relative: String
        /// The walk's chain of real folders, this one last.
        var chain: [String]
    }

    private static func walk(
        _ directory: String, relative: String, realRoot: String, skip: (String, Bool) -> Bool, found: inout Found
    ) {
        let descriptor = open(directory, O_RDONLY | O_DIRECTORY)
        guard descriptor >= 0 else {
            found.noteUnreadable(relative, code: errno, isFolder: true)
            return
        }
        walk(descriptor: descriptor, directory: directory, relative: relative, realRoot: realRoot, skip: skip, found: &found)
    }

    /// Lists the open folder `descriptor` (closed when done). Files are looked at relative to it
    /// (`fstatat`), so the kernel does not walk the whole path again for each of 10,000 files.
    private static func walk(
        descriptor: Int32, directory: String, relative: String, realRoot: String, skip: (String, Bool) -> Bool,
        found: inout Found
    ) {
        guard let handle = fdopendir(descriptor) else {
            found.noteUnreadable(relative, code: errno, isFolder: true)
            close(descriptor)
            return
        }
        defer { closedir(handle) }
        while true {
            // `readdir` returns `nil` both at the end and on an error, which only `errno` tells apart.
            errno = 0
            guard let entry = readdir(handle) else {
                if errno != 0 { found.noteUnreadable(relative, code: errno, isFolder: true) }
                break
            }
            var isHidden = false
            var isValid = true
            var kind = Int32(entry.pointee.d_type)
            // The path made in one piece, and the name as a string only where more than a `stat`
            // needs it: for each of 10,000 files, `relative + "/" + name` took two appends.
            var name = ""
            let path = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                isHidden = raw.first == UInt8(ascii: ".")
                if isHidden { return "" }
                let bytes = UnsafeRawBufferPointer(rebasing: raw.prefix(while: { $0 != 0 }))
                isValid = isUTF8(bytes)
                guard isValid else {
                    name = escaped(bytes)
                    return relative.isEmpty ? name : relative + "/" + name
                }
                if kind != Int32(DT_REG) { name = String(decoding: bytes, as: UTF8.self) }
                return EntryPath.joined(relative, bytes)
            }
            if isHidden { continue }
            if !isValid {
                if !skip(path, kind == Int32(DT_DIR)) { found.invalidNames.append(path) }
                continue
            }
            // The real path of a folder reached through a link (or of unknown type), else made below.
            var realFolder: String?
            if kind == Int32(DT_LNK) || kind == Int32(DT_UNKNOWN) {
                let full = directory + "/" + name
                guard let target = realPath(full) else {
                    // A link whose target cannot be reached is left out like one to nothing (its target,
                    // if inside the root, is reported where the walk meets it); an entry that cannot
                    // itself be looked at is reported, unless pruned as a file or as a folder.
                    var own = stat()
                    if fstatat(descriptor, name, &own, AT_SYMLINK_NOFOLLOW) != 0 {
                        let code = errno
                        if !skip(path, false), !skip(path, true) { found.noteUnreadable(path, code: code, isFolder: false) }
                    }
                    continue
                }
                guard target == realRoot || target.utf8.starts(with: (realRoot + "/").utf8) else { continue }
                var info = stat()
                guard fstatat(descriptor, name, &info, 0) == 0 else {
                    let code = errno
                    if !skip(path, false), !skip(path, true) { found.noteUnreadable(path, code: code, isFolder: false) }
                    continue
                }
                kind =
                    switch info.st_mode & S_IFMT {
                    case S_IFDIR: Int32(DT_DIR)
                    case S_IFREG: Int32(DT_REG)
                    case S_IFIFO: Int32(DT_FIFO)
                    case S_IFSOCK: Int32(DT_SOCK)
                    case S_IFCHR, S_IFBLK: Int32(DT_CHR)
                    default: 0
                    }
                if kind == Int32(DT_DIR) {
                    guard !found.chain.contains(where: { isSame(target, orAbove: $0) }) else {
                        if !skip(path, true) { found.noteLoop(path, at: found.chain[found.chain.count - 1] + "/" + name) }
                        continue
                    }
                    realFolder = target
                }
            }
            if kind == Int32(DT_DIR) {
                guard !skip(path, true) else { continue }
                guard found.chain.count <= maximumDepth else {
                    found.tooDeep.append(path)
                    continue
                }
                if found.deferred != nil, found.chain.count == 1 {
                    let chain = found.chain + [realFolder ?? found.chain[0] + "/" + name]
                    found.deferred?.append(DeferredFolder(directory: directory + "/" + name, relative: path, chain: chain))
                    continue
                }
                let child = openat(descriptor, name, O_RDONLY | O_DIRECTORY)
                guard child >= 0 else {
                    found.noteUnreadable(path, code: errno, isFolder: true)
                    continue
                }
                found.folders?.append(directory + "/" + name)
                found.chain.append(realFolder ?? found.chain[found.chain.count - 1] + "/" + name)
                walk(
                    descriptor: child, directory: directory + "/" + name, relative: path, realRoot: realRoot, skip: skip,
                    found: &found)
                found.chain.removeLast()
            } else if kind == Int32(DT_FIFO) || kind == Int32(DT_SOCK) || kind == Int32(DT_CHR) || kind == Int32(DT_BLK),
                found.entries != nil, !skip(path, false)
            {
                let what = kind == Int32(DT_FIFO) ? "a named pipe" : kind == Int32(DT_SOCK) ? "a socket" : "a device"
                found.special.append(Special(path: path, kind: what))
            } else if kind == Int32(DT_REG), found.entries != nil, !skip(path, false) {
                var info = stat()
                let status = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                    fstatat(descriptor, raw.baseAddress!.assumingMemoryBound(to: CChar.self), &info, 0)
                }
                guard status == 0 else {
                    found.noteUnreadable(path, code: errno, isFolder: false)
                    continue
                }
                let modified = Int(info.st_mtim.tv_sec) * 1_000_000_000 + Int(info.st_mtim.tv_nsec)
                let changed = Int(info.st_ctim.tv_sec) * 1_000_000_000 + Int(info.st_ctim.tv_nsec)
                let identity = Int(truncatingIfNeeded: info.st_ino) &* 31 &+ Int(truncatingIfNeeded: info.st_dev)
                found.entries?.append(
                    Entry(path: path, size: Int(info.st_size), modified: modified, changed: changed, identity: identity))
            }
        }
    }

    /// `strerror`'s text for `code` with a lowercase first letter, as in a sentence: `permission denied`.
    package static func reason(_ code: Int32) -> String {
        guard let text = strerror(code) else { return "error \(code)" }
        let message = String(cString: text)
        return message.prefix(1).lowercased() + message.dropFirst()
    }

    /// Whether `folder` is `path` or one of its parents, byte for byte (`String` comparison would
    /// call two spellings of `é` equal, which the file system does not).
    private static func isSame(_ folder: String, orAbove path: String) -> Bool {
        let folder = folder.utf8, path = path.utf8
        guard path.starts(with: folder) else { return false }
        return path.count == folder.count || path[path.index(path.startIndex, offsetBy: folder.count)] == UInt8(ascii: "/")
    }

    /// Whether `bytes` are valid UTF-8; ASCII, most names, is decided in one pass.
    private static func isUTF8(_ bytes: UnsafeRawBufferPointer) -> Bool {
        if bytes.allSatisfy({ $0 < 0x80 }) { return true }
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = bytes.makeIterator()
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid: continue
            case .emptyInput: return true
            case .error: return false
            }
        }
    }

    /// `bytes` as text, each byte that is not part of valid UTF-8 written `\xFF` and a backslash `\\`.
    private static func escaped(_ bytes: UnsafeRawBufferPointer) -> String {
        let hex = Array("0123456789ABCDEF".utf8)
        var out: [UInt8] = []
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = bytes.makeIterator()
        var offset = 0
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let encoded):
                // A backslash of the name is doubled: `\x41` is then never a name's own text.
                out +=
                    encoded.count == 1 && encoded.first == UInt8(ascii: "\\")
                    ? [UInt8(ascii: "\\"), UInt8(ascii: "\\")] : Array(encoded)
                offset += encoded.count
            case .error(let length):
                for byte in bytes[offset..<offset + length] {
                    out += [UInt8(ascii: "\\"), UInt8(ascii: "x"), hex[Int(byte >> 4)], hex[Int(byte & 0xF)]]
                }
                offset += length
            case .emptyInput:
                return String(decoding: out, as: UTF8.self)
            }
        }
    }

    /// The canonical absolute path, with every symbolic link resolved.
    public static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
