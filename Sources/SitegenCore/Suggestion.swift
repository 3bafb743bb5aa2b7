/// "Did you mean" hints: the closest candidate by edit distance, if it is close enough.
package enum Suggestion {
    /// How far a candidate may be from `word` (in UTF-8 bytes) to be suggested: about a third of its
    /// length, at most 3. A candidate whose length differs by more is never close enough.
    package static func limit(for word: String) -> Int { min(3, max(1, word.utf8.count / 3)) }

    /// The candidate nearest to `word` (ties broken alphabetically), within `limit(for:)`.
    ///
    /// A folder of 5,000 pages named alike, each with a broken link, asks this 5,000 times of 5,000
    /// candidates: each comparison works on the strings' own bytes (no copy), and only on what lies
    /// between their common start and end (`guide/` and `.md` cost nothing).
    package static func nearest(to word: String, in candidates: some Sequence<String>) -> String? {
        var word = word
        let limit = limit(for: word)
        return word.withUTF8 { w in
            var best: (distance: Int, candidate: String)?
            var rows = ([Int](), [Int]())
            for var candidate in candidates {
                guard abs(candidate.utf8.count - w.count) <= limit else { continue }
                let d = candidate.withUTF8 { c in distance(w, c, limit: limit, rows: &rows) }
                guard let d, d > 0 else { continue }
                if let current = best, (current.distance, current.candidate) <= (d, candidate) { continue }
                best = (d, candidate)
            }
            return best?.candidate
        }
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
    private static func distance(
        _ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>, limit: Int, rows: inout ([Int], [Int])
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
        rows.0.removeAll(keepingCapacity: true)
        rows.0.append(contentsOf: 0...b.count)
        rows.1.removeAll(keepingCapacity: true)
        rows.1.append(contentsOf: repeatElement(0, count: b.count + 1))
        for i in 1...a.count {
            rows.1[0] = i
            var rowMin = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                rows.1[j] = min(rows.0[j] + 1, rows.1[j - 1] + 1, rows.0[j - 1] + cost)
                rowMin = min(rowMin, rows.1[j])
            }
            if rowMin > limit { return nil }
            swap(&rows.0, &rows.1)
        }
        let d = rows.0[b.count]
        return d <= limit ? d : nil
    }
}
