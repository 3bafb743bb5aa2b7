import Foundation

/// Byte-level splitting, percent-decoding and normalisation of scheme URLs, shared by the resolver
/// and manifest validation so that both agree on what a URL names.
enum URLPath {
    /// Longest decoded path accepted; longer ones are not found.
    static let maximumLength = 4096

    /// The parts of `scheme://authority/path?query#fragment`; `authority` is nil without `//`.
    static func split(_ string: String) -> (scheme: String, authority: String?, path: Substring)? {
        guard let colon = string.firstIndex(of: ":") else { return nil }
        let scheme = String(string[..<colon])
        var rest = string[string.index(after: colon)...]
        if let end = rest.firstIndex(where: { $0 == "?" || $0 == "#" }) { rest = rest[..<end] }
        guard rest.hasPrefix("//") else { return (scheme, nil, rest) }
        rest = rest.dropFirst(2)
        let slash = rest.firstIndex(of: "/") ?? rest.endIndex
        return (scheme, String(rest[..<slash]), rest[slash...])
    }

    /// Percent-decodes `encoded` once and normalises `.`/`..` and empty segments. The result has no
    /// leading slash and ends with `/` when it names a directory (empty for the root).
    static func normalise(_ encoded: Substring) -> Result<String, ResolutionFailure> {
        let raw = String(encoded)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(encoded.utf8.count)
        var iterator = encoded.utf8.makeIterator()
        while let byte = iterator.next() {
            guard byte == 37 else { bytes.append(byte); continue }
            guard let high = iterator.next().flatMap(hexValue), let low = iterator.next().flatMap(hexValue) else {
                return .failure(.notFound(path: raw))
            }
            bytes.append(high << 4 | low)
        }
        guard bytes.count <= maximumLength else { return .failure(.notFound(path: raw)) }
        guard !bytes.contains(0), !bytes.contains(92) else { return .failure(.outsideBundle(path: raw)) }
        guard String(bytes: bytes, encoding: .utf8) != nil else { return .failure(.notFound(path: raw)) }
        var segments: [ArraySlice<UInt8>] = []
        var isDirectory = true
        for segment in bytes.split(separator: 47, omittingEmptySubsequences: false) {
            if segment.isEmpty || segment.elementsEqual([46]) {
                isDirectory = true
            } else if segment.elementsEqual([46, 46]) {
                guard !segments.isEmpty else { return .failure(.outsideBundle(path: raw)) }
                segments.removeLast()
                isDirectory = true
            } else {
                segments.append(segment)
                isDirectory = false
            }
        }
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + 1)
        for (index, segment) in segments.enumerated() {
            if index > 0 { out.append(47) }
            out.append(contentsOf: segment)
        }
        if isDirectory && !out.isEmpty { out.append(47) }
        return .success(String(decoding: out, as: UTF8.self))
    }

    /// Whether `path` is a normalised bundle-relative file path: no leading slash, no empty, `.` or
    /// `..` segment, no NUL or backslash.
    static func isNormalisedFilePath(_ path: String) -> Bool {
        guard !path.isEmpty, !path.utf8.contains(0), !path.utf8.contains(92) else { return false }
        return path.split(separator: "/", omittingEmptySubsequences: false).allSatisfy {
            !$0.isEmpty && $0 != "." && $0 != ".."
        }
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case 48...57: byte - 48
        case 65...70: byte - 55
        case 97...102: byte - 87
        default: nil
        }
    }
}
