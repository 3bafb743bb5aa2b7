import Foundation

@testable import SitegenBundle

/// The `String`-based URL and path checks the byte-level ones replaced, kept verbatim as the
/// reference they must agree with on every input.
enum LegacyURLChecks {
    static func key(_ url: String, origin: BundleOrigin, allowDirectory: Bool) -> Result<String, ResolutionFailure> {
        let prefix = origin.description + "/"
        guard url.hasPrefix(prefix), !url.contains("?"), !url.contains("#"),
            let parts = URLPath.split(url)
        else { return .failure(.wrongHost(url)) }
        return normalise(parts.path).flatMap { key in
            if !allowDirectory, key.isEmpty || key.hasSuffix("/") { return .failure(.notFound(path: url)) }
            return .success(key)
        }
    }

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
        guard bytes.count <= URLPath.maximumLength else { return .failure(.notFound(path: raw)) }
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

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case 48...57: byte - 48
        case 65...70: byte - 55
        case 97...102: byte - 87
        default: nil
        }
    }
}
