import Testing

@testable import SitegenCore

@Suite struct SuggestionTests {
    /// The textbook dynamic programme, to check the trimmed and bounded one against.
    private func levenshtein(_ a: [UInt8], _ b: [UInt8]) -> Int {
        var previous = Array(0...b.count)
        for i in a.indices {
            var current = [i + 1] + Array(repeating: 0, count: b.count)
            for j in b.indices {
                current[j + 1] = min(previous[j + 1] + 1, current[j] + 1, previous[j] + (a[i] == b[j] ? 0 : 1))
            }
            previous = current
        }
        return previous[b.count]
    }

    /// The limit comes from the name, not the path or extension: a short name has no typo to fix.
    @Test func shortNamesGetNoSuggestion() {
        #expect(Suggestion.nearest(to: "b.html", in: ["a.html"]) == nil)
        #expect(Suggestion.nearest(to: "x4.png", in: ["a.png", "x.png"]) == nil)
        #expect(Suggestion.nearest(to: "guide/x1.html", in: ["guide/cr.html"]) == nil)
        #expect(Suggestion.nearest(to: "guide/instal.html", in: ["guide/install.html"]) == "guide/install.html")
        #expect(Suggestion.nearest(to: "instal", in: ["install", "x"]) == "install")
        #expect(Suggestion.limit(for: "docs/.htaccess") == 3, "a dot-file's name is the whole")
    }

    @Test func distanceAgreesWithTheTextbookOnRandomStrings() {
        var random = Numbers(seed: 7)
        func next(_ bound: Int) -> Int { random.next(bound) }
        let alphabet = Array("ab/.-".utf8)
        for _ in 0..<3000 {
            let a = (0..<next(9)).map { _ in alphabet[next(alphabet.count)] }
            let b = (0..<next(9)).map { _ in alphabet[next(alphabet.count)] }
            let limit = 1 + next(3)
            let expected = levenshtein(a, b)
            #expect(Suggestion.distance(a, b, limit: limit) == (expected <= limit ? expected : nil), "\(a) \(b) \(limit)")
        }
    }

    /// What `nearest` must find, by brute force: the smallest distance within the limit, ties broken
    /// by the strings' order.
    private func bruteNearest(_ word: String, _ candidates: [String]) -> String? {
        let limit = Suggestion.limit(for: word)
        return
            candidates
            .map { (levenshtein(Array(word.utf8), Array($0.utf8)), $0) }
            .filter { $0.0 > 0 && $0.0 <= limit }
            .min { ($0.0, $0.1) < ($1.0, $1.1) }?.1
    }

    @Test func nearestAgreesWithBruteForceOnRandomFolders() {
        var random = Numbers(seed: 11)
        func next(_ bound: Int) -> Int { random.next(bound) }
        let alphabet = Array("abc-é1".unicodeScalars)
        func word() -> String {
            "guide/" + String(String.UnicodeScalarView((0..<(1 + next(8))).map { _ in alphabet[next(alphabet.count)] })) + ".md"
        }
        for _ in 0..<400 {
            let candidates = (0..<next(40)).map { _ in word() }
            let wanted = word()
            #expect(Suggestion.nearest(to: wanted, in: candidates) == bruteNearest(wanted, candidates), "\(wanted) \(candidates)")
        }
    }

    @Test func nearestPrefersTheClosestThenTheFirstInOrder() {
        let candidates = ["guide/install.md", "guide/instant.md", "guide/usage.md", "guide/instal.md"]
        #expect(Suggestion.nearest(to: "guide/instal.md", in: candidates) == "guide/install.md")
        #expect(Suggestion.nearest(to: "guide/instalx.md", in: candidates) == "guide/instal.md")
        #expect(Suggestion.nearest(to: "reference/cli.md", in: candidates) == nil)
        #expect(Suggestion.nearest(to: "page-1000.md", in: ["page-01000.md", "page-00999.md"]) == "page-01000.md")
    }
}

/// A fixed sequence of pseudo-random numbers (a linear congruential generator), the same on every run.
private struct Numbers {
    var state: UInt64

    init(seed: UInt64) { state = seed }

    /// The next number in `0..<bound`.
    mutating func next(_ bound: Int) -> Int {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return Int((state >> 33) % UInt64(bound))
    }
}
