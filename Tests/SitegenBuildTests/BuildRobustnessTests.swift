import Foundation
import SitegenCore
import Testing

@testable import SitegenBuild

/// Random and mutated pages, front matter and configurations through the whole build: every run
/// ends in a bundle or an input error with a place, never a crash or a hang.
@Suite struct BuildRobustnessTests {
    /// A small deterministic generator (SplitMix64), so a failure can be replayed.
    struct Random {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        mutating func below(_ n: Int) -> Int { Int(next() % UInt64(max(n, 1))) }
        mutating func pick<T>(_ items: [T]) -> T { items[below(items.count)] }
    }

    static let fragments: [String] = [
        "---\n", "title: x\n", "order: [\n", "aliases: [a.html, a.html]\n", "template: nope\n", "draft: maybe\n",
        "# Heading\n", "## Same\n", "## Same\n", "[link](missing.md#x)\n", "[up](../../../x.md)\n", "![img](/abs.png)\n",
        "<div id=\"raw\">\n", "```swift\n", "{{#section}}\n", "`code`\n", "- item\n", "> quote [q](index.md#same)\n",
        "\u{0}\n", "\\\n", "[ref]: other.md\n", "[ref][]\n", "<a name=\"n\">\n", "* * *\n", "|a|b|\n", "&amp; &bogus;\n",
        String(repeating: "x", count: 5000) + "\n", "[a](<spaces here.md>)\n", "[b](javascript:alert(1))\n", "[c](file:///etc)\n",
    ]

    @Test(arguments: 0..<40)
    func randomSitesNeverCrash(seed: Int) async throws {
        var random = Random(state: UInt64(seed) &* 7919 &+ 1)
        var files: [String: String] = ["Site/index.md": "# Home\n"]
        for page in 0..<random.below(8) {
            let folder = random.pick(["", "guide/", "guide/deep/", "Guide/"])
            var text = ""
            for _ in 0..<random.below(25) { text += random.pick(Self.fragments) }
            files["Site/\(folder)p\(page).md"] = text
        }
        if random.below(3) == 0 {
            var config = ""
            for _ in 0..<random.below(5) {
                config += random.pick([
                    "title: T\n", "scheme: https\n", "nav: [\n", "nav:\n  - p0.md\n", "strict: true\n", "weird: 1\n",
                    "host: ''\n",
                ])
            }
            files["Site/sitegen.yml"] = config
        }
        let site = try TestSite(files)
        defer { site.remove() }
        if random.below(4) == 0 {
            // Invalid UTF-8 in one page.
            try Data([0x23, 0x20, 0xFF, 0xFE, 0x0A]).write(to: site.root.appendingPathComponent("Site/bad.md"))
        }
        do {
            let outcome = try await site.build()
            outcome.staged.discard()
            #expect(FileManager.default.fileExists(atPath: outcome.staged.directory.path) == false)
        } catch {
            #expect(!error.description.isEmpty)
            #expect(!error.description.contains("\n"), "one line: \(error.description)")
            #expect(error.location != nil, "an input error names its file: \(error.description)")
        }
    }
}
