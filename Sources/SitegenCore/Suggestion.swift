import Foundation

/// "Did you mean" hints: the closest candidates by edit distance, if they are close enough.
package enum Suggestion {
    /// How far a candidate may be from `word` (in edits of one character, a Unicode scalar: `é` for
    /// `e` is one) to be suggested: about a third of the length of its name (the last path component
    /// without its extension: `instal` of `guide/instal.html`), at most 3, and nothing for a name
    /// under three characters, which any other short name is as near to (`b.html` is no typo of
    /// `a.html`). A candidate whose length differs by more is never close enough.
    package static func limit(for word: String) -> Int {
        var word = word
        return word.withUTF8 { limit(for: $0) }
    }

    private static func limit(for word: UnsafeBufferPointer<UInt8>) -> Int {
        let start = (word.lastIndex(of: UInt8(ascii: "/")) ?? -1) + 1
        let dot = word[start...].lastIndex(of: UInt8(ascii: "."))
        let end = dot.flatMap { $0 > start ? $0 : nil } ?? word.count
        // UTF-8's continuation bytes start no character.
        let name = word[start..<end].count { $0 & 0xC0 != 0x80 }
        return name < 3 ? 0 : min(3, max(1, name / 3))
    }

    /// How many candidates tied at the best distance are named: more, and none is, as a guess among
    /// four or more would more likely be wrong than right.
    package static let mostNamed = 3

    /// ` (did you mean 'a'?)`, ` (did you mean 'a' or 'b'?)` or ` (did you mean 'a', 'b' or 'c'?)`
    /// for `names`, in their order; nothing for none.
    package static func phrase(_ names: [String]) -> String {
        guard let last = names.last else { return "" }
        let quoted = names.dropLast().map { "'\($0)'" }.joined(separator: ", ")
        return " (did you mean \(quoted.isEmpty ? "" : quoted + " or ")'\(last)'?)"
    }

    /// The candidates nearest to `word` within `limit(for:)`, in string order: one, or up to
    /// `mostNamed` tied at the same distance, or none (also when more tie). A candidate that differs
    /// from `word` only in the value of a number (`v20` for `v10`) is never one.
    ///
    /// A folder of 5,000 pages named alike, each with a broken link, asks this 5,000 times of 5,000
    /// candidates: they are packed into one byte buffer (`CandidatePaths`, as the paths of a site are)
    /// and compared there, only on what lies between their common start and end (`guide/` and `.md`
    /// cost nothing).
    package static func nearest(to word: String, in candidates: some Sequence<String>) -> [String] {
        let packed = CandidatePaths(paths: Array(candidates))
        return packed.nearest(to: word, among: Array(packed.paths.indices))
    }

    /// `nearest(to:in:)` for an id: when none is near, the ids that are `word` once their accents
    /// are dropped as MkDocs drops them (every letter not in ASCII once decomposed: `größe` is
    /// `groe`), or spelt out (`grosse`): a short id's accents can be more edits than its length allows.
    package static func nearestID(to word: String, in candidates: some Sequence<String>) -> [String] {
        let candidates = Array(candidates)
        let near = nearest(to: word, in: candidates)
        guard near.isEmpty, word.utf8.allSatisfy({ $0 < 0x80 }) else { return near }
        let same = candidates.filter { candidate in
            guard !candidate.utf8.allSatisfy({ $0 < 0x80 }) else { return false }
            return plainLetters(candidate, spelling: false) == word || plainLetters(candidate, spelling: true) == word
        }
        return same.count <= mostNamed ? same.sorted() : []
    }

    /// `id` decomposed with its non-ASCII left out, as MkDocs' ids are made; with `spelling`, the
    /// letters that do not decompose spelt out first (`ß` as `ss`, `æ` as `ae`).
    private static func plainLetters(_ id: String, spelling: Bool) -> String {
        var text = id
        if spelling {
            for (letter, spelt) in [("ß", "ss"), ("æ", "ae"), ("œ", "oe"), ("ø", "o"), ("đ", "d"), ("ł", "l"), ("þ", "th")] {
                text = text.replacingOccurrences(of: letter, with: spelt)
            }
        }
        return String(
            String.UnicodeScalarView(text.decomposedStringWithCompatibilityMapping.unicodeScalars.filter(\.isASCII)))
    }

    /// The positions of the candidates nearest to `word` among `count` candidates, each given by its
    /// bytes, sorted by `precedes` (which also tells equal ones apart: each is named once). What
    /// `nearest(to:in:)` does, for callers that hold their candidates as bytes already: no string is
    /// touched but to sort the few found. `lowerBound`, where a caller knows one (`BigramSignature`),
    /// is for each position a distance its candidate is no nearer than, the positions in ascending
    /// order of it: the search ends at the first whose bound is over the limit, which shrinks once
    /// the nearest is found.
    package static func nearestIndices(
        to w: UnsafeBufferPointer<UInt8>, count: Int, candidate: (Int) -> UnsafeBufferPointer<UInt8>,
        lowerBound: (Int) -> Int = { _ in 0 }, precedes: (Int, Int) -> Bool
    ) -> [Int] {
        var limit = limit(for: w)
        var best: [Int] = []
        var bestDistance = Int.max
        var rows = ([Int](), [Int]())
        var scalars = ([UInt32](), [UInt32]())
        let wordIsASCII = isASCII(w)
        withUnsafeTemporaryAllocation(of: Int32.self, capacity: 256) { storage in
            let counts = ByteCounts(w, storage: storage)
            for index in 0..<count {
                guard lowerBound(index) <= limit else { break }
                let c = candidate(index)
                let found: Int?
                if wordIsASCII && isASCII(c) {
                    guard abs(c.count - w.count) <= limit, counts.lowerBound(from: w.count, to: c) <= limit else { continue }
                    found = distance(w, c, limit: limit, rows: &rows)
                } else {
                    // An edit of one character changes the length by up to four bytes.
                    guard abs(c.count - w.count) <= 4 * limit else { continue }
                    found = scalarDistance(w, c, limit: limit, rows: &rows, scalars: &scalars)
                }
                guard let d = found, d > 0, !differInNumbersOnly(w, c) else { continue }
                if d < bestDistance {
                    best.removeAll(keepingCapacity: true)
                    bestDistance = d
                    // Only as near can still count.
                    limit = d
                }
                // One more than can be named is enough to name none.
                if best.count <= mostNamed, !best.contains(where: { !precedes($0, index) && !precedes(index, $0) }) {
                    best.append(index)
                }
            }
        }
        return best.count <= mostNamed ? best.sorted(by: precedes) : []
    }

    /// How often each byte occurs in a word: the bytes one string has and the other lacks bound
    /// their edit distance from below, which rules out most candidates of a large folder of
    /// names alike without the dynamic programme.
    private struct ByteCounts {
        private let counts: UnsafeMutableBufferPointer<Int32>

        /// Counts `word` into `storage`, 256 counts that it uses until it is done.
        init(_ word: UnsafeBufferPointer<UInt8>, storage: UnsafeMutableBufferPointer<Int32>) {
            counts = storage
            counts.initialize(repeating: 0)
            for byte in word { counts[Int(byte)] &+= 1 }
        }

        /// max(bytes of the word missing from `other`, bytes of `other` missing from the word), as
        /// multisets: no edit script is shorter. The counts are lent and given back unchanged.
        func lowerBound(from wordLength: Int, to other: UnsafeBufferPointer<UInt8>) -> Int {
            var matched = 0
            for byte in other {
                if counts[Int(byte)] > 0 { matched += 1 }
                counts[Int(byte)] &-= 1
            }
            for byte in other { counts[Int(byte)] &+= 1 }
            return max(wordLength - matched, other.count - matched)
        }
    }

    private static func isASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var any: UInt8 = 0
        for byte in bytes { any |= byte }
        return any < 0x80
    }

    /// `distance(_:_:limit:rows:)` counted in Unicode scalars, for words with other than ASCII: `é`
    /// for `e` is one edit, not two. The common start and end are cut at a character's start.
    private static func scalarDistance(
        _ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>, limit: Int, rows: inout ([Int], [Int]),
        scalars: inout ([UInt32], [UInt32])
    ) -> Int? {
        func continues(_ bytes: UnsafeBufferPointer<UInt8>, _ index: Int) -> Bool {
            index < bytes.count && bytes[index] & 0xC0 == 0x80
        }
        var start = 0
        while start < a.count, start < b.count, a[start] == b[start] { start += 1 }
        while start > 0, continues(a, start) || continues(b, start) { start -= 1 }
        var endA = a.count, endB = b.count
        while endA > start, endB > start, a[endA - 1] == b[endB - 1] {
            endA -= 1
            endB -= 1
        }
        while continues(a, endA) || continues(b, endB) {
            endA += 1
            endB += 1
        }
        decode(UnsafeBufferPointer(rebasing: a[start..<endA]), into: &scalars.0)
        decode(UnsafeBufferPointer(rebasing: b[start..<endB]), into: &scalars.1)
        return scalars.0.withUnsafeBufferPointer { a in
            scalars.1.withUnsafeBufferPointer { b in distance(a, b, limit: limit, rows: &rows) }
        }
    }

    /// The scalars of valid UTF-8 (the bytes of a `String`), into a buffer reused from one candidate
    /// to the next.
    private static func decode(_ bytes: UnsafeBufferPointer<UInt8>, into scalars: inout [UInt32]) {
        scalars.removeAll(keepingCapacity: true)
        _ = transcode(bytes.makeIterator(), from: UTF8.self, to: UTF32.self, stoppingOnError: false) { scalars.append($0) }
    }

    /// Levenshtein distance, or `nil` once it must exceed `limit`.
    package static func distance(_ a: [UInt8], _ b: [UInt8], limit: Int) -> Int? {
        var rows = ([Int](), [Int]())
        return a.withUnsafeBufferPointer { a in
            b.withUnsafeBufferPointer { b in distance(a, b, limit: limit, rows: &rows) }
        }
    }

    /// `distance(_:_:limit:)` in `rows`, two buffers reused from one candidate to the next. A common
    /// start and end change no distance, so only the bytes between them are compared.
    private static func distance<Unit: FixedWidthInteger>(
        _ a: UnsafeBufferPointer<Unit>, _ b: UnsafeBufferPointer<Unit>, limit: Int, rows: inout ([Int], [Int])
    ) -> Int? {
        var start = 0
        while start < a.count, start < b.count, a[start] == b[start] { start += 1 }
        var endA = a.count, endB = b.count
        while endA > start, endB > start, a[endA - 1] == b[endB - 1] {
            endA -= 1
            endB -= 1
        }
        let a = UnsafeBufferPointer(rebasing: a[start..<endA]), b = UnsafeBufferPointer(rebasing: b[start..<endB])
        if a.isEmpty || b.isEmpty { return max(a.count, b.count) <= limit ? max(a.count, b.count) : nil }
        if rows.0.count <= b.count {
            rows.0 = [Int](repeating: 0, count: b.count + 1)
            rows.1 = rows.0
        }
        return rows.0.withUnsafeMutableBufferPointer { previous in
            rows.1.withUnsafeMutableBufferPointer { current in
                var previous = previous, current = current
                for j in 0...b.count { previous[j] = j }
                for i in 1...a.count {
                    current[0] = i
                    var rowMin = i
                    let byte = a[i - 1]
                    for j in 1...b.count {
                        let cost = byte == b[j - 1] ? 0 : 1
                        let value = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                        current[j] = value
                        rowMin = min(rowMin, value)
                    }
                    if rowMin > limit { return nil }
                    swap(&previous, &current)
                }
                let d = previous[b.count]
                return d <= limit ? d : nil
            }
        }
    }
}
