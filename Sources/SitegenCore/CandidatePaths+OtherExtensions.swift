#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension CandidatePaths {
    /// The paths that are `path` with another extension, or with one where it has none (`install.md`
    /// for `install`): those whose extension is nearest to its own (by edit distance, so `install`
    /// prefers `install.md` to `install.html`, and `x.htm` `x.html`), at most `Suggestion.mostNamed`
    /// of them, in string order. A name's extension follows its last dot; a dot-file has none.
    public func otherExtensions(of path: String) -> [String] {
        let wanted = Array(path.utf8)
        let nameStart = (wanted.lastIndex(of: UInt8(ascii: "/")) ?? -1) + 1
        guard let dot = wanted[nameStart...].lastIndex(of: UInt8(ascii: ".")), dot > nameStart else {
            return withExtension(stem: wanted, nearestTo: [], itself: true)
        }
        return withExtension(stem: Array(wanted[..<dot]), nearestTo: Array(wanted[(dot + 1)...]), itself: true)
    }

    /// For `path`, a folder's index (`install/index.md`, `install/index.html`): `install` with an
    /// extension nearest to the index's (`install.md`, `install.html`); nothing for another path.
    func otherExtensions(ofFolderIndex path: String) -> [String] {
        let wanted = Array(path.utf8)
        guard let slash = wanted.lastIndex(of: UInt8(ascii: "/")), slash > 0,
            wanted[(slash + 1)...].starts(with: "index.".utf8)
        else { return [] }
        return withExtension(stem: Array(wanted[..<slash]), nearestTo: Array(wanted[(slash + 7)...]), itself: false)
    }

    /// The paths `stem` + `.` + an extension without a dot or slash, those whose extension is nearest
    /// to `wanted`; none if more than `Suggestion.mostNamed` tie. With `itself`, `stem.wanted` is the
    /// missing path, which is no suggestion (a manifest may list it all the same).
    private func withExtension(stem: [UInt8], nearestTo wanted: [UInt8], itself: Bool) -> [String] {
        guard !stem.isEmpty, stem.last != UInt8(ascii: "/") else { return [] }
        var best: [Int] = []
        var bestDistance = Int.max
        // Looked up rather than scanned for, once many ask.
        let indices =
            searchIndex.isWorthIndexing() ? searchIndex.groups(of: self).byStem[ByteString(stem)] ?? [] : Array(ends.indices)
        bytes.withUnsafeBufferPointer { all in
            stem.withUnsafeBufferPointer { stem in
                for index in indices {
                    let start = start(of: index), end = ends[index]
                    guard end - start > stem.count + 1, all[start + stem.count] == UInt8(ascii: "."),
                        memcmp(all.baseAddress! + start, stem.baseAddress!, stem.count) == 0
                    else { continue }
                    let found = all[(start + stem.count + 1)..<end]
                    guard !found.contains(UInt8(ascii: "/")), !found.contains(UInt8(ascii: ".")),
                        !(itself && found.elementsEqual(wanted)), let d = Suggestion.distance(Array(found), wanted, limit: .max),
                        d <= bestDistance
                    else { continue }
                    if d < bestDistance {
                        best.removeAll(keepingCapacity: true)
                        bestDistance = d
                    }
                    best.append(index)
                }
            }
        }
        let names = Set(best.map { paths[$0] }).sorted()
        return names.count <= Suggestion.mostNamed ? names : []
    }
}
