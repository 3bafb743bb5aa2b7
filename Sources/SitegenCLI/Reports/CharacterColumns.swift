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
            guard let place = diagnostic.location, place.line > 0, place.column > 1 else { return diagnostic }
            if lines[place.path] == nil {
                let path =
                    place.path.hasPrefix("/") ? place.path : workingDirectory.appendingPathComponent(place.path).path
                lines[place.path] = FileBytes.read(path).map { $0.split(separator: 10, omittingEmptySubsequences: false) } ?? []
            }
            guard let fileLines = lines[place.path], fileLines.indices.contains(place.line - 1) else { return diagnostic }
            let before = fileLines[place.line - 1].prefix(place.column - 1)
            guard before.contains(where: { $0 >= 0x80 }) else { return diagnostic }
            var converted = diagnostic
            converted.location?.column = String(decoding: before, as: UTF8.self).unicodeScalars.count + 1
            return converted
        }
    }
}
