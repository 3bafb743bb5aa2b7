import Foundation
import SitegenCore

/// Findings are located in UTF-8 bytes, as cmark and the HTML scanner count. Editors, CI
/// annotations and SARIF (whose columns are Unicode code points by default) count characters, so
/// reports give the column in code points: the same on ASCII lines, fewer after `é` or `日本`.
enum CharacterColumns {
    /// `diagnostics` with their columns in code points, read from the files they name (relative to
    /// `workingDirectory`); a file that cannot be read keeps its byte columns.
    static func convert(_ diagnostics: [Diagnostic], workingDirectory: URL) -> [Diagnostic] {
        var lines: [String: [ArraySlice<UInt8>]] = [:]
        return diagnostics.map { diagnostic in
            var converted = diagnostic
            converted.location = diagnostic.location.map { convert($0, workingDirectory: workingDirectory, lines: &lines) }
            return converted
        }
    }

    /// `place` with its column in code points; a file that cannot be read keeps its byte column.
    static func convert(_ place: SourceLocation, workingDirectory: URL) -> SourceLocation {
        var lines: [String: [ArraySlice<UInt8>]] = [:]
        return convert(place, workingDirectory: workingDirectory, lines: &lines)
    }

    /// `lines` holds the files already read, by the path the locations give.
    private static func convert(
        _ place: SourceLocation, workingDirectory: URL, lines: inout [String: [ArraySlice<UInt8>]]
    ) -> SourceLocation {
        guard place.line > 0, place.column > 1 else { return place }
        if lines[place.path] == nil {
            let path = place.path.hasPrefix("/") ? place.path : workingDirectory.appendingPathComponent(place.path).path
            lines[place.path] = FileBytes.read(path).map { $0.split(separator: 10, omittingEmptySubsequences: false) } ?? []
        }
        guard let fileLines = lines[place.path], fileLines.indices.contains(place.line - 1) else { return place }
        var before = fileLines[place.line - 1].prefix(place.column - 1)
        guard before.contains(where: { $0 >= 0x80 }) else { return place }
        // A UTF-8 byte order mark is no character of the first line: editors do not show it.
        if place.line == 1, before.starts(with: [0xEF, 0xBB, 0xBF]) { before = before.dropFirst(3) }
        var converted = place
        converted.column = String(decoding: before, as: UTF8.self).unicodeScalars.count + 1
        return converted
    }
}
