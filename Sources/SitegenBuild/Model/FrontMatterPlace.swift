import Foundation
import SitegenCore

/// Where a page's front matter writes a value, looked up in the file only when an error needs it:
/// pages carry their metadata (and the build cache keeps it) without positions.
enum FrontMatterPlace {
    /// The line and column of the first `value` at or after the line of `key:` in the front matter
    /// of `page`; the line of `key:` when the value is not on one line (YAML folded it from
    /// several), and the page's first line when there is no such key.
    static func of(_ value: String, under key: String, in page: Page, site: URL) -> SourceLocation {
        let fallback = SourceLocation(path: page.displayPath, line: 1, column: 1)
        guard let bytes = FileBytes.read(site.appendingPathComponent(page.source.rawValue).path) else { return fallback }
        let lines = bytes.split(separator: 10, omittingEmptySubsequences: false)
        let keyBytes = Array((key + ":").utf8), valueBytes = Array(value.utf8)
        var keyLine: Int?
        for (number, line) in lines.enumerated() {
            // The closing `---` (after the opening one on line 1) ends the front matter.
            if number > 0, line.starts(with: Array("---".utf8)) { break }
            if keyLine == nil, line.starts(with: keyBytes) { keyLine = number + 1 }
            guard keyLine != nil, let range = line.firstRange(of: valueBytes) else { continue }
            return SourceLocation(path: page.displayPath, line: number + 1, column: range.lowerBound - line.startIndex + 1)
        }
        return keyLine.map { SourceLocation(path: page.displayPath, line: $0, column: 1) } ?? fallback
    }
}
