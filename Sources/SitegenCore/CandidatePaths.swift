/// Every linkable path of a site or bundle, searched when a link is broken:
/// for the same path in other letter case, and for paths in the same folder or with the same name to
/// suggest. A scan of the UTF-8 bytes per broken link costs less than indexing 20,000 paths on every
/// rebuild, most of which find no broken link at all.
public struct CandidatePaths: Sendable {
    public let paths: [String]

    public init(paths: [String]) { self.paths = paths }

    /// The first path, in sorted order, equal to `path` but for letter case.
    public func sameIgnoringCase(as path: String) -> String? {
        let wanted = Array(path.utf8)
        let ascii = wanted.allSatisfy { $0 < 0x80 }
        let folded = ascii ? [] : Array(path.lowercased().utf8)
        var best: String?
        for candidate in paths {
            let matches: Bool
            if ascii {
                matches = candidate.utf8.count == wanted.count && Self.equalIgnoringASCIICase(candidate.utf8, wanted)
            } else {
                matches = Array(candidate.lowercased().utf8) == folded
            }
            if matches, best.map({ candidate < $0 }) ?? true { best = candidate }
        }
        return best
    }

    /// The paths in the folder of `path`, then the paths named like it (ignoring case) in any folder,
    /// each group sorted.
    public func nearby(_ path: String) -> [String] {
        let bytes = Array(path.utf8)
        let slash = bytes.lastIndex(of: UInt8(ascii: "/"))
        let folder = slash.map { Array(bytes[..<$0]) } ?? []
        let name = slash.map { Array(bytes[($0 + 1)...]) } ?? bytes
        let nameIsASCII = name.allSatisfy { $0 < 0x80 }
        let foldedName = String(decoding: name, as: UTF8.self).lowercased()
        var inFolder: [String] = []
        var named: [String] = []
        for var candidate in paths {
            let (isInFolder, isNamed) = candidate.withUTF8 { utf8 in
                let candidateSlash = utf8.lastIndex(of: UInt8(ascii: "/"))
                let candidateFolder = candidateSlash.map { utf8[..<$0] } ?? utf8[0..<0]
                let candidateName = candidateSlash.map { utf8[($0 + 1)...] } ?? utf8[...]
                let sameName =
                    nameIsASCII
                    ? candidateName.count == name.count && Self.equalIgnoringASCIICase(candidateName, name)
                    : String(decoding: candidateName, as: UTF8.self).lowercased() == foldedName
                return (candidateFolder.elementsEqual(folder), sameName)
            }
            if isInFolder { inFolder.append(candidate) }
            if isNamed { named.append(candidate) }
        }
        return inFolder.sorted() + named.sorted()
    }

    private static func equalIgnoringASCIICase(_ a: some Sequence<UInt8>, _ b: some Sequence<UInt8>) -> Bool {
        zip(a, b).allSatisfy { x, y in
            x == y || (x | 0x20 == y | 0x20 && (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(x | 0x20))
        }
    }
}
