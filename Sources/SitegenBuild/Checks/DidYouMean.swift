/// Suggests the closest candidate for a near miss (`instal` → `install`), by edit distance.
enum DidYouMean {
    /// The best candidate within a distance that still looks like a typo, if any.
    static func suggestion(for text: String, among candidates: some Sequence<String>) -> String? {
        let target = Array(text.utf8)
        let limit = max(2, target.count / 3)
        var best: (distance: Int, candidate: String)?
        for candidate in candidates {
            let bytes = Array(candidate.utf8)
            guard abs(bytes.count - target.count) <= limit else { continue }
            let distance = editDistance(target, bytes, limit: limit)
            if distance <= limit, distance < (best?.distance ?? .max) || distance == best?.distance && candidate < best!.candidate {
                best = (distance, candidate)
            }
        }
        return best?.candidate
    }

    /// Levenshtein distance, case-insensitive for ASCII, giving up early past `limit`.
    static func editDistance(_ a: [UInt8], _ b: [UInt8], limit: Int) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous = Array(0...b.count)
        var current = Array(repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            var rowMin = i
            for j in 1...b.count {
                let cost = lower(a[i - 1]) == lower(b[j - 1]) ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                rowMin = min(rowMin, current[j])
            }
            if rowMin > limit { return rowMin }
            swap(&previous, &current)
        }
        return previous[b.count]
    }

    private static func lower(_ byte: UInt8) -> UInt8 {
        (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte | 0x20 : byte
    }
}
