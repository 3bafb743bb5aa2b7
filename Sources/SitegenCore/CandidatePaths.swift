#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Every linkable path of a site or bundle, searched when a link is broken:
/// for the same path in other letter case, and for paths in the same folder or with the same name to
/// suggest. A scan of the UTF-8 bytes per broken link costs less than indexing 20,000 paths on every
/// rebuild, most of which find no broken link at all; past a few broken links (`CandidateIndex`),
/// the paths are indexed once and the same answers looked up.
public struct CandidatePaths: Sendable {
    public let paths: [String]
    /// Every path's bytes, one after the other: scanned without touching 20,000 strings.
    let bytes: [UInt8]
    /// Where each path ends in `bytes`.
    let ends: [Int]
    /// Where each path's last component starts in `bytes` (after its last `/`, if any).
    let nameStarts: [Int]
    /// Made once many broken links ask, shared by the copies of this value.
    let searchIndex: CandidateIndex

    public init(paths: [String]) {
        self.init(paths: paths, scansBeforeIndexing: CandidateIndex.scansBeforeIndexing)
    }

    /// With how many asks are answered by scanning before the paths are indexed: `Int.max` never
    /// indexes, 0 indexes at once (as tests compare the two).
    package init(paths: [String], scansBeforeIndexing: Int) {
        self.paths = paths
        searchIndex = CandidateIndex(scansBeforeIndexing: scansBeforeIndexing)
        // Filled in place, one copy a path: a rebuild of a page that links to a missing one makes
        // this of 20,000 paths.
        var total = 0
        for index in paths.indices { total += paths[index].utf8.count }
        var ends = [Int](repeating: 0, count: paths.count)
        var nameStarts = [Int](repeating: 0, count: paths.count)
        let bytes = [UInt8](unsafeUninitializedCapacity: total) { buffer, initialized in
            var offset = 0
            for index in paths.indices {
                var path = paths[index]
                nameStarts[index] = offset
                path.withUTF8 { path in
                    guard let source = path.baseAddress, let target = buffer.baseAddress else { return }
                    UnsafeMutableRawPointer(target + offset).copyMemory(from: source, byteCount: path.count)
                    if let slash = path.lastIndex(of: UInt8(ascii: "/")) { nameStarts[index] = offset + slash + 1 }
                    offset += path.count
                }
                ends[index] = offset
            }
            initialized = offset
        }
        self.bytes = bytes
        self.ends = ends
        self.nameStarts = nameStarts
    }

    /// Where path `index` starts in `bytes`.
    func start(of index: Int) -> Int { index == 0 ? 0 : ends[index - 1] }

    /// Path `index`'s bytes.
    func bytes(of index: Int) -> ArraySlice<UInt8> { bytes[start(of: index)..<ends[index]] }

    /// Whether path `index` lies directly in `folder` (its bytes with the trailing `/`, none for the top).
    private func holds(_ index: Int, inFolder folder: some Collection<UInt8>) -> Bool {
        nameStarts[index] - start(of: index) == folder.count && bytes[start(of: index)..<nameStarts[index]].elementsEqual(folder)
    }

    /// A path that is `path` in another Unicode normalization (canonically equivalent, other bytes);
    /// nil for an ASCII path, which has no other.
    public func canonicallyEquivalent(to path: String) -> String? {
        guard !path.utf8.allSatisfy({ $0 < 0x80 }) else { return nil }
        if searchIndex.isWorthIndexing() {
            return searchIndex.folded(of: self).byEquivalentPath[path]?.lazy.map { paths[$0] }
                .first { !$0.utf8.elementsEqual(path.utf8) }
        }
        return paths.first { $0 == path && !$0.utf8.elementsEqual(path.utf8) }
    }

    /// The first path, in sorted order, equal to `path` but for letter case.
    public func sameIgnoringCase(as path: String) -> String? {
        let wanted = Array(path.utf8)
        let ascii = wanted.allSatisfy { $0 < 0x80 }
        let folded = ascii ? [] : Array(path.lowercased().utf8)
        if searchIndex.isWorthIndexing() {
            let found =
                ascii
                ? searchIndex.asciiFolded(of: self)[ByteString(CandidateIndex.asciiLowered(wanted))]
                : searchIndex.folded(of: self).byLowercasedPath[ByteString(folded)]
            return found.map { paths[$0] }
        }
        var best: String?
        bytes.withUnsafeBufferPointer { all in
            var start = 0
            for index in ends.indices {
                let candidate = UnsafeBufferPointer(rebasing: all[start..<ends[index]])
                start = ends[index]
                let matches: Bool
                if ascii {
                    matches = candidate.count == wanted.count && Self.equalIgnoringASCIICase(candidate, wanted)
                } else {
                    matches = Array(paths[index].lowercased().utf8) == folded
                }
                if matches, best.map({ paths[index] < $0 }) ?? true { best = paths[index] }
            }
        }
        return best
    }

    /// The "did you mean" paths for `path`, missing (`Suggestion.phrase` words them): its name with
    /// another extension in its folder (`otherExtensions(of:)`: `logo.svg` for `logo.png`, `install.md`
    /// for `install`); else the paths with its very name (in any letter case) in other folders, however
    /// far (a moved page), when there are at most `Suggestion.mostNamed` and it is no folder's index;
    /// else the nearest (`Suggestion`) among the paths of its folder (with a page's extension, for a
    /// path without one: `instal` finds `install.md`); else those of its folder that
    /// are it with two neighbouring characters swapped (`biuld.md`: one slip, two edits, more than a
    /// short name allows); else, for a folder's missing index (`install/index.md`, what `install/`
    /// asks for), the folder's name with an extension (`install.md`, the page Hugo and MkDocs serve
    /// as `install/`). Only paths whose length could be near enough are compared: a folder of 5,000
    /// pages with a broken link on each is 5,000 scans, not 5,000 sorts of 5,000 paths.
    public func suggestions(for path: String) -> [String] {
        let renamed = otherExtensions(of: path)
        if !renamed.isEmpty {
            // For a folder's page (`posts/`), the page named like the folder (`posts.html`, Hugo's
            // ugly URLs) before a file of the folder that is no page (its feed, `posts/index.xml`).
            if !renamed.contains(where: Self.isPage) {
                let index = otherExtensions(ofFolderIndex: path)
                if !index.isEmpty { return index }
            }
            return renamed
        }
        let (inFolder, named) = nearbyGroups(path)
        // A page moved to another folder keeps its name: `guide/secrets-create.md` means
        // `reference/secrets-create.md` rather than `guide/secrets-update.md`. Not a folder's index,
        // which every folder may have.
        if !SitePath(unchecked: path).lastComponent.hasPrefix("index.") {
            // A few paths: their folders compared, not a set made of a folder of 5,000.
            let folder = Self.folderPrefix(of: path)
            let moved = Set(named.lazy.filter { !self.holds($0, inFolder: folder) }.map { self.paths[$0] })
            if (1...Suggestion.mostNamed).contains(moved.count) { return moved.sorted() }
        }
        // `nearest` passes over the paths whose length is too far for the limit.
        let near = nearest(to: path, among: inFolder)
        if !near.isEmpty { return near }
        // `instal`, a link written as Hugo and MkDocs write one, is near `install.md`: compared with
        // the extension of each kind of page its folder holds.
        if SitePath(unchecked: path).pathExtension.isEmpty, !path.hasSuffix("/") {
            for pageExtension in ["htm", "html", "md", "xhtml"] {
                let near = nearest(to: path + "." + pageExtension, among: inFolder)
                if !near.isEmpty { return near }
            }
        }
        if Suggestion.limit(for: path) > 0 {
            let swapped = swappedNeighbours(of: path, among: inFolder)
            if (1...Suggestion.mostNamed).contains(swapped.count) { return swapped.sorted() }
        }
        return otherExtensions(ofFolderIndex: path)
    }

    /// The paths among `inFolder` (of `path`'s folder) that are `path` with two neighbouring
    /// characters of its name swapped: looked up (a name of n characters has n - 1 such spellings)
    /// once the paths are indexed, as scanning a folder of 5,000 for each broken link is quadratic.
    private func swappedNeighbours(of path: String, among inFolder: [Int]) -> Set<String> {
        guard searchIndex.isWorthIndexing() else {
            let length = path.utf8.count
            return Set(
                inFolder.lazy.filter { self.bytes(of: $0).count == length }.map { self.paths[$0] }
                    .filter { Suggestion.isTransposition(of: path, $0) })
        }
        let exact = searchIndex.exactPaths(of: self)
        let slash = path.lastIndex(of: "/").map { path.index(after: $0) } ?? path.startIndex
        let folder = path[..<slash]
        let name = Array(path[slash...].unicodeScalars)
        var found = Set<String>()
        for index in name.indices.dropLast() where name[index] != name[index + 1] {
            var swapped = name
            swapped.swapAt(index, index + 1)
            let candidate = folder + String(String.UnicodeScalarView(swapped))
            if let match = exact[ByteString(Array(candidate.utf8))] { found.insert(paths[match]) }
        }
        return found
    }

    /// Whether `path` names a page, of HTML or Markdown.
    static func isPage(_ path: String) -> Bool {
        ["html", "htm", "xhtml", "md"].contains(SitePath(unchecked: path).pathExtension.lowercased())
    }

    /// The paths at `indices` nearest to `word` (`Suggestion`'s distance, limit and ties), compared on
    /// the bytes held here.
    func nearest(to word: String, among indices: [Int]) -> [String] {
        var word = word
        return word.withUTF8 { wanted in
            let (indices, bounds) =
                searchIndex.isWorthIndexing()
                ? nearestFirst(indices, to: wanted, signatures: searchIndex.signatures(of: self)) : (indices, [])
            let found = bytes.withUnsafeBufferPointer { all in
                Suggestion.nearestIndices(
                    to: wanted, count: indices.count,
                    candidate: { position in
                        let index = indices[position]
                        return UnsafeBufferPointer(rebasing: all[start(of: index)..<ends[index]])
                    },
                    lowerBound: { bounds.isEmpty ? 0 : Int(bounds[$0]) },
                    precedes: { paths[indices[$0]] < paths[indices[$1]] })
            }
            return found.map { paths[indices[$0]] }
        }
    }

    /// `indices` in ascending order of their `BigramSignature` bound from `wanted`, with the bounds;
    /// left out, those too far for any suggestion by that bound or by their length. A path with other
    /// than ASCII, or `wanted` with it, is bounded by nothing.
    private func nearestFirst(
        _ indices: [Int], to wanted: UnsafeBufferPointer<UInt8>, signatures: CandidateIndex.Signatures
    ) -> (indices: [Int], bounds: [UInt8]) {
        let limit = Suggestion.limit(for: String(decoding: wanted, as: UTF8.self))
        let wantedIsASCII = wanted.allSatisfy { $0 < 0x80 }
        let signature = BigramSignature(wanted)
        // A counting sort: the bounds that matter are 0 to 3.
        var bounds = [UInt8](repeating: .max, count: indices.count)
        var perBound = [Int](repeating: 0, count: limit + 2)
        ends.withUnsafeBufferPointer { ends in
            signatures.signatures.withUnsafeBufferPointer { all in
                signatures.isASCII.withUnsafeBufferPointer { isASCII in
                    for (position, index) in indices.enumerated() {
                        let length = ends[index] - (index == 0 ? 0 : ends[index - 1])
                        // An edit of one character changes the length by up to four bytes.
                        guard abs(length - wanted.count) <= 4 * limit else { continue }
                        let bound = wantedIsASCII && isASCII[index] ? all[index].lowerBound(to: signature) : 0
                        guard bound <= limit else { continue }
                        bounds[position] = UInt8(bound)
                        perBound[bound + 1] += 1
                    }
                }
            }
        }
        for bound in 0...limit { perBound[bound + 1] += perBound[bound] }
        var ordered = [Int](repeating: 0, count: perBound[limit + 1])
        var orderedBounds = [UInt8](repeating: 0, count: ordered.count)
        for (position, bound) in bounds.enumerated() where bound != .max {
            let slot = perBound[Int(bound)]
            ordered[slot] = indices[position]
            orderedBounds[slot] = bound
            perBound[Int(bound)] += 1
        }
        return (ordered, orderedBounds)
    }

    /// The paths in the folder of `path`, then the paths named like it (ignoring case) in any folder,
    /// each group sorted.
    public func nearby(_ path: String) -> [String] {
        let (inFolder, named) = nearbyGroups(path)
        return inFolder.map { paths[$0] }.sorted() + named.map { paths[$0] }.sorted()
    }

    /// The folder of `path` with its slash, as a path's bytes before its name hold it (none at the top).
    private static func folderPrefix(of path: String) -> [UInt8] {
        let wanted = Array(path.utf8)
        return wanted.lastIndex(of: UInt8(ascii: "/")).map { Array(wanted[...$0]) } ?? []
    }

    /// `nearby(_:)` as positions in `paths`, in their order.
    private func nearbyGroups(_ path: String) -> (inFolder: [Int], named: [Int]) {
        let folder = Self.folderPrefix(of: path)
        let name = Array(path.utf8.dropFirst(folder.count))
        let nameIsASCII = name.allSatisfy { $0 < 0x80 }
        // Looked up rather than scanned for, once many ask.
        if searchIndex.isWorthIndexing() {
            let groups = searchIndex.groups(of: self)
            let named =
                nameIsASCII
                ? groups.byASCIIName[ByteString(CandidateIndex.asciiLowered(name))] ?? []
                : searchIndex.folded(of: self).byLowercasedName[String(decoding: name, as: UTF8.self).lowercased()] ?? []
            return (groups.byFolder[ByteString(folder)] ?? [], named)
        }
        let foldedName = String(decoding: name, as: UTF8.self).lowercased()
        var inFolder: [Int] = []
        var named: [Int] = []
        for index in ends.indices {
            if holds(index, inFolder: folder) { inFolder.append(index) }
            let candidateName = bytes[nameStarts[index]..<ends[index]]
            let sameName =
                nameIsASCII
                ? candidateName.count == name.count && Self.equalIgnoringASCIICase(candidateName, name)
                : String(decoding: candidateName, as: UTF8.self).lowercased() == foldedName
            if sameName { named.append(index) }
        }
        return (inFolder, named)
    }

    private static func equalIgnoringASCIICase(_ a: some Sequence<UInt8>, _ b: some Sequence<UInt8>) -> Bool {
        zip(a, b).allSatisfy { x, y in
            x == y || (x | 0x20 == y | 0x20 && (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(x | 0x20))
        }
    }
}
