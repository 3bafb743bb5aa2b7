/// "Did you mean" hints: the closest candidate by edit distance, if it is close enough.
package enum Suggestion {
    /// The candidate nearest to `word` (ties broken alphabetically), within a distance of about a third
    /// of its length and at most 3.
    package static func nearest(to word: String, in candidates: some Sequence<String>) -> String? {
        let w = Array(word.utf8)
        let limit = min(3, max(1, w.count / 3))
        var best: (distance: Int, candidate: String)?
        for candidate in candidates {
            let c = Array(candidate.utf8)
            guard abs(c.count - w.count) <= limit, c != w else { continue }
            guard let d = distance(w, c, limit: limit) else { continue }
            if let current = best, (current.distance, current.candidate) <= (d, candidate) { continue }
            best = (d, candidate)
        }
        return best?.candidate
    }

    /// Levenshtein distance, or `nil` once it must exceed `limit`.
    package static func distance(_ a: [UInt8], _ b: [UInt8], limit: Int) -> Int? {
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...max(a.count, 1) where !a.isEmpty {
            current[0] = i
            var rowMin = i
            for j in 1...max(b.count, 1) where !b.isEmpty {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                rowMin = min(rowMin, current[j])
            }
            if rowMin > limit { return nil }
            swap(&previous, &current)
        }
        let d = a.isEmpty ? b.count : previous[b.count]
        return d <= limit ? d : nil
    }
}
