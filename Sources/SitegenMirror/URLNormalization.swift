import SitegenBundleCore

/// The normal form of an absolute URL (RFC 3986, sections 6.2.2 and 6.2.3), so that the spellings
/// of one resource compare equal: scheme and host lowercased; percent-escapes with uppercase hex,
/// and decoded when they stand for an unreserved character (`%7E` is `~`, `%61` is `a`); `.` and
/// `..` segments removed (after that decoding, as `%2E%2E` is `..`); the default port dropped and
/// an empty path made `/`. The fragment is kept as written, or dropped. On the UTF-8 bytes, with a
/// first pass that finds most URLs normal already: every link of every page comes through here.
enum URLNormalization {
    static func normalized(_ url: String, droppingFragment: Bool = false) -> String {
        var text = url
        let (isNormal, end) = text.withUTF8 { bytes in
            let end = droppingFragment ? bytes.firstIndex(of: UInt8(ascii: "#")) ?? bytes.count : bytes.count
            return (Self.isNormal(UnsafeBufferPointer(rebasing: bytes[..<end])), end)
        }
        if isNormal { return end == text.utf8.count ? text : String(decoding: text.utf8.prefix(end), as: UTF8.self) }
        return normalizing(Array(text.utf8.prefix(end)))
    }

    /// Whether `bytes` need no change: scheme and host without capitals, no `%`, no dot segment,
    /// no empty or default port, a path after the authority.
    private static func isNormal(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let colon = bytes.firstIndex(of: UInt8(ascii: ":")) else { return false }
        for byte in bytes[..<colon] where byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") { return false }
        var i = colon + 1
        if i + 1 < bytes.count, bytes[i] == UInt8(ascii: "/"), bytes[i + 1] == UInt8(ascii: "/") {
            i += 2
            var portStart: Int?
            while i < bytes.count, bytes[i] != UInt8(ascii: "/"), bytes[i] != UInt8(ascii: "?"), bytes[i] != UInt8(ascii: "#") {
                let byte = bytes[i]
                if byte == UInt8(ascii: "%") || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z")) { return false }
                if byte == UInt8(ascii: ":") {
                    portStart = i + 1
                } else if byte == UInt8(ascii: "]") || byte == UInt8(ascii: "@") {
                    portStart = nil
                }
                i += 1
            }
            if let portStart {
                let port = bytes[portStart..<i]
                if port.isEmpty || port.first == UInt8(ascii: "0") || port.elementsEqual("80".utf8)
                    || port.elementsEqual("443".utf8)
                {
                    return false
                }
            }
            guard i < bytes.count, bytes[i] == UInt8(ascii: "/") else { return false }
        }
        var inQuery = false
        var segmentStart = true
        while i < bytes.count, bytes[i] != UInt8(ascii: "#") {
            let byte = bytes[i]
            if byte == UInt8(ascii: "%") { return false }
            if !inQuery {
                if byte == UInt8(ascii: "?") {
                    inQuery = true
                } else if segmentStart, byte == UInt8(ascii: ".") {
                    var after = i + 1
                    if after < bytes.count, bytes[after] == UInt8(ascii: ".") { after += 1 }
                    if after == bytes.count || [UInt8(ascii: "/"), UInt8(ascii: "?"), UInt8(ascii: "#")].contains(bytes[after]) {
                        return false
                    }
                }
                segmentStart = byte == UInt8(ascii: "/")
            }
            i += 1
        }
        return true
    }

    private static func normalizing(_ bytes: [UInt8]) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var i = 0
        // Scheme.
        let schemeEnd = bytes.firstIndex(of: UInt8(ascii: ":")) ?? -1
        guard schemeEnd > 0, bytes[0..<schemeEnd].allSatisfy(isSchemeByte) else { return String(decoding: bytes, as: UTF8.self) }
        out += bytes[0..<schemeEnd].map(lowercased)
        let scheme = String(decoding: out, as: UTF8.self)
        out.append(UInt8(ascii: ":"))
        i = schemeEnd + 1
        // Authority.
        let hasAuthority = bytes.count >= i + 2 && bytes[i] == UInt8(ascii: "/") && bytes[i + 1] == UInt8(ascii: "/")
        if hasAuthority {
            i += 2
            var end = i
            while end < bytes.count, !isOneOf(bytes[end], "/?#") { end += 1 }
            out += [UInt8(ascii: "/"), UInt8(ascii: "/")]
            out += authority(bytes[i..<end], scheme: scheme)
            i = end
        }
        // Path.
        var pathEnd = i
        while pathEnd < bytes.count, !isOneOf(bytes[pathEnd], "?#") { pathEnd += 1 }
        var path = percentNormalized(bytes[i..<pathEnd])
        path = removingDotSegments(path)
        if hasAuthority, path.isEmpty { path = [UInt8(ascii: "/")] }
        out += path
        i = pathEnd
        // Query, then the fragment as written.
        if i < bytes.count, bytes[i] == UInt8(ascii: "?") {
            var queryEnd = i + 1
            while queryEnd < bytes.count, bytes[queryEnd] != UInt8(ascii: "#") { queryEnd += 1 }
            out.append(UInt8(ascii: "?"))
            out += percentNormalized(bytes[(i + 1)..<queryEnd])
            i = queryEnd
        }
        out += bytes[i...]
        return String(decoding: out, as: UTF8.self)
    }

    /// `userinfo@host:port` with the host lowercased and a default or empty port dropped.
    private static func authority(_ bytes: ArraySlice<UInt8>, scheme: String) -> [UInt8] {
        var out: [UInt8] = []
        var hostStart = bytes.startIndex
        if let at = bytes.lastIndex(of: UInt8(ascii: "@")) {
            out += percentNormalized(bytes[..<at]) + [UInt8(ascii: "@")]
            hostStart = at + 1
        }
        var hostEnd = bytes.endIndex
        // The port follows the last `:` after an IPv6 literal's `]`, if any.
        let searchFrom = bytes[hostStart...].firstIndex(of: UInt8(ascii: "]")) ?? hostStart
        if let colon = bytes[searchFrom...].lastIndex(of: UInt8(ascii: ":")),
            bytes[(colon + 1)...].allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") })
        {
            hostEnd = colon
        }
        out += percentNormalized(ArraySlice(bytes[hostStart..<hostEnd].map(lowercased)))
        if hostEnd < bytes.endIndex {
            let port = String(decoding: bytes[(hostEnd + 1)...], as: UTF8.self)
            let isDefault = port.isEmpty || (Int(port) == 80 && scheme == "http") || (Int(port) == 443 && scheme == "https")
            if !isDefault { out += Array(":\(Int(port) ?? 0)".utf8) }
        }
        return out
    }

    /// Escapes with uppercase hex digits; those of unreserved characters decoded.
    static func percentNormalized(_ bytes: ArraySlice<UInt8>) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var i = bytes.startIndex
        while i < bytes.endIndex {
            let byte = bytes[i]
            guard byte == UInt8(ascii: "%"), i + 2 < bytes.endIndex, let high = PercentEscapes.hexValue(bytes[i + 1]),
                let low = PercentEscapes.hexValue(bytes[i + 2])
            else {
                out.append(byte)
                i += 1
                continue
            }
            let value = high << 4 | low
            if isUnreserved(value) {
                out.append(value)
            } else {
                out += [UInt8(ascii: "%"), hexDigit(high), hexDigit(low)]
            }
            i += 3
        }
        return out
    }

    /// RFC 3986 section 5.2.4, by segments: `/a/./b/../c` is `/a/c`, `/a/..` is `/`.
    static func removingDotSegments(_ path: [UInt8]) -> [UInt8] {
        let slash = UInt8(ascii: "/"), dot = UInt8(ascii: ".")
        let hasDotSegment = path.indices.contains { i in
            guard path[i] == dot, i == 0 || path[i - 1] == slash else { return false }
            let after = i + 1 < path.count && path[i + 1] == dot ? i + 2 : i + 1
            return after == path.count || path[after] == slash
        }
        guard hasDotSegment else { return path }
        let absolute = path.first == slash
        var segments = path.split(separator: slash, omittingEmptySubsequences: false)
        if absolute { segments.removeFirst() }
        var kept: [ArraySlice<UInt8>] = []
        var endsInFolder = false
        for (index, segment) in segments.enumerated() {
            let isLast = index == segments.count - 1
            if segment.elementsEqual([dot]) {
                endsInFolder = isLast
            } else if segment.elementsEqual([dot, dot]) {
                if !kept.isEmpty { kept.removeLast() }
                endsInFolder = isLast
            } else {
                kept.append(segment)
                endsInFolder = false
            }
        }
        var out: [UInt8] = absolute ? [slash] : []
        out += kept.joined(separator: [slash])
        if endsInFolder, !kept.isEmpty { out.append(slash) }
        return out
    }

    private static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
            UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
            true
        default: false
        }
    }

    private static func isSchemeByte(_ byte: UInt8) -> Bool {
        isUnreserved(byte) && byte != UInt8(ascii: "_") && byte != UInt8(ascii: "~") || byte == UInt8(ascii: "+")
    }

    private static func isOneOf(_ byte: UInt8, _ set: StaticString) -> Bool {
        set.withUTF8Buffer { $0.contains(byte) }
    }

    private static func lowercased(_ byte: UInt8) -> UInt8 {
        byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte + 32 : byte
    }

    private static func hexDigit(_ value: UInt8) -> UInt8 {
        value < 10 ? UInt8(ascii: "0") + value : UInt8(ascii: "A") + value - 10
    }
}
