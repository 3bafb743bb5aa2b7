import Synchronization

/// What answers many broken links of one site without scanning every path for each: made once the
/// links asking are more than a few (one broken link scans, as most rebuilds have none). A folder
/// of 5,000 pages each with a misspelt link is 5,000 questions of 5,000 names alike.
final class CandidateIndex: Sendable {
    /// Asks answered by scanning before the index is made: a broken link asks three to six times
    /// (its case, its extension, its folder and name, its nearest).
    static let scansBeforeIndexing = 32

    private let scans: Int
    private let asks = Atomic<Int>(0)
    private let signatures = MadeOnce<Signatures>()
    private let asciiFolded = MadeOnce<[ByteString: Int]>()
    private let exact = MadeOnce<[ByteString: Int]>()
    private let groups = MadeOnce<Groups>()
    private let folded = MadeOnce<Folded>()

    init(scansBeforeIndexing: Int = scansBeforeIndexing) { scans = scansBeforeIndexing }

    /// Counts one ask; whether the index is now worth making.
    func isWorthIndexing() -> Bool {
        asks.add(1, ordering: .relaxed).newValue > scans
    }

    /// Each path's `BigramSignature`, and whether it is ASCII: a path with other than ASCII has its
    /// edits counted in characters of up to four bytes, which the signature does not bound.
    struct Signatures: Sendable {
        var signatures: [BigramSignature] = []
        var isASCII: [Bool] = []
    }

    func signatures(of candidates: CandidatePaths) -> Signatures {
        signatures.value {
            var made = Signatures()
            made.signatures.reserveCapacity(candidates.ends.count)
            made.isASCII.reserveCapacity(candidates.ends.count)
            candidates.bytes.withUnsafeBufferPointer { all in
                for index in candidates.ends.indices {
                    let path = UnsafeBufferPointer(rebasing: all[candidates.start(of: index)..<candidates.ends[index]])
                    made.signatures.append(BigramSignature(path))
                    made.isASCII.append(path.allSatisfy { $0 < 0x80 })
                }
            }
            return made
        }
    }

    /// The ASCII paths by their bytes with A-Z lowered, each to the first in string order of those
    /// that fold alike.
    func asciiFolded(of candidates: CandidatePaths) -> [ByteString: Int] {
        asciiFolded.value {
            Self.firstInStringOrder(of: candidates) { path in path.allSatisfy { $0 < 0x80 } ? Self.asciiLowered(path) : nil }
        }
    }

    /// Each path by its bytes.
    func exactPaths(of candidates: CandidatePaths) -> [ByteString: Int] {
        exact.value { Self.firstInStringOrder(of: candidates) { Array($0) } }
    }

    /// The paths by the key `key` makes of their bytes (none for `nil`), each key to the first in
    /// string order of the paths that have it.
    private static func firstInStringOrder(
        of candidates: CandidatePaths, key: (ArraySlice<UInt8>) -> [UInt8]?
    ) -> [ByteString: Int] {
        var made: [ByteString: Int] = [:]
        made.reserveCapacity(candidates.paths.count)
        for index in candidates.ends.indices {
            guard let key = key(candidates.bytes(of: index)).map(ByteString.init) else { continue }
            if made[key].map({ candidates.paths[$0] <= candidates.paths[index] }) != true { made[key] = index }
        }
        return made
    }

    /// The paths of each folder (by its bytes with the slash: `guide/`, none at the top), of each
    /// ASCII name (with A-Z lowered), and of each stem (the bytes before an extension: `guide/install`
    /// of `guide/install.md`), each list in the order of the paths.
    struct Groups: Sendable {
        var byFolder: [ByteString: [Int]] = [:]
        var byASCIIName: [ByteString: [Int]] = [:]
        var byStem: [ByteString: [Int]] = [:]
    }

    func groups(of candidates: CandidatePaths) -> Groups {
        groups.value {
            var groups = Groups()
            groups.byASCIIName.reserveCapacity(candidates.ends.count)
            groups.byStem.reserveCapacity(candidates.ends.count)
            candidates.bytes.withUnsafeBufferPointer { all in
                for (index, end) in candidates.ends.enumerated() {
                    let start = candidates.start(of: index), nameStart = candidates.nameStarts[index]
                    groups.byFolder[ByteString(Array(all[start..<nameStart])), default: []].append(index)
                    let name = all[nameStart..<end]
                    if name.allSatisfy({ $0 < 0x80 }) {
                        groups.byASCIIName[ByteString(Self.asciiLowered(name)), default: []].append(index)
                    }
                    if let dot = name.lastIndex(of: UInt8(ascii: ".")), dot < end - 1 {
                        groups.byStem[ByteString(Array(all[start..<dot])), default: []].append(index)
                    }
                }
            }
            return groups
        }
    }

    /// What questions in other than ASCII look up, made only when one asks (each path lowercased
    /// as `String` lowercases it, which costs far more than ASCII's): paths by their lowercased
    /// bytes (each to the first in string order), names lowercased as `String`s, whose equality is
    /// canonical equivalence (NFC and NFD alike; in the order of the paths), and paths by `String`
    /// equality.
    struct Folded: Sendable {
        var byLowercasedPath: [ByteString: Int] = [:]
        var byLowercasedName: [String: [Int]] = [:]
        var byEquivalentPath: [String: [Int]] = [:]
    }

    func folded(of candidates: CandidatePaths) -> Folded {
        folded.value {
            var made = Folded()
            for (index, path) in candidates.paths.enumerated() {
                let key = ByteString(Array(path.lowercased().utf8))
                if made.byLowercasedPath[key].map({ candidates.paths[$0] <= path }) != true {
                    made.byLowercasedPath[key] = index
                }
                let name = String(
                    decoding: candidates.bytes[candidates.nameStarts[index]..<candidates.ends[index]], as: UTF8.self)
                made.byLowercasedName[name.lowercased(), default: []].append(index)
                made.byEquivalentPath[path, default: []].append(index)
            }
            return made
        }
    }

    static func asciiLowered(_ bytes: some Sequence<UInt8>) -> [UInt8] {
        bytes.map { (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0) ? $0 | 0x20 : $0 }
    }
}
