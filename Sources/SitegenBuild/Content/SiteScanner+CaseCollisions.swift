import Foundation
import SitegenCore

extension SiteScanner {
    /// Two files or folders whose paths are equal but for letter case or Unicode normalisation
    /// (`café` composed or decomposed) overwrite or merge into each other on macOS and Windows disks.
    /// Only paths with an uppercase or non-ASCII letter can collide, so only those are folded; the
    /// other folders are listed only if one of those has an uppercase letter.
    /// `madeFrom` names the file an output path comes from (a page's Markdown file, a theme asset's file), where that
    /// is not the path itself.
    static func checkCaseCollisions(
        _ paths: [String], displayRoot: String, madeFrom: (String) -> String? = { _ in nil }
    ) throws(InputError) {
        let foldable = paths.filter(mayFold)
        // `String` equality and hashing ignore normalisation: `all` and `folded` find a decomposed
        // name from its composed twin, and only a byte comparison tells the two apart.
        var all: Set<String>?
        var folded: [String: String] = [:]
        var collisions: [(String, String)] = []
        for path in [foldable, folders(of: foldable).filter(mayFold)].joined() {
            let lower = path.lowercased()
            if lower != path {
                if all == nil { all = Set(paths).union(folders(of: paths)) }
                if let index = all?.firstIndex(of: lower), let other = all?[index] { collisions.append((path, other)) }
            }
            // A name can be a file and a folder of outputs (page `a.html`, asset `a.html/x.png`): no collision.
            if let other = folded[lower], !other.utf8.elementsEqual(path.utf8) { collisions.append((path, other)) }
            folded[lower] = folded[lower].map { min($0, path) } ?? path
        }
        // Two spellings of one name are equal as `String`s: their bytes decide, so that every disk's
        // listing order gives the same message.
        func precedes(_ x: String, _ y: String) -> Bool { x == y ? x.utf8.lexicographicallyPrecedes(y.utf8) : x < y }
        let pairs = collisions.map { precedes($0.0, $0.1) ? ($0.1, $0.0) : ($0.0, $0.1) }
        guard
            let first = pairs.min(by: { a, b in
                a.0.utf8.elementsEqual(b.0.utf8) ? precedes(a.1, b.1) : precedes(a.0, b.0)
            })
        else { return }
        // Folders are named with their slash: `Guide/` and `guide/`.
        let folders = folders(of: paths)
        func shown(_ name: String) -> String { folders.contains { $0.utf8.elementsEqual(name.utf8) } ? name + "/" : name }
        let (a, b) = (shown(first.0), shown(first.1))
        let (sourceA, sourceB) = (madeFrom(first.0), madeFrom(first.1))
        let (fromA, fromB) = (sourceA.map { " (from \($0))" } ?? "", sourceB.map { " (from \($0))" } ?? "")
        throw InputError(
            "'\(a)'\(fromA) and '\(b)'\(fromB) \(difference(first.0, first.1))", path: sourceA ?? sourceB ?? displayRoot + a)
    }

    /// What tells `a` and `b` apart, and where that matters.
    private static func difference(_ a: String, _ b: String) -> String {
        if a.lowercased().utf8.elementsEqual(b.lowercased().utf8) {
            return "differ only in letter case and collide on case-insensitive disks"
        }
        if a == b {
            return
                "differ only in Unicode normalisation (one is composed, NFC, the other decomposed, NFD) and collide on macOS disks"
        }
        return "differ only in letter case and Unicode normalisation and collide on case-insensitive disks"
    }

    /// Whether `path` has an uppercase ASCII or a non-ASCII byte: a scan over bytes, since 10,000
    /// paths are asked on every build.
    static func mayFold(_ path: String) -> Bool {
        var path = path
        return path.withUTF8 { bytes in
            // Eight bytes a step: a high bit set, or a byte from `A` to `Z` (bytes below 0x80
            // then, whose sums carry into no neighbour).
            let ones: UInt64 = 0x0101_0101_0101_0101, high = ones &* 0x80
            var offset = 0
            while offset + 8 <= bytes.count {
                let word = UnsafeRawBufferPointer(bytes).loadUnaligned(fromByteOffset: offset, as: UInt64.self)
                if word & high != 0 || (word &+ ones &* (0x80 - 0x41)) & ~(word &+ ones &* (0x80 - 0x5B)) & high != 0 {
                    return true
                }
                offset += 8
            }
            return bytes[offset...].contains { $0 &- 0x41 < 26 || $0 >= 0x80 }
        }
    }

    /// Every folder that holds one of `paths`, once each and byte for byte (two spellings of `café/`
    /// are two folders). Sorted paths mostly share their folder with the previous one, which is then
    /// not looked up again.
    static func folders(of paths: [String]) -> [String] {
        let slash = UInt8(ascii: "/")
        var seen: Set<ExactPath> = []
        var folders: [String] = []
        var previous: [UInt8] = []
        for var path in paths {
            let end = path.withUTF8 { bytes -> Int in
                var end = bytes.count - 1
                while end >= 0, bytes[end] != slash { end -= 1 }
                if end < 0 || end == previous.count && memcmp(bytes.baseAddress!, previous, end) == 0 { return -1 }
                previous.removeAll(keepingCapacity: true)
                previous.append(contentsOf: bytes[..<end])
                return end
            }
            guard end >= 0 else { continue }
            var folder = ExactPath(text: path[..<path.utf8.index(path.startIndex, offsetBy: end)])
            while seen.insert(folder).inserted {
                folders.append(String(folder.text))
                guard let up = folder.text.utf8.lastIndex(of: slash) else { break }
                folder = ExactPath(text: folder.text[..<up])
            }
        }
        return folders
    }
}

/// A path compared and hashed byte for byte, where `String` calls two spellings of `é` equal; a
/// substring, so that looking one up makes no copy.
private struct ExactPath: Hashable {
    var text: Substring

    static func == (a: ExactPath, b: ExactPath) -> Bool {
        let equal = a.text.utf8.withContiguousStorageIfAvailable { a in
            b.text.utf8.withContiguousStorageIfAvailable { b in
                a.count == b.count && (a.isEmpty || memcmp(a.baseAddress!, b.baseAddress!, a.count) == 0)
            }
        }
        return (equal ?? nil) ?? a.text.utf8.elementsEqual(b.text.utf8)
    }

    func hash(into hasher: inout Hasher) {
        if text.utf8.withContiguousStorageIfAvailable({ hasher.combine(bytes: UnsafeRawBufferPointer($0)) }) == nil {
            for byte in text.utf8 { hasher.combine(byte) }
        }
    }
}
