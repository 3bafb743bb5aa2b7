import Foundation
import SitegenCore

/// A deterministic tree of HTML documentation pages (nested folders, style sheets with `url()` and
/// `@import`, images with `srcset`, ids, fragments, 5–15 relative links per page) with a known number
/// of injected link faults per rule: the ground truth for the link checker and for `make bench`.
///
/// The same `pages` and `seed` always give byte-identical trees. Every fault sits on a line of its
/// own, so a checker's findings can be compared by file, line and rule.
public enum HTMLFaultCorpus {
    /// One finding the checker must report.
    public struct ExpectedFinding: Codable, Sendable, Hashable, Comparable {
        /// Tree-relative path of the page (`s0/t1/p3.html`).
        public var file: String
        /// 1-based line of the faulty attribute; 0 for findings about a whole page (`orphan`).
        public var line: Int
        /// The rule id, e.g. `broken-link`.
        public var rule: String

        /// Creates an expected finding.
        public init(file: String, line: Int, rule: String) {
            self.file = file
            self.line = line
            self.rule = rule
        }

        /// Ordered by file, line, then rule.
        public static func < (a: ExpectedFinding, b: ExpectedFinding) -> Bool {
            (a.file, a.line, a.rule) < (b.file, b.line, b.rule)
        }
    }

    /// What was written: the ground truth, also stored as `expected-findings.json` in the tree root.
    public struct Manifest: Codable, Sendable, Hashable {
        /// HTML pages written, orphans included.
        public var pages: Int
        /// The seed the tree was generated from.
        public var seed: UInt64
        /// Every file written (pages, style sheets, scripts, images), excluding the findings file.
        public var files: Int
        /// The injected faults, sorted.
        public var findings: [ExpectedFinding]

        /// The number of injected findings per rule id.
        public var countsByRule: [String: Int] {
            Dictionary(grouping: findings, by: \.rule).mapValues(\.count)
        }
    }

    /// The rules a corpus injects faults for, in a fixed order.
    public static let rules = [
        "broken-link", "broken-fragment", "escapes-root", "file-url", "invalid-url", "case-mismatch",
        "directory-no-slash", "absolute-path", "duplicate-id", "orphan", "external-link",
    ]

    /// Name of the ground-truth file written in the tree root.
    public static let findingsFileName = "expected-findings.json"

    /// Faults injected per rule: 18 per rule at 10,000 pages (198 in all), at least 2 per rule.
    public static func faultsPerRule(pages: Int) -> Int { max(2, pages * 18 / 10_000) }

    /// Writes a corpus of `pages` HTML pages (at least 20) into `directory` (created if needed) and
    /// returns its ground truth, which is also written to `expected-findings.json` in the tree root.
    public static func write(pages: Int, seed: UInt64 = 1, to directory: URL) throws -> HTMLFaultCorpus.Manifest {
        let plan = Plan(pages: max(pages, 20), seed: seed)
        let (files, expected) = plan.build()
        let manager = FileManager.default
        var folders = Set<String>()
        for file in files {
            let folder = SitePath(unchecked: file.path).parent.rawValue
            if folders.insert(folder).inserted {
                try manager.createDirectory(
                    at: directory.appendingPathComponent(folder, isDirectory: true), withIntermediateDirectories: true)
            }
            try file.contents.write(to: directory.appendingPathComponent(file.path))
        }
        let manifest = Manifest(pages: plan.layout.pages.count, seed: seed, files: files.count, findings: expected.sorted())
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        try encoder.encode(manifest).write(to: directory.appendingPathComponent(findingsFileName))
        return manifest
    }
}
