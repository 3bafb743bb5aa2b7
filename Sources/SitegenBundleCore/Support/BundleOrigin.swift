import Foundation

/// The origin `SCHEME://HOST` a bundle is served under, e.g. `docs://app`.
public struct BundleOrigin: Sendable, Hashable, CustomStringConvertible {
    /// The URL scheme, lowercased (`docs`).
    public var scheme: String
    /// The host, lowercased (`app`).
    public var host: String

    /// Schemes WebKit, Android and Electron handle themselves: an app cannot register them.
    public static let reservedSchemes: Set<String> = [
        "http", "https", "file", "about", "blob", "data", "javascript", "ws", "wss", "ftp",
    ]

    /// An origin; both parts are lowercased. Use `init(validatingScheme:host:)` for user input.
    public init(scheme: String = "docs", host: String = "app") {
        self.scheme = scheme.lowercased()
        self.host = host.lowercased()
    }

    /// An origin from configuration: the scheme must be a valid, non-reserved URL scheme
    /// (a letter, then letters, digits, `+`, `-`, `.`) and the host a non-empty DNS-like label.
    public init(validatingScheme scheme: String, host: String) throws(ManifestError) {
        let s = scheme.lowercased(), h = host.lowercased()
        guard let first = s.utf8.first, isLetter(first),
            s.utf8.allSatisfy({ isLetter($0) || isDigit($0) || $0 == 43 || $0 == 45 || $0 == 46 })
        else { throw ManifestError("invalid URL scheme '\(scheme)'") }
        guard !Self.reservedSchemes.contains(s) else {
            throw ManifestError("URL scheme '\(s)' is reserved and cannot be registered by an app")
        }
        guard !h.isEmpty, h.utf8.allSatisfy({ isLetter($0) || isDigit($0) || $0 == 45 || $0 == 46 }) else {
            throw ManifestError("invalid host '\(host)'")
        }
        self.init(scheme: s, host: h)
    }

    /// Parses `scheme://host` (as in a manifest's `origin`); `nil` for anything else.
    public init?(parsing string: String) {
        guard let range = string.range(of: "://") else { return nil }
        let scheme = String(string[..<range.lowerBound]), host = String(string[range.upperBound...])
        guard let origin = try? BundleOrigin(validatingScheme: scheme, host: host),
            origin.description == string
        else { return nil }
        self = origin
    }

    /// `scheme://host`.
    public var description: String { "\(scheme)://\(host)" }

    /// The URL of a bundle-relative path: `guide/a.html` → `docs://app/guide/a.html`. Bytes outside
    /// the URL path characters (space, `%`, `?`, `#`, non-ASCII, ...) are percent-encoded.
    public func url(forPath path: String) -> URL {
        URL(string: urlString(forPath: path)) ?? URL(string: "about:blank")!
    }

    /// The same as `url(forPath:)`, as a string: the form used in the manifest.
    public func urlString(forPath path: String) -> String {
        Self.urlString(prefix: description + "/", forPath: path)
    }

    /// `urlString(forPath:)` with `prefix` = `scheme://host/`, made once by a caller that builds many.
    static func urlString(prefix: String, forPath path: String) -> String {
        let trimmed = path.hasPrefix("/") ? String(path.dropFirst()) : path
        return prefix + percentEncodePath(trimmed)
    }

    /// Percent-encodes every byte that is not an unreserved, sub-delimiter, `:`, `@` or `/`.
    public static func percentEncodePath(_ path: String) -> String {
        let utf8 = path.utf8
        var contiguous = path
        guard contiguous.withUTF8({ PathByteClass.any(PathByteClass.notPathByte, in: $0) }) else { return path }
        let escapes = contiguous.withUTF8 { bytes in bytes.count { !isPathByte($0) } }
        return String(unsafeUninitializedCapacity: utf8.count + 2 * escapes) { out in
            let hex: StaticString = "0123456789ABCDEF"
            var length = 0
            for byte in utf8 {
                if isPathByte(byte) {
                    out[length] = byte
                    length += 1
                } else {
                    out[length] = 37
                    out[length + 1] = hex.utf8Start[Int(byte >> 4)]
                    out[length + 2] = hex.utf8Start[Int(byte & 0x0f)]
                    length += 3
                }
            }
            return length
        }
    }

    /// Whether a URL path keeps `byte` as is: ASCII letters and digits, `-._~!$&'()*+,;=:@/`.
    @inline(__always) static func isPathByte(_ byte: UInt8) -> Bool {
        switch byte {
        // `!`, `$`, `&'()*+,-./`, digits, `:;`, `=`, `@`, A–Z, `_`, a–z, `~`.
        case 0x21, 0x24, 0x26...0x3B, 0x3D, 0x40...0x5A, 0x5F, 0x61...0x7A, 0x7E: true
        default: false
        }
    }
}

@inline(__always) func isLetter(_ b: UInt8) -> Bool { (b | 0x20) >= 97 && (b | 0x20) <= 122 }
@inline(__always) func isDigit(_ b: UInt8) -> Bool { b >= 48 && b <= 57 }
