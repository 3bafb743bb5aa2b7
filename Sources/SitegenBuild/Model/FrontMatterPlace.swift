import Foundation
import SitegenCore

/// Where a page's front matter writes a value, looked up in the file only when an error needs it:
/// pages carry their metadata (and the build cache keeps it) without positions.
enum FrontMatterPlace {
    /// The line and column of the first `value` after `key:` in the front matter of `page` (an empty
    /// value is found as `""` or `''`); the line of `key:` when the value is not on one line (YAML
    /// folded it from several), and the page's first line when there is no such key.
    static func of(_ value: String, under key: String, in page: Page, site: URL) -> SourceLocation {
        of(value, under: key, source: page.source, display: page.displayPath, site: site)
    }

    /// Where the value of `key:` starts on its line (`draft: true` → the `t`), whatever its spelling;
    /// the key when the value is on a later line, the page's first line when there is no such key.
    static func value(under key: String, source: SitePath, display: String, site: URL) -> SourceLocation {
        let fallback = SourceLocation(path: display, line: 1, column: 1)
        guard let bytes = FileBytes.read(site.appendingPathComponent(source.rawValue).path) else { return fallback }
        let keyBytes = Array((key + ":").utf8)
        for (number, line) in bytes.split(separator: 10, omittingEmptySubsequences: false).enumerated() {
            if number > 0, line.starts(with: Array("---".utf8)) { break }
            guard line.starts(with: keyBytes) else { continue }
            let start = line.dropFirst(keyBytes.count).firstIndex { $0 != 32 && $0 != 9 && $0 != 13 }
            return SourceLocation(path: display, line: number + 1, column: (start ?? line.startIndex) - line.startIndex + 1)
        }
        return fallback
    }

    /// `of(_:under:in:site:)` for a page known by its source and display paths (a draft, say).
    static func of(_ value: String, under key: String, source: SitePath, display: String, site: URL) -> SourceLocation {
        let fallback = SourceLocation(path: display, line: 1, column: 1)
        guard let bytes = FileBytes.read(site.appendingPathComponent(source.rawValue).path) else { return fallback }
        let lines = bytes.split(separator: 10, omittingEmptySubsequences: false)
        let keyBytes = Array((key + ":").utf8)
        let patterns = value.isEmpty ? [Array("\"\"".utf8), Array("''".utf8)] : [Array(value.utf8)]
        var keyLine: Int?
        for (number, line) in lines.enumerated() {
            // The closing `---` (after the opening one on line 1) ends the front matter.
            if number > 0, line.starts(with: Array("---".utf8)) { break }
            var searched = line[...]
            if keyLine == nil {
                guard line.starts(with: keyBytes) else { continue }
                keyLine = number + 1
                searched = line.dropFirst(keyBytes.count)
            }
            let found = patterns.compactMap { searched.firstRange(of: $0)?.lowerBound }.min()
            guard let found else { continue }
            return SourceLocation(path: display, line: number + 1, column: found - line.startIndex + 1)
        }
        return keyLine.map { SourceLocation(path: display, line: $0, column: 1) } ?? fallback
    }
}
