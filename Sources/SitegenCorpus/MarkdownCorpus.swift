import Foundation
import SitegenCore

/// A deterministic, realistic documentation site for benchmarks and end-to-end tests: a home page,
/// ten top sections with subsections, leaf pages of 3-6 KB of Markdown (front matter, `##`/`###`
/// headings, paragraphs, lists, fenced code, images, 5-15 relative links to other pages and to
/// headings that exist), and a known set of injected broken links, one per 50 pages.
public enum MarkdownCorpus {
    /// A broken link the corpus contains on purpose, where sitegen must report it.
    public struct Fault: Sendable, Hashable, Comparable, CustomStringConvertible {
        /// The Markdown file, relative to the site folder (`guides/basic-cache/index.md`).
        public var path: String
        /// 1-based line and UTF-8 byte column of the link's `[`.
        public var line: Int
        public var column: Int
        /// `broken-link` (a missing page) or `broken-fragment` (a heading the target does not have).
        public var rule: RuleID
        /// The link destination as written.
        public var destination: String

        /// `path:line:col [rule]`, with `path` prefixed by `root` (e.g. `Site/`).
        public func located(under root: String) -> String { "\(root)\(path):\(line):\(column) [\(rule)]" }

        public var description: String { located(under: "") }

        public static func < (a: Fault, b: Fault) -> Bool { (a.path, a.line, a.column) < (b.path, b.line, b.column) }
    }

    /// What `write` produced.
    public struct Summary: Sendable {
        /// Markdown pages written, index pages included.
        public var pages: Int
        /// Other files written: images and `sitegen.yml`.
        public var assets: Int
        /// Bytes of all Markdown files.
        public var markdownBytes: Int
        /// Bytes of every file written.
        public var totalBytes: Int
        /// Links (not images) written into the Markdown, faults included.
        public var links: Int
        /// The injected broken links, sorted by path, line and column.
        public var faults: [Fault]
    }

    /// The fewest pages a corpus can have: the home page and the section and subsection index pages.
    public static let minimumPages = 1 + Plan.sectionCount * 2

    /// Writes a corpus of `pages` Markdown pages into `directory` (created if missing; files of an
    /// earlier corpus with the same name are overwritten). The same `pages` and `seed` always give
    /// the same bytes.
    public static func write(pages: Int, seed: UInt64 = 1, to directory: URL) throws(InputError) -> Summary {
        guard pages >= minimumPages else {
            throw InputError("a Markdown corpus needs at least \(minimumPages) pages (asked for \(pages))")
        }
        let plan = Plan(pages: pages, seed: seed)
        var summary = Summary(pages: 0, assets: 0, markdownBytes: 0, totalBytes: 0, links: 0, faults: [])
        var folders = Set<String>()
        func put(_ text: String, at path: String) throws(InputError) {
            let url = directory.appendingPathComponent(path)
            let folder = url.deletingLastPathComponent().path
            do {
                if folders.insert(folder).inserted {
                    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
                }
                try Data(text.utf8).write(to: url)
            } catch {
                throw InputError("cannot write the corpus file: \(error.localizedDescription)", path: url.path)
            }
            summary.totalBytes += text.utf8.count
        }
        try put(config, at: "sitegen.yml")
        for number in 1...PageWriter.imageCount {
            try put(image(number), at: "images/diagram-\(number).svg")
        }
        summary.assets = 1 + PageWriter.imageCount
        for index in plan.pages.indices {
            var writer = PageWriter(plan: plan, index: index, seed: seed)
            let text = writer.write()
            try put(text, at: plan.pages[index].path.rawValue)
            summary.pages += 1
            summary.markdownBytes += text.utf8.count
            summary.links += writer.links
            if let fault = writer.fault { summary.faults.append(fault) }
        }
        summary.faults.sort()
        return summary
    }

    static let config = """
        title: Example Docs
        scheme: docs
        host: app
        entry: index.md
        external_links: warn

        """

    static func image(_ number: Int) -> String {
        let hue = number * 55 % 360
        return """
            <svg xmlns="http://www.w3.org/2000/svg" width="640" height="240" viewBox="0 0 640 240">
            <title>Diagram \(number)</title>
            <defs><marker id="arrow" viewBox="0 0 10 10" refX="10" refY="5" markerWidth="6" markerHeight="6" orient="auto">
            <path d="M0 0 L10 5 L0 10 z" fill="#333"/></marker></defs>
            <rect width="640" height="240" fill="hsl(\(hue), 40%, 92%)"/>
            <rect x="40" y="80" width="160" height="80" rx="8" fill="hsl(\(hue), 50%, 60%)"/>
            <rect x="440" y="80" width="160" height="80" rx="8" fill="hsl(\(hue), 50%, 45%)"/>
            <path d="M200 120 H440" stroke="#333" stroke-width="4" marker-end="url(#arrow)"/>
            <text x="120" y="126" text-anchor="middle" font-family="sans-serif">source \(number)</text>
            <text x="520" y="126" text-anchor="middle" font-family="sans-serif" fill="#fff">bundle \(number)</text>
            </svg>

            """
    }
}
