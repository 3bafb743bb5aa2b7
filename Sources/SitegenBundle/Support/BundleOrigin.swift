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
        let trimmed = path.hasPrefix("/") ? String(path.dropFirst()) : path
        return "\(description)/\(Self.percentEncodePath(trimmed))"
    }

    /// Percent-encodes every byte that is not an unreserved, sub-delimiter, `:`, `@` or `/`.
    public static func percentEncodePath(_ path: String) -> String {
        let hex = Array("0123456789ABCDEF".utf8)
        var out: [UInt8] = []
        out.reserveCapacity(path.utf8.count)
        for byte in path.utf8 {
            if isLetter(byte) || isDigit(byte) || allowedPathPunctuation.contains(byte) {
                out.append(byte)
            } else {
                out.append(37)
                out.append(hex[Int(byte >> 4)])
                out.append(hex[Int(byte & 0x0f)])
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    private static let allowedPathPunctuation: Set<UInt8> = Set("-._~!$&'()*+,;=:@/".utf8)
}

@inline(__always) func isLetter(_ b: UInt8) -> Bool { (b | 0x20) >= 97 && (b | 0x20) <= 122 }
@inline(__always) func isDigit(_ b: UInt8) -> Bool { b >= 48 && b <= 57 }
