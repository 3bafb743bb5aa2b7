extension Suggestion {
    /// ` (did you mean 'x'?)` for a key or template name that is not known: the nearest known ones
    /// (`nearest(to:in:)`); else those that are it with two neighbouring letters swapped (`titel`, the
    /// commonest slip in a short key); else its plural or singular (`alias`, `aliases`); else those it
    /// begins, from four letters on (`desc`, `description`). Nothing when more than `mostNamed` fit.
    package static func hint(for word: String, in candidates: some Sequence<String>) -> String {
        phrase(names(hintedFor: word, in: candidates))
    }

    /// The names `hint(for:in:)` puts in its phrase, for a caller that writes them otherwise.
    package static func names(hintedFor word: String, in candidates: some Sequence<String>) -> [String] {
        let candidates = Array(candidates).sorted()
        var found = nearest(to: word, in: candidates)
        if found.isEmpty { found = candidates.filter { isTransposition(of: word, $0) } }
        if found.isEmpty { found = candidates.filter { isPlural(of: word, $0) || isPlural(of: $0, word) } }
        if found.isEmpty, word.utf8.count >= 4 { found = candidates.filter { $0 != word && $0.hasPrefix(word) } }
        return found.count <= mostNamed ? found : []
    }

    /// Whether `b` is `a` with two neighbouring characters (Unicode scalars) swapped: `titel` of
    /// `title`, `cfaé.md` of `café.md`.
    package static func isTransposition(of a: String, _ b: String) -> Bool {
        let x = Array(a.unicodeScalars), y = Array(b.unicodeScalars)
        guard x.count == y.count, let first = x.indices.first(where: { x[$0] != y[$0] }), first + 1 < x.count else {
            return false
        }
        return x[first] == y[first + 1] && x[first + 1] == y[first] && x[(first + 2)...] == y[(first + 2)...]
    }

    /// Whether `plural` is `word` with `s` or `es` after it (`aliases` of `alias`).
    private static func isPlural(of word: String, _ plural: String) -> Bool {
        !word.isEmpty && (plural == word + "s" || plural == word + "es")
    }

    /// Whether `a` and `b` differ only in the value of numbers written at the same places (`v10` and
    /// `v20`, `chapter-2` and `chapter-3`): two versions or chapters, no slip of one for the other.
    /// Zeros in front change no value: `page-01000` is `page-1000` written wider, and may be meant.
    static func differInNumbersOnly(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Bool {
        var i = 0, j = 0
        var differ = false
        while i < a.count, j < b.count {
            guard isDigit(a[i]), isDigit(b[j]) else {
                guard a[i] == b[j] else { return false }
                i += 1
                j += 1
                continue
            }
            let endA = a[i...].firstIndex { !isDigit($0) } ?? a.count
            let endB = b[j...].firstIndex { !isDigit($0) } ?? b.count
            while i < endA - 1, a[i] == UInt8(ascii: "0") { i += 1 }
            while j < endB - 1, b[j] == UInt8(ascii: "0") { j += 1 }
            if !a[i..<endA].elementsEqual(b[j..<endB]) { differ = true }
            i = endA
            j = endB
        }
        return differ && i == a.count && j == b.count
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }
}
