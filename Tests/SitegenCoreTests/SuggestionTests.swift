import Testing

@testable import SitegenCore

@Suite struct SuggestionTests {
    /// The textbook dynamic programme, to check the trimmed and bounded one against.
    private func levenshtein<Unit: Equatable>(_ a: [Unit], _ b: [Unit]) -> Int {
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
        #expect(Suggestion.nearest(to: "b.html", in: ["a.html"]).isEmpty)
        #expect(Suggestion.nearest(to: "x4.png", in: ["a.png", "x.png"]).isEmpty)
        #expect(Suggestion.nearest(to: "guide/x1.html", in: ["guide/cr.html"]).isEmpty)
        #expect(Suggestion.nearest(to: "guide/instal.html", in: ["guide/install.html"]) == ["guide/install.html"])
        #expect(Suggestion.nearest(to: "instal", in: ["install", "x"]) == ["install"])
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

    /// What `nearest` must find, by brute force: every candidate at the smallest distance (in
    /// Unicode scalars) within the limit, in order, unless more than three tie; none that differs
    /// only in a number's value.
    private func bruteNearest(_ word: String, _ candidates: [String]) -> [String] {
        let limit = Suggestion.limit(for: word)
        let near =
            candidates
            .map { (levenshtein(word.unicodeScalars.map(\.value), $0.unicodeScalars.map(\.value)), $0) }
            .filter { $0.0 > 0 && $0.0 <= limit && !numbersOnly(word, $0.1) }
        guard let best = near.map(\.0).min() else { return [] }
        let tied = Set(near.filter { $0.0 == best }.map(\.1)).sorted()
        return tied.count <= 3 ? tied : []
    }

    /// `differInNumbersOnly` the slow way: the same words once every number is read as its value.
    private func numbersOnly(_ a: String, _ b: String) -> Bool {
        func isDigit(_ c: Character) -> Bool { c.isASCII && c.isNumber }
        func parts(_ s: String) -> [String] {
            var parts: [String] = []
            for c in s {
                if let last = parts.last, last.last.map(isDigit) == isDigit(c) {
                    parts[parts.count - 1].append(c)
                } else {
                    parts.append(String(c))
                }
            }
            return parts.map { isDigit($0.first!) ? String(Int($0.prefix(18))!) : $0 }
        }
        return a != b && parts(a) != parts(b)
            && parts(a).map { isDigit($0.first!) ? "0" : $0 }
                == parts(b).map { isDigit($0.first!) ? "0" : $0 }
    }

    @Test func nearestAgreesWithBruteForceOnRandomFolders() {
        var random = Numbers(seed: 11)
        func next(_ bound: Int) -> Int { random.next(bound) }
        let alphabet = Array("abc-é1日\u{1F600}".unicodeScalars)
        func word() -> String {
            "guide/" + String(String.UnicodeScalarView((0..<(1 + next(8))).map { _ in alphabet[next(alphabet.count)] })) + ".md"
        }
        for _ in 0..<400 {
            let candidates = (0..<next(40)).map { _ in word() }
            let wanted = word()
            #expect(Suggestion.nearest(to: wanted, in: candidates) == bruteNearest(wanted, candidates), "\(wanted) \(candidates)")
        }
    }

    /// The signatures' bound is never over the distance (else a suggestion would be missed), and it
    /// rules out the far: random ASCII words over a small alphabet, and each with a few random edits.
    @Test func bigramSignaturesBoundTheDistanceFromBelow() {
        var random = Numbers(seed: 5)
        func next(_ bound: Int) -> Int { random.next(bound) }
        let alphabet = Array("ab-01./".utf8)
        func word() -> [UInt8] { (0..<next(14)).map { _ in alphabet[next(alphabet.count)] } }
        func edited(_ word: [UInt8]) -> [UInt8] {
            var word = word
            for _ in 0..<(1 + next(4)) {
                let at = next(word.count + 1)
                switch next(3) {
                case 0: word.insert(alphabet[next(alphabet.count)], at: at)
                case 1 where at < word.count: word.remove(at: at)
                default: if at < word.count { word[at] = alphabet[next(alphabet.count)] }
                }
            }
            return word
        }
        func signature(_ word: [UInt8]) -> BigramSignature { word.withUnsafeBufferPointer { BigramSignature($0) } }
        var ruledOut = 0
        for _ in 0..<3000 {
            let a = word(), b = next(2) == 0 ? word() : edited(a)
            let bound = signature(a).lowerBound(to: signature(b))
            #expect(bound <= levenshtein(a, b), "\(a) \(b)")
            #expect(bound == signature(b).lowerBound(to: signature(a)))
            if bound > 1 { ruledOut += 1 }
        }
        #expect(ruledOut > 300)
    }

    @Test func nearestPrefersTheClosestAndNamesTies() {
        let candidates = ["guide/install.md", "guide/instant.md", "guide/usage.md", "guide/instal.md"]
        #expect(Suggestion.nearest(to: "guide/instal.md", in: candidates) == ["guide/install.md"])
        #expect(Suggestion.nearest(to: "guide/instalx.md", in: candidates) == ["guide/instal.md", "guide/install.md"])
        #expect(Suggestion.nearest(to: "reference/cli.md", in: candidates).isEmpty)
        #expect(Suggestion.nearest(to: "page-1000.md", in: ["page-01000.md", "page-00999.md"]) == ["page-01000.md"])
    }

    /// Candidates as near as each other are all named, up to three, in string order; a guess among
    /// more is none.
    @Test func tiesAreAllNamedOrNone() {
        #expect(Suggestion.nearest(to: "setup", in: ["setups", "sedup", "setup-", "other"]) == ["sedup", "setup-", "setups"])
        #expect(Suggestion.nearest(to: "setup", in: ["setups", "sedup", "setup-", "setu"]).isEmpty)
        #expect(Suggestion.nearest(to: "setup", in: ["setups", "setups", "sedup"]) == ["sedup", "setups"], "named once")
        #expect(Suggestion.phrase([]) == "")
        #expect(Suggestion.phrase(["a"]) == " (did you mean 'a'?)")
        #expect(Suggestion.phrase(["a", "b"]) == " (did you mean 'a' or 'b'?)")
        #expect(Suggestion.phrase(["a", "b", "c"]) == " (did you mean 'a', 'b' or 'c'?)")
    }

    /// A key or partial's hint: a near name, two letters swapped, a plural or singular, the start of
    /// a longer key.
    @Test func keyHints() {
        let keys = ["title", "description", "order", "template", "draft", "aliases", "nav_title"]
        #expect(Suggestion.hint(for: "titel", in: keys) == " (did you mean 'title'?)")
        #expect(Suggestion.hint(for: "alias", in: keys) == " (did you mean 'aliases'?)")
        #expect(Suggestion.hint(for: "drafts", in: keys) == " (did you mean 'draft'?)")
        #expect(Suggestion.hint(for: "desc", in: keys) == " (did you mean 'description'?)")
        #expect(Suggestion.hint(for: "nav", in: keys) == "", "too short to be a start")
        #expect(Suggestion.hint(for: "colour", in: keys) == "")
        #expect(Suggestion.hint(for: "temp", in: ["template", "temperature"]) == " (did you mean 'temperature' or 'template'?)")
    }

    /// A letter for an accented one, or a kana for another, is one edit: the distance and the limit
    /// count characters, not the bytes of their UTF-8.
    @Test func anAccentOrAKanaIsOneEdit() {
        #expect(Suggestion.nearest(to: "guide/cafe.md", in: ["guide/café.md", "guide/tea.md"]) == ["guide/café.md"])
        #expect(Suggestion.nearest(to: "uberblick.md", in: ["überblick.md"]) == ["überblick.md"])
        #expect(Suggestion.nearest(to: "überblik.md", in: ["überblick.md"]) == ["überblick.md"])
        #expect(Suggestion.nearest(to: "インストル.md", in: ["インストール.md"]) == ["インストール.md"])
        #expect(Suggestion.limit(for: "設定.md") == 0, "two characters, however many bytes")
        #expect(Suggestion.nearest(to: "設定.md", in: ["設置.md"]).isEmpty)
        #expect(Suggestion.limit(for: "guide/résumé.html") == 2)
    }

    /// MkDocs' ids drop what is not ASCII once decomposed (`größe` is `groe`); a writer may spell
    /// it out (`grosse`): either is told the id, when nothing is near in edits.
    @Test func anIdAsMkDocsWritesItNamesTheId() {
        let ids = ["größe-und-überprüfung", "inhalt"]
        #expect(Suggestion.nearestID(to: "groe-und-uberprufung", in: ids) == ["größe-und-überprüfung"])
        #expect(Suggestion.nearestID(to: "grosse-und-uberprufung", in: ids) == ["größe-und-überprüfung"])
        #expect(Suggestion.nearestID(to: "ete", in: ["été"]) == ["été"])
        #expect(Suggestion.nearestID(to: "groesse-und-ueberpruefung", in: ids).isEmpty, "no German transliteration")
    }

    /// `v20` is no slip for `v10`: another version, which a changelog must not suggest.
    @Test func anotherNumberIsNoSuggestion() {
        #expect(Suggestion.nearest(to: "v30", in: ["v10", "v20", "v31"]).isEmpty)
        #expect(Suggestion.nearest(to: "v20", in: ["v10", "version-20"]).isEmpty)
        #expect(Suggestion.nearest(to: "chapter-2.md", in: ["chapter-3.md", "chapter-12.md"]).isEmpty)
        #expect(Suggestion.nearest(to: "v2x0", in: ["v2-0", "v3x0"]) == ["v2-0"])
        #expect(Suggestion.nearest(to: "image1.png", in: ["image01.png"]) == ["image01.png"], "the same number")
        #expect(Suggestion.nearest(to: "vv30", in: ["vv3", "vx30"]) == ["vx30"])
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
