import Foundation
import Testing

@testable import SitegenBuild

/// The sidebar's byte-level natural order agrees with Foundation's case-insensitive numeric
/// comparison, which it replaces for ASCII titles.
@Suite struct NaturalOrderTests {
    private func foundation(_ a: String, _ b: String) -> ComparisonResult {
        a.compare(b, options: [.caseInsensitive, .numeric], range: nil, locale: nil)
    }

    private func bytes(_ text: String) -> [UInt8] {
        Array(text.utf8).map { (0x41...0x5A).contains($0) ? $0 | 0x20 : $0 }
    }

    @Test func agreesWithFoundationOnChosenCases() {
        let cases = [
            ("Step 2", "Step 10"), ("step 2", "Step 2"), ("a_b", "aB"), ("Z", "_"), ("A", "["), ("2", "02"), ("a02", "a2b"),
            ("v1.10", "v1.9"), ("x", "x1"), ("", "a"), ("Install", "install-2"), ("007", "7"), ("a 1", "a1"),
        ]
        for (a, b) in cases {
            #expect(SortKey.naturalOrder(bytes(a), bytes(b)) == foundation(a, b), "\(a) vs \(b)")
        }
    }

    @Test func agreesWithFoundationOnRandomASCII() {
        var random = BuildRobustnessTests.Random(state: 42)
        let alphabet = Array("aAbBzZ019 _-.[`~/")
        for _ in 0..<20_000 {
            let a = String((0..<random.below(7)).map { _ in random.pick(alphabet) })
            let b = String((0..<random.below(7)).map { _ in random.pick(alphabet) })
            #expect(SortKey.naturalOrder(bytes(a), bytes(b)) == foundation(a, b), "\(a) vs \(b)")
        }
    }
}
