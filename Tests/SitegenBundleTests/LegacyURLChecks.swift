import Foundation

@testable import SitegenBundle
@testable import SitegenBundleCore

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

    /// `ManifestValidator.checkFile`'s verdict through `String` operations, which agree with the
    /// bytes except after a `/` followed by a combining mark (one `Character` for `String`).
    static func fileVerdict(_ file: String) -> ManifestValidator.FileVerdict {
        if file.unicodeScalars.contains(where: {
            $0.value < 0x20 || $0.value == 0x7F || $0.value == 0x2028 || $0.value == 0x2029
        }) {
            return .controlCharacter
        }
        if file.hasPrefix("/") || file.hasPrefix("~") || file.utf8.dropFirst().first == 58 { return .absolute }
        if file.split(separator: "/").contains("..") || file.contains("\\") { return .leaves }
        guard !file.isEmpty,
            file.split(separator: "/", omittingEmptySubsequences: false).allSatisfy({
                !$0.isEmpty && $0 != "." && $0 != ".."
            })
        else { return .notNormalised }
        guard !ManifestValidator.isManifestName(file.utf8) else { return .manifest }
        return .accepted
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

/// The `String`-based encoders the byte-level ones replaced, kept verbatim as references.
enum LegacyEncoders {
    static func percentEncodePath(_ path: String) -> String {
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

    static func pathExtension(_ path: String) -> String {
        let name = path.split(separator: "/", omittingEmptySubsequences: false).last ?? ""
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return "" }
        return name[name.index(after: dot)...].lowercased()
    }

    /// Records sorted in code-point (UTF-8 byte) order, the order readers check; `String`'s `<`
    /// (canonical order) was used before.
    static func encoded(_ manifest: Manifest) -> Data {
        var out = "{\n"
        out += "  \"format\": \(json(manifest.format)),\n"
        out += "  \"version\": \(manifest.version),\n"
        out += "  \"generator\": \(json(manifest.generator)),\n"
        out += "  \"origin\": \(json(manifest.origin)),\n"
        out += "  \"entry\": \(json(manifest.entry)),\n"
        let resourceLines = manifest.resources.sorted { URLPath.bytesPrecede($0.url, $1.url) }.map { r in
            var fields = [
                "\"url\": \(json(r.url))", "\"file\": \(json(r.file))", "\"mimeType\": \(json(r.mimeType))",
            ]
            if let encoding = r.textEncoding { fields.append("\"textEncoding\": \(json(encoding))") }
            fields.append("\"size\": \(r.size)")
            fields.append("\"sha256\": \(json(r.sha256))")
            return object(fields)
        }
        out += "  \"resources\": \(array(resourceLines)),\n"
        let aliasLines = manifest.aliases.sorted { URLPath.bytesPrecede($0.url, $1.url) }.map { a in
            object(["\"url\": \(json(a.url))", "\"target\": \(json(a.target))"])
        }
        out += "  \"aliases\": \(array(aliasLines))\n"
        out += "}\n"
        return Data(out.utf8)
    }

    private static func object(_ fields: [String]) -> String {
        "{\n" + fields.map { "      \($0)" }.joined(separator: ",\n") + "\n    }"
    }

    private static func array(_ items: [String]) -> String {
        items.isEmpty ? "[]" : "[\n" + items.map { "    \($0)" }.joined(separator: ",\n") + "\n  ]"
    }

    static func json(_ string: String) -> String {
        var out = "\""
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}

/// `Manifest.assemble` as it was, kept verbatim as the reference for the faster one.
enum LegacyAssemble {
    static func assemble(
        files: [(path: String, size: Int, sha256: String)], origin: BundleOrigin, entryPath: String,
        aliases: [(from: String, to: String)] = [], generator: String, mimeOverrides: [String: String] = [:]
    ) throws(ManifestError) -> Manifest {
        var resources: [Manifest.Resource] = []
        var urlOfFile: [String: String] = [:]
        resources.reserveCapacity(files.count)
        for (file, size, sha256) in files {
            let mime = MIMEType.forPath(file, overrides: mimeOverrides)
            let url = origin.urlString(forPath: file)
            urlOfFile[file] = url
            resources.append(
                Manifest.Resource(
                    url: url, file: file, mimeType: mime, textEncoding: MIMEType.isText(mime) ? "utf-8" : nil,
                    size: size, sha256: sha256))
        }
        var aliasTargets: [String: String] = [:]
        let resourceURLs = Set(urlOfFile.values)
        for (file, _, _) in files where file == "index.html" || file.hasSuffix("/index.html") {
            aliasTargets[origin.urlString(forPath: String(file.dropLast("index.html".count)))] = urlOfFile[file]
        }
        for (from, to) in aliases {
            guard let target = urlOfFile[to] else {
                throw ManifestError("alias '\(from)' points to '\(to)', which is not a file of the bundle")
            }
            let url = origin.urlString(forPath: from)
            if resourceURLs.contains(url) {
                throw ManifestError("alias '\(from)' is already a file of the bundle")
            }
            if let existing = aliasTargets[url], existing != target {
                throw ManifestError("alias '\(from)' points to both '\(existing)' and '\(target)'")
            }
            aliasTargets[url] = target
        }
        let manifest = Manifest(
            generator: generator, origin: origin.description, entry: origin.urlString(forPath: entryPath),
            resources: resources, aliases: aliasTargets.map { Manifest.Alias(url: $0.key, target: $0.value) })
        try manifest.validate()
        return manifest
    }
}
