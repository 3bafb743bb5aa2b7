import Foundation

/// Byte-level splitting, percent-decoding and normalisation of scheme URLs, shared by the resolver
/// and manifest validation so that both agree on what a URL names.
public enum URLPath {
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
    ///
    /// Refusals, in this order: a malformed escape, more than `maximumLength` decoded bytes (not
    /// found); NUL or backslash (outside the bundle); bytes that are not UTF-8 (not found); `..`
    /// above the root (outside the bundle).
    static func normalise(_ encoded: Substring) -> Result<String, ResolutionFailure> {
        let outcome =
            encoded.utf8.withContiguousStorageIfAvailable(normalise(bytes:))
            ?? Array(encoded.utf8).withUnsafeBufferPointer(normalise(bytes:))
        switch outcome {
        case .success(let key): return .success(key)
        case .failure(.notFound): return .failure(.notFound(path: String(encoded)))
        case .failure(.outsideBundle): return .failure(.outsideBundle(path: String(encoded)))
        }
    }

    /// Why `normalise(bytes:)` refused a path; the caller attaches the path (built only then).
    enum Refusal: Error {
        case notFound, outsideBundle
    }

    /// `normalise` on the encoded bytes: decodes into a stack buffer, then writes the segments that
    /// survive straight into the result string.
    static func normalise(bytes encoded: UnsafeBufferPointer<UInt8>) -> Result<String, Refusal> {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: max(encoded.count, 1)) { decoded in
            var count = 0, index = 0
            var hasNUL = false, hasBackslash = false, hasNonASCII = false
            while index < encoded.count {
                var byte = encoded[index]
                index += 1
                if byte == 37 {
                    guard index + 1 < encoded.count, let high = PercentEscapes.hexValue(encoded[index]),
                        let low = PercentEscapes.hexValue(encoded[index + 1])
                    else { return .failure(.notFound) }
                    byte = high << 4 | low
                    index += 2
                }
                hasNUL = hasNUL || byte == 0
                hasBackslash = hasBackslash || byte == 92
                hasNonASCII = hasNonASCII || byte >= 0x80
                decoded[count] = byte
                count += 1
            }
            guard count <= maximumLength else { return .failure(.notFound) }
            guard !hasNUL, !hasBackslash else { return .failure(.outsideBundle) }
            let bytes = UnsafeBufferPointer(rebasing: decoded[..<count])
            // Foundation's check, as before, for the rare path with non-ASCII bytes.
            guard !hasNonASCII || String(bytes: bytes, encoding: .utf8) != nil else { return .failure(.notFound) }
            var escapes = false
            let key = String(unsafeUninitializedCapacity: count + 1) { out in
                let length = resolveSegments(bytes, into: out)
                escapes = length == nil
                return length ?? 0
            }
            return escapes ? .failure(.outsideBundle) : .success(key)
        }
    }

    /// Writes the `/`-separated segments of `bytes` into `out` with empty and `.` segments dropped
    /// and each `..` removing the segment before it, plus a trailing `/` when the last segment was
    /// empty, `.` or `..` (a directory). Returns the length written, or nil when a `..` has nothing
    /// to remove. `out` holds at least `bytes.count + 1` bytes.
    private static func resolveSegments(
        _ bytes: UnsafeBufferPointer<UInt8>, into out: UnsafeMutableBufferPointer<UInt8>
    ) -> Int? {
        var length = 0, start = 0
        var isDirectory = true
        while start <= bytes.count {
            var end = start
            while end < bytes.count, bytes[end] != 47 { end += 1 }
            let segment = end - start
            if segment == 0 || (segment == 1 && bytes[start] == 46) {
                isDirectory = true
            } else if segment == 2 && bytes[start] == 46 && bytes[start + 1] == 46 {
                guard length > 0 else { return nil }
                // Segments are never empty and hold no `/`: drop back to the previous separator.
                repeat { length -= 1 } while length > 0 && out[length] != 47
                isDirectory = true
            } else {
                if length > 0 {
                    out[length] = 47
                    length += 1
                }
                for offset in start..<end { out[length + offset - start] = bytes[offset] }
                length += segment
                isDirectory = false
            }
            start = end + 1
        }
        if isDirectory && length > 0 {
            out[length] = 47
            length += 1
        }
        return length
    }

    /// `text` with what a browser percent-encodes in a URL's path, query and fragment before it
    /// sends it written as `%XX` (characters beyond ASCII as UTF-8 bytes, spaces, control characters
    /// and ``"<>\^`{|}``), and the escapes already there kept: `Guía%20rápida.html` is
    /// `Gu%C3%ADa%20r%C3%A1pida.html`. `URL(string:)` makes such mixed text a URL by escaping every
    /// `%` as well (`%2520`), naming another file. A host is left as written: a space makes no host.
    public static func encodedAsBrowsersSend(_ text: String) -> String {
        let bytes = Array(text.utf8)
        let start = afterAuthority(bytes)
        guard bytes[start...].contains(where: isEncodedBeforeSending) else { return text }
        var out = Array(bytes[..<start])
        out.reserveCapacity(bytes.count + 16)
        for byte in bytes[start...] {
            if isEncodedBeforeSending(byte) {
                PercentEscapes.append(escapeOf: byte, to: &out)
            } else {
                out.append(byte)
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Where the path of the URL text `bytes` starts: after `scheme:` and a `//host` if any.
    package static func afterAuthority(_ bytes: [UInt8]) -> Int {
        var index = 0
        if let first = bytes.first, first.isASCIILetter {
            var end = 1
            while end < bytes.count, bytes[end].isASCIILetter || bytes[end].isASCIIDigit || "+-.".utf8.contains(bytes[end]) {
                end += 1
            }
            if end < bytes.count, bytes[end] == UInt8(ascii: ":") { index = end + 1 }
        }
        guard bytes.count >= index + 2, bytes[index] == UInt8(ascii: "/"), bytes[index + 1] == UInt8(ascii: "/") else {
            return index
        }
        index += 2
        while index < bytes.count, !"/\\?#".utf8.contains(bytes[index]) { index += 1 }
        return index
    }

    private static func isEncodedBeforeSending(_ byte: UInt8) -> Bool {
        switch byte {
        case 0...0x20, 0x7F...0xFF: true
        case UInt8(ascii: "\""), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "\\"), UInt8(ascii: "^"),
            UInt8(ascii: "`"), UInt8(ascii: "{"), UInt8(ascii: "|"), UInt8(ascii: "}"):
            true
        default: false
        }
    }

    /// Whether the path of `text` (up to its first `?` or `#`) has a `%` not followed by two hex
    /// digits. `URL(string:)` quietly re-encodes such a `%` as `%25`, which would then name the file
    /// literally called `%ZZ`: text with an invalid escape is not found (manifest rule 3), so every
    /// entry point that takes text checks it before making a URL.
    static func hasInvalidEscape(_ text: String) -> Bool {
        var pending = 0  // hex digits still expected after a `%`
        for byte in text.utf8 {
            if pending > 0 {
                guard PercentEscapes.hexValue(byte) != nil else { return true }
                pending -= 1
            } else if byte == 37 {
                pending = 2
            } else if byte == 63 || byte == 35 {
                return false
            }
        }
        return pending > 0
    }
}

extension UInt8 {
    fileprivate var isASCIILetter: Bool { (self | 0x20) >= UInt8(ascii: "a") && (self | 0x20) <= UInt8(ascii: "z") }
    fileprivate var isASCIIDigit: Bool { self >= UInt8(ascii: "0") && self <= UInt8(ascii: "9") }
}
