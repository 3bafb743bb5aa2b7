import Foundation

/// URL and file checks shared by manifest validation and the resolver's index.
///
/// URLs that are all ASCII (every URL `Manifest.assemble` writes) are checked on their UTF-8
/// bytes; any other takes the `String` route (it is never canonical: writers encode non-ASCII).
/// File paths are checked on their bytes, so that a `/` always separates segments.
package struct ManifestValidator {
    let origin: BundleOrigin
    /// `origin/`.
    private let prefix: String
    private let prefixBytes: [UInt8]
    /// Whether `origin/` is ASCII and splits like any URL under it (no `:` in the scheme, no `/`
    /// in the host), so that the path of a URL starting with it begins at its last `/`.
    private let bytePrefixApplies: Bool

    init(origin: BundleOrigin) {
        self.origin = origin
        prefix = origin.description + "/"
        prefixBytes = Array(prefix.utf8)
        bytePrefixApplies =
            prefix.utf8.allSatisfy { $0 < 0x80 } && !origin.scheme.utf8.contains(58) && !origin.host.utf8.contains(47)
    }

    /// The normalised path key of a URL under the origin (`guide/a.html`, `guide/` for a directory).
    func key(_ url: String, allowDirectory: Bool) -> Result<String, ResolutionFailure> {
        let path: Substring
        switch bytePrefixApplies ? asciiPath(url) : .notASCII {
        case .path(let asciiPath): path = asciiPath
        case .outsideOrigin: return .failure(.wrongHost(url))
        case .notASCII:
            guard url.hasPrefix(prefix), !url.contains("?"), !url.contains("#"), let parts = URLPath.split(url)
            else { return .failure(.wrongHost(url)) }
            path = parts.path
        }
        return URLPath.normalise(path).flatMap { key in
            if !allowDirectory, key.isEmpty || key.utf8.last == 47 { return .failure(.notFound(path: url)) }
            return .success(key)
        }
    }

    /// `key(url, allowDirectory: false)` without decoding anything, when that key is `file` itself:
    /// `url` is `origin/` followed by exactly the bytes of `file`, which is at most
    /// `URLPath.maximumLength - 1` bytes of URL path characters (`BundleOrigin.isPathByte`: nothing
    /// to decode, no query, fragment, NUL or backslash) in segments that are neither empty, `.`
    /// nor `..`. Nil otherwise: `key` decides. Every resource `Manifest.assemble` writes qualifies
    /// unless its file needed percent-encoding.
    func fileKey(url: String, file: String) -> String? {
        guard bytePrefixApplies else { return nil }
        let prefixCount = prefix.utf8.count
        let matches = url.utf8.withContiguousStorageIfAvailable { urlBytes in
            file.utf8.withContiguousStorageIfAvailable { fileBytes in
                guard !fileBytes.isEmpty, let file = fileBytes.baseAddress, let url = urlBytes.baseAddress,
                    fileBytes.count < URLPath.maximumLength,
                    urlBytes.count == prefixCount + fileBytes.count, startsWithPrefix(urlBytes),
                    memcmp(url + prefixCount, file, fileBytes.count) == 0
                else { return false }
                guard PathByteClass.union(of: fileBytes) & ~PathByteClass.slash == 0 else { return false }
                let flaws = PathByteClass.segmentFlaws(fileBytes)
                return !flaws.leaves && !flaws.notNormalised
            }
        }
        return matches == true ? file : nil
    }

    /// Whether `fileKey(url:file:)` is `file` for the URL `origin/` followed by `file` unchanged,
    /// and `checkFile` accepts `file`: what `Manifest.assemble` asks of a file it had nothing to
    /// percent-encode in (every byte is then a URL path character).
    func acceptsUnencoded(file: String) -> Bool {
        bytePrefixApplies && !file.isEmpty && file.utf8.count < URLPath.maximumLength
            && Self.fileVerdict(file) == .accepted
    }

    /// What the byte route makes of a URL.
    private enum PathSplit {
        /// The URL's path, from the `/` after the origin.
        case path(Substring)
        /// Not under `origin/`, or with a query or fragment.
        case outsideOrigin
        /// Not all ASCII: the `String` route decides.
        case notASCII
    }

    private func asciiPath(_ url: String) -> PathSplit {
        let prefixCount = prefix.utf8.count
        let split: PathSplit? = url.utf8.withContiguousStorageIfAvailable { bytes in
            var isASCII = true, hasQueryOrFragment = false
            for byte in bytes {
                isASCII = isASCII && byte < 0x80
                hasQueryOrFragment = hasQueryOrFragment || byte == 63 || byte == 35
            }
            guard isASCII else { return .notASCII }
            guard !hasQueryOrFragment, bytes.count >= prefixCount, startsWithPrefix(bytes) else { return .outsideOrigin }
            return .path(Substring(url.utf8.dropFirst(prefixCount - 1)))
        }
        return split ?? .notASCII
    }

    /// Whether `bytes`, at least as many as those of `origin/`, start with them.
    private func startsWithPrefix(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        prefixBytes.withUnsafeBufferPointer { prefix in
            bytes.count >= prefix.count && (prefix.isEmpty || memcmp(bytes.baseAddress!, prefix.baseAddress!, prefix.count) == 0)
        }
    }

    /// `key`, or a `ManifestError` naming `place`.
    func checkedKey(_ url: String, place: @autoclosure () -> String, allowDirectory: Bool) throws(ManifestError)
        -> String
    {
        switch key(url, allowDirectory: allowDirectory) {
        case .success(let key): return key
        case .failure(.wrongHost):
            throw ManifestError("manifest: \(place()) '\(Manifest.printable(url))' \(outsideReason(url))")
        case .failure:
            throw ManifestError(
                "manifest: \(place()) '\(Manifest.printable(url))' is not a valid \(allowDirectory ? "" : "file ")URL of the bundle"
            )
        }
    }

    /// Why `key` found `url` outside the origin: no path, another origin, the origin in upper case,
    /// a query or fragment, or (on the `String` route) a raw combining mark right after the `/`.
    private func outsideReason(_ url: String) -> String {
        let bytes = Array(url.utf8), prefixBytes = Array(prefix.utf8)
        let isOrigin = { (length: Int) in
            bytes.count >= length
                && zip(bytes.prefix(length), prefixBytes.prefix(length)).allSatisfy {
                    (0x41...0x5A).contains($0) ? $0 | 0x20 == $1 : $0 == $1
                }
        }
        if bytes.count == prefixBytes.count - 1, isOrigin(bytes.count) {
            return "has no path: the root of the bundle is '\(prefix)'"
        }
        guard isOrigin(prefixBytes.count) else { return "is not under origin '\(origin)'" }
        guard bytes.starts(with: prefixBytes) else {
            return "writes the origin in upper case: URLs of the manifest start with '\(prefix)' as the origin is written"
        }
        if bytes.contains(63) || bytes.contains(35) { return "has a query or a fragment, which no URL of a manifest has" }
        return "is not canonical and percent-encoded (writers encode every byte that is not ASCII)"
    }

    /// Refuses file paths with a line break or another control character, absolute, escaping or
    /// non-normalised ones, and the manifest itself.
    func checkFile(_ file: String, place: @autoclosure () -> String) throws(ManifestError) {
        switch Self.fileVerdict(file) {
        case .accepted: return
        case .controlCharacter:
            throw ManifestError(
                "manifest: \(place()) '\(Manifest.printable(file))' holds a line break or another control character, "
                    + "which no bundle's file name has")
        case .absolute: throw ManifestError("manifest: \(place()) '\(Manifest.printable(file))' is an absolute path")
        case .leaves: throw ManifestError("manifest: \(place()) '\(Manifest.printable(file))' leaves the bundle")
        case .notNormalised:
            throw ManifestError("manifest: \(place()) '\(Manifest.printable(file))' is not a normalised relative path")
        case .manifest: throw ManifestError("manifest: \(place()) names the manifest itself")
        }
    }

    /// What `checkFile` says of a path; refusals in the order it checks them. A control character
    /// is a C0 one, DEL, or the line and paragraph separators U+2028 and U+2029, which end a line
    /// for JavaScript and line-based tools: the build refuses such names.
    package enum FileVerdict {
        case accepted, controlCharacter, absolute, leaves, notNormalised, manifest
    }

    /// Whether a file is `manifest.json` in any letter case: on the case-insensitive file systems of
    /// iOS and macOS, `MANIFEST.json` is the manifest itself.
    static func isManifestName(_ bytes: some Collection<UInt8>) -> Bool {
        bytes.count == Manifest.fileName.utf8.count
            && zip(bytes, Manifest.fileName.utf8).allSatisfy { (0x41...0x5A).contains($0) ? $0 | 0x20 == $1 : $0 == $1 }
    }

    /// `checkFile`'s verdict, from the UTF-8 bytes of the path: a `/` byte always separates
    /// segments, also before a combining mark, which `String` would join to it as one `Character`
    /// (`/\u{301}x` is absolute, `../\u{301}x` leaves the bundle).
    package static func fileVerdict(_ file: String) -> FileVerdict {
        file.utf8.withContiguousStorageIfAvailable(fileVerdict(bytes:))
            ?? Array(file.utf8).withUnsafeBufferPointer(fileVerdict(bytes:))
    }

    private static func fileVerdict(bytes: UnsafeBufferPointer<UInt8>) -> FileVerdict {
        let odd = PathByteClass.control | PathByteClass.backslash | PathByteClass.lineSeparatorLead
        guard PathByteClass.union(of: bytes) & odd != 0 else {
            // No control character, backslash or line separator (almost every path): the verdict
            // is its first bytes' and its segments'.
            if isAbsolute(bytes) { return .absolute }
            let flaws = PathByteClass.segmentFlaws(bytes)
            if flaws.leaves { return .leaves }
            if flaws.notNormalised { return .notNormalised }
            return isManifestName(bytes) ? .manifest : .accepted
        }
        return fileVerdictByteByByte(bytes)
    }

    /// Absolute, or what Windows-minded readers take for it: a first `/` or `~`, or a second byte
    /// that is a colon after an ASCII first character, a drive, as in `c:x`.
    private static func isAbsolute(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let first = bytes.first else { return false }
        return first == 47 || first == 126 || (bytes.count > 1 && bytes[1] == 58)
    }

    /// `fileVerdict(bytes:)` a byte a step: for paths with control characters or backslashes.
    private static func fileVerdictByteByByte(_ bytes: UnsafeBufferPointer<UInt8>) -> FileVerdict {
        var hasControl = false, leaves = false, notNormalised = false
        PathByteClass.table.withUnsafeBufferPointer { classes in
            var start = 0
            // The end closes the last segment, as a `/` closes the others.
            for index in 0...bytes.count {
                let bits = index < bytes.count ? classes[Int(bytes[index])] : PathByteClass.slash
                guard bits != 0 else { continue }
                guard bits & PathByteClass.slash != 0 else {
                    hasControl =
                        hasControl || bits & PathByteClass.control != 0
                        || bits & PathByteClass.lineSeparatorLead != 0 && isLineSeparator(bytes, at: index)
                    leaves = leaves || bits & PathByteClass.backslash != 0
                    continue
                }
                switch index - start {
                case 0: notNormalised = true
                case 1 where bytes[start] == 46: notNormalised = true
                case 2 where bytes[start] == 46 && bytes[start + 1] == 46: leaves = true
                default: break
                }
                start = index + 1
            }
        }
        if hasControl { return .controlCharacter }
        if isAbsolute(bytes) { return .absolute }
        if leaves { return .leaves }
        if notNormalised { return .notNormalised }
        return isManifestName(bytes) ? .manifest : .accepted
    }

    /// Whether U+2028 or U+2029 (`E2 80 A8`, `E2 80 A9`) starts at `index`.
    @inline(__always) private static func isLineSeparator(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Bool {
        bytes[index] == 0xE2 && index + 2 < bytes.count && bytes[index + 1] == 0x80 && bytes[index + 2] & 0xFE == 0xA8
    }
}
