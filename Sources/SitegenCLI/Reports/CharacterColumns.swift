import Foundation
import SitegenCore

/// Findings are located in UTF-8 bytes, as cmark and the HTML scanner count. Editors, CI
/// annotations and SARIF (whose columns are Unicode code points by default) count characters, so
/// reports give the column in code points: the same on ASCII lines, fewer after `é` or `日本`.
enum CharacterColumns {
    /// `diagnostics` with their columns in code points, read from the files they name (relative to
    /// `workingDirectory`); a file that cannot be read keeps its byte columns.
    static func convert(_ diagnostics: [Diagnostic], workingDirectory: URL) -> [Diagnostic] {
        var files: [String: FileColumns] = [:]
        let folder = folderPrefix(workingDirectory)
        return diagnostics.map { diagnostic in
            var converted = diagnostic
            converted.location = diagnostic.location.map { convert($0, folder: folder, files: &files) }
            return converted
        }
    }

    /// `place` with its column in code points; a file that cannot be read keeps its byte column.
    static func convert(_ place: SourceLocation, workingDirectory: URL) -> SourceLocation {
        var files: [String: FileColumns] = [:]
        return convert(place, folder: folderPrefix(workingDirectory), files: &files)
    }

    /// The working directory's path ending in `/`, for relative paths to be joined to by
    /// concatenation: a `URL` made for each of hundreds of findings costs 20,000 instructions.
    private static func folderPrefix(_ workingDirectory: URL) -> String {
        let path = workingDirectory.path
        return path.hasSuffix("/") ? path : path + "/"
    }

    /// `files` holds the files already read, by the path the locations give; `folder` is
    /// `folderPrefix` of the working directory.
    private static func convert(
        _ place: SourceLocation, folder: String, files: inout [String: FileColumns]
    ) -> SourceLocation {
        guard place.line > 0, place.column > 1 else { return place }
        if files[place.path] == nil {
            let path = place.path.hasPrefix("/") ? place.path : folder + place.path
            files[place.path] = FileColumns(bytes: FileBytes.read(path) ?? [])
        }
        guard let column = files[place.path]?.characterColumn(line: place.line, byteColumn: place.column) else { return place }
        var converted = place
        converted.column = column
        return converted
    }
}

/// One file's lines, and for each line asked about, where its characters start: a minified page
/// with 100,000 findings on one line is counted once, not once per finding.
private final class FileColumns {
    private let bytes: [UInt8]
    private let lines: LineStarts
    /// Per line (0-based): nil when it is ASCII (bytes are characters), else the number of code
    /// points before each byte offset.
    private var counts: [Int: [Int32]?] = [:]

    init(bytes: [UInt8]) {
        self.bytes = bytes
        lines = LineStarts(bytes)
    }

    /// The column in code points of byte column `byteColumn` (1-based) of line `line` (1-based);
    /// nil for a line the file does not have.
    func characterColumn(line: Int, byteColumn: Int) -> Int? {
        guard let range = lines.range(ofLine: line) else { return nil }
        if counts[line - 1] == nil { counts[line - 1] = Self.counts(of: bytes[range], isFirst: line == 1) }
        guard case .some(.some(let table)) = counts[line - 1] else { return byteColumn }
        return Int(table[min(byteColumn - 1, table.count - 1)]) + 1
    }

    /// The code points before each byte offset of `line` (0 to its length), or nil when all is ASCII.
    /// A UTF-8 byte order mark is no character of the first line: editors do not show it.
    private static func counts(of line: ArraySlice<UInt8>, isFirst: Bool) -> [Int32]? {
        guard line.contains(where: { $0 >= 0x80 }) else { return nil }
        let mark = isFirst && line.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        var table = [Int32](repeating: 0, count: line.count + 1)
        var count: Int32 = 0
        for (offset, byte) in line.enumerated() {
            table[offset] = count
            // A code point starts at every byte that is not a continuation byte (10xxxxxx).
            if offset >= mark, byte & 0xC0 != 0x80 { count += 1 }
        }
        table[line.count] = count
        return table
    }
}
