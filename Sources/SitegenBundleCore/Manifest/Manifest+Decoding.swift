import Foundation

extension Manifest {
    /// Reads and validates a manifest: the `ManifestHeader` (format, version) first, then v1.
    ///
    /// Refuses input that is not JSON (a trailing comma included, with its line and column) or is
    /// truncated, an unknown format or version, missing or mistyped fields (an integer written `1.0` included), resources or aliases not sorted by URL
    /// (UTF-8 byte order), keys the schema does not have or that an object repeats, duplicate URLs, URLs of another origin, `file` paths that are absolute,
    /// leave the bundle or are not normalised, malformed `sha256`, and alias targets that are not
    /// resources, each with a one-line `ManifestError`.
    public static func decode(_ data: Data) throws(ManifestError) -> Manifest {
        // RFC 8259 lets a reader refuse one, and JavaScript's `JSON.parse` does.
        if data.starts(with: [0xEF, 0xBB, 0xBF]) {
            throw ManifestError("manifest: starts with a UTF-8 byte order mark, which JSON readers may refuse: save it without")
        }
        // JSON between systems is UTF-8 (RFC 8259): Foundation would read UTF-16, other resolvers not.
        if data.starts(with: [0xFF, 0xFE]) || data.starts(with: [0xFE, 0xFF]) {
            throw ManifestError("manifest: is UTF-16 (it starts with its byte order mark); a manifest is UTF-8")
        }
        // No JSON holds a NUL byte: UTF-16 without a byte order mark does, every other byte.
        if data.contains(0) {
            throw ManifestError("manifest: holds NUL bytes, which no JSON does (UTF-16?); a manifest is UTF-8")
        }
        let decoder = JSONDecoder()
        // The whole manifest is decoded first (by `fastDecode` when it has the usual shape): parsing
        // 10,000 entries twice, for the header and then for the rest, took half the time of opening
        // a bundle. The header is decoded on its own only to tell why a manifest failed, so the
        // reasons stay those of header-first decoding.
        let fast = fastDecode(data)
        // The fast route reads only JSON; JSONDecoder would take a trailing comma, and says only
        // "not valid JSON" of anything else.
        if fast == nil, let problem = JSONSyntax.firstProblem(in: data) {
            var error = ManifestError("manifest: not valid JSON: \(Self.printable(problem.description))")
            (error.line, error.column) = (problem.line, problem.column)
            throw error
        }
        let decoded: Result<Manifest, any Error> =
            fast.map { .success($0) } ?? Result { try decoder.decode(Manifest.self, from: data) }
        let header: ManifestHeader
        if case .success(let manifest) = decoded {
            header = ManifestHeader(format: manifest.format, version: manifest.version)
        } else {
            do {
                header = try decoder.decode(ManifestHeader.self, from: data)
            } catch {
                throw ManifestError("manifest: \(describe(error, in: data))")
            }
        }
        try checkHeader(format: header.format, version: header.version)
        let manifest: Manifest
        do {
            manifest = try decoded.get()
        } catch {
            throw ManifestError("manifest: \(describe(error, in: data))")
        }
        // `JSONDecoder` takes `1.0` and `5e0` for an `Int`; the fast route never reads one (it
        // leaves any fraction or exponent to `JSONDecoder`), so only the slow route looks again.
        if fast == nil, let field = floatingPointField(in: data) {
            throw ManifestError("manifest: field '\(field)' is not an integer (written with a fraction or exponent)")
        }
        // The fast route reads only the known keys, once each; the slow one takes whatever JSONDecoder does.
        if fast == nil, let problem = ManifestKeys.problem(in: data) { throw ManifestError("manifest: \(problem)") }
        // Validation refuses resources or aliases out of order: they come back as written.
        try manifest.validate()
        return manifest
    }

    /// Checks everything `decode` promises beyond the JSON shape, the format and version too.
    public func validate() throws(ManifestError) {
        try validate(resourcesPrechecked: false)
    }

    /// A reader refuses a format or version it does not know (manifest.md).
    static func checkHeader(format: String, version: Int) throws(ManifestError) {
        guard format == formatName else {
            throw ManifestError("manifest: unknown format '\(Self.printable(format))' (expected '\(formatName)')")
        }
        guard version == currentVersion else {
            throw ManifestError("manifest: unsupported version \(version) (this reader supports \(currentVersion))")
        }
    }

    /// `validate()`; with `resourcesPrechecked`, the caller vouches that every resource passes
    /// `isPrechecked` (so its key is its file), leaving duplicates and aliases to check.
    func validate(resourcesPrechecked: Bool) throws(ManifestError) {
        try Self.checkHeader(format: format, version: version)
        guard let parsedOrigin = BundleOrigin(parsing: origin) else {
            throw ManifestError(
                "manifest: origin '\(Self.printable(origin))' is not a lowercase 'scheme://host' of a non-reserved scheme")
        }
        let validator = ManifestValidator(origin: parsedOrigin)
        let urlPrefix = parsedOrigin.description + "/"
        let entryKey = try validator.checkedKey(entry, place: "entry", allowDirectory: true)
        // Apps load it as written, and other resolvers look it up as written: one spelling, as for URLs.
        let canonicalEntry = BundleOrigin.urlString(prefix: urlPrefix, forPath: entryKey)
        guard URLPath.bytesEqual(entry, canonicalEntry) else {
            throw ManifestError(
                "manifest: entry '\(Self.printable(entry))' is not canonical and percent-encoded "
                    + "(expected '\(canonicalEntry)')")
        }
        // Places are numbers until an error needs their text.
        // By bytes: NFC and NFD spellings of a URL are two URLs, as for every other resolver.
        var seen: [ByteKey: Place] = [:]
        var textTypes: [String: Bool] = [:]
        // Made by `assemble`, each URL is `origin/` and its file's own bytes: two resources of one
        // file are two equal URLs, side by side once sorted. Resources are then looked up by URL,
        // by bisection, and `seen` holds the aliases alone.
        if !resourcesPrechecked { seen.reserveCapacity(resources.count + aliases.count) }
        func resource(withKey key: String) -> Int? {
            guard resourcesPrechecked else {
                guard case .resource(let index)? = seen[ByteKey(key)] else { return nil }
                return index
            }
            return Self.index(ofURL: BundleOrigin.urlString(prefix: urlPrefix, forPath: key), inSorted: resources)
        }
        // Indices, not `enumerated()`: copying each record out retains all its strings.
        for index in resources.indices {
            let place = Place.resource(index)
            if resourcesPrechecked {
                if index > 0, URLPath.bytesEqual(resources[index].url, resources[index - 1].url) {
                    throw ManifestError(
                        "manifest: duplicate URL '\(Self.printable(resources[index].url))' in \(place) and "
                            + "\(Place.resource(index - 1))")
                }
                try checkOrder(of: index)
                continue
            }
            let key: String
            var isEncoded = false
            if let fileKey = validator.fileKey(url: resources[index].url, file: resources[index].file) {
                key = fileKey  // canonical: the URL is the origin and the file's own bytes
            } else {
                key = try validator.checkedKey(resources[index].url, place: "\(place).url", allowDirectory: false)
                isEncoded = true
            }
            if let previous = seen.updateValue(place, forKey: ByteKey(key)) {
                throw ManifestError(
                    "manifest: duplicate URL '\(Self.printable(resources[index].url))' in \(place) and \(previous)")
            }
            try checkOrder(of: index)
            if isEncoded {
                // Other resolvers look URLs up as written (embedding.md): one spelling per file.
                let canonical = BundleOrigin.urlString(prefix: urlPrefix, forPath: key)
                guard URLPath.bytesEqual(resources[index].url, canonical) else {
                    throw ManifestError(
                        "manifest: \(place).url '\(Self.printable(resources[index].url))' is not canonical and "
                            + "percent-encoded (expected '\(canonical)')")
                }
            }
            try validator.checkFile(resources[index].file, place: "\(place).file")
            guard !resources[index].mimeType.isEmpty else { throw ManifestError("manifest: \(place).mimeType is empty") }
            guard Self.isBareMIMEType(resources[index].mimeType) else {
                throw ManifestError(
                    "manifest: \(place).mimeType '\(Self.printable(resources[index].mimeType))' is not a MIME type "
                        + "without parameters (type/subtype)")
            }
            if let encoding = resources[index].textEncoding, !URLPath.bytesEqual(encoding, "utf-8") {
                throw ManifestError("manifest: \(place).textEncoding '\(Self.printable(encoding))' is not 'utf-8'")
            }
            try checkTextEncoding(of: index, textTypes: &textTypes)
            guard resources[index].size >= 0 else { throw ManifestError("manifest: \(place).size is negative") }
            guard Self.isLowercaseHexDigest(resources[index].sha256) else {
                throw ManifestError("manifest: \(place).sha256 is not 64 lowercase hex digits")
            }
        }
        for (index, alias) in aliases.enumerated() {
            let place = Place.alias(index)
            let key = try validator.checkedKey(alias.url, place: "\(place).url", allowDirectory: true)
            if let previous = seen.updateValue(place, forKey: ByteKey(key)) ?? resource(withKey: key).map(Place.resource) {
                throw ManifestError("manifest: duplicate URL '\(Self.printable(alias.url))' in \(place) and \(previous)")
            }
            // Looked up as written too, as a resource's URL is.
            let canonical = BundleOrigin.urlString(prefix: urlPrefix, forPath: key)
            guard URLPath.bytesEqual(alias.url, canonical) else {
                throw ManifestError(
                    "manifest: \(place).url '\(Self.printable(alias.url))' is not canonical and percent-encoded "
                        + "(expected '\(canonical)')")
            }
            if index > 0, URLPath.bytesPrecede(alias.url, aliases[index - 1].url) {
                throw ManifestError(
                    "manifest: aliases are not sorted by url: \(place) '\(Self.printable(alias.url))' sorts before "
                        + "aliases[\(index - 1)] '\(Self.printable(aliases[index - 1].url))'")
            }
            // Only resource keys map to `.resource`: an alias with a resource's key was refused above.
            let target = validator.key(alias.target, allowDirectory: false)
            guard case .success(let targetKey) = target, let resource = resource(withKey: targetKey) else {
                throw ManifestError("manifest: \(place).target '\(Self.printable(alias.target))' is not a resource URL")
            }
            // Other resolvers look the target up as written (embedding.md).
            guard URLPath.bytesEqual(alias.target, resources[resource].url) else {
                throw ManifestError(
                    "manifest: \(place).target '\(Self.printable(alias.target))' is not byte for byte the url of "
                        + "resources[\(resource)] ('\(Self.printable(resources[resource].url))')")
            }
        }
        // The first URL an app loads: a manifest whose entry is a 404 opens on the error page.
        let entryFile = entryKey.isEmpty || entryKey.hasSuffix("/") ? entryKey + "index.html" : entryKey
        guard
            seen[ByteKey(entryKey)] != nil || seen[ByteKey(entryFile)] != nil || resource(withKey: entryKey) != nil
                || resource(withKey: entryFile) != nil
        else {
            throw ManifestError("manifest: entry '\(Self.printable(entry))' is not the URL of a resource or an alias")
        }
    }

    /// The index of the resource with the URL `url` in `resources`, sorted by URL, found by bisection.
    static func index(ofURL url: String, inSorted resources: [Resource]) -> Int? {
        var low = 0, high = resources.count
        while low < high {
            let middle = (low + high) / 2
            if URLPath.bytesPrecede(resources[middle].url, url) { low = middle + 1 } else { high = middle }
        }
        return low < resources.count && URLPath.bytesEqual(resources[low].url, url) ? low : nil
    }

    /// Refuses `resources[index]` when its URL sorts before the previous one's in code-point
    /// (UTF-8 byte) order: one byte comparison. An equal URL is refused as a duplicate before this.
    private func checkOrder(of index: Int) throws(ManifestError) {
        guard index > 0, URLPath.bytesPrecede(resources[index].url, resources[index - 1].url) else { return }
        throw ManifestError(
            "manifest: resources are not sorted by url: resources[\(index)] '\(Self.printable(resources[index].url))' sorts before "
                + "resources[\(index - 1)] '\(Self.printable(resources[index - 1].url))'")
    }

    /// Refuses `resources[index]` when it has a `textEncoding` and `MIMEType.isText` says its type
    /// is not text: resolvers build `; charset=` from the field alone. `textTypes` keeps each type's verdict.
    private func checkTextEncoding(of index: Int, textTypes: inout [String: Bool]) throws(ManifestError) {
        let mimeType = resources[index].mimeType
        let isText: Bool
        if let known = textTypes[mimeType] {
            isText = known
        } else {
            isText = MIMEType.isText(mimeType)
            textTypes[mimeType] = isText
        }
        // A text type without one (older sitegen, for `application/x-javascript`) is served without a charset.
        guard !isText, let encoding = resources[index].textEncoding else { return }
        throw ManifestError(
            "manifest: resources[\(index)] '\(Self.printable(resources[index].url))' has textEncoding "
                + "'\(Self.printable(encoding))', which is for text types, and '\(Self.printable(mimeType))' is none: "
                + "leave the field out")
    }

    /// Whether a resource `Manifest.assemble` made passes every check `validate()` makes of a
    /// resource on its own, with its file as its key. Its URL is `origin/` and its file as written
    /// (`isUnencoded`: nothing was percent-encoded), and its type is one `typeIsValid` judged: the
    /// type non-empty and bare, the text encoding `utf-8` for text types, none for others.
    static func isPrechecked(
        _ resource: Resource, isUnencoded: Bool, typeIsValid: Bool, validator: ManifestValidator
    ) -> Bool {
        isUnencoded && typeIsValid && validator.acceptsUnencoded(file: resource.file) && resource.size >= 0
            && isLowercaseHexDigest(resource.sha256)
    }

    /// Whether `mimeType` is `type/subtype` of HTTP token characters: no parameters (`;`), no
    /// space, no control character (a CR or LF would put another header line into a reply).
    static func isBareMIMEType(_ mimeType: String) -> Bool {
        var slashes = 0, partLength = 0
        for byte in mimeType.utf8 {
            if byte == 47 {
                guard partLength > 0 else { return false }
                slashes += 1
                partLength = 0
                continue
            }
            // tchar (RFC 9110): ALPHA, DIGIT and !#$%&'*+-.^_`|~
            switch byte {
            case 0x30...0x39, 0x41...0x5A, 0x61...0x7A, 0x21, 0x23...0x27, 0x2A, 0x2B, 0x2D, 0x2E, 0x5E...0x60, 0x7C, 0x7E:
                partLength += 1
            default:
                return false
            }
        }
        return slashes == 1 && partLength > 0
    }

    /// `text` with control characters escaped (`\r\n`, `\u{1B}`), so that a message quoting a
    /// value from a manifest or a bundle stays one line and cannot forge another: C0, DEL, C1
    /// (U+0080 to U+009F; U+0085 is a line break, U+009B starts an escape sequence in some
    /// terminals) and the line and paragraph separators U+2028 and U+2029.
    package static func printable(_ text: String) -> String {
        // C1 characters start with the byte 0xC2, U+2028 and U+2029 with 0xE2.
        guard text.utf8.contains(where: { $0 < 0x20 || $0 == 0x7F || $0 == 0xC2 || $0 == 0xE2 }) else { return text }
        return text.unicodeScalars.map { isUnprintable($0) ? $0.escaped(asASCII: true) : String($0) }.joined()
    }

    private static func isUnprintable(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || scalar.value == 0x2028 || scalar.value == 0x2029
    }

    /// Whether `digest` is 64 lowercase hex digits.
    package static func isLowercaseHexDigest(_ digest: String) -> Bool {
        func isHex(_ byte: UInt8) -> Bool { byte &- 48 < 10 || byte &- 97 < 6 }
        return digest.utf8.withContiguousStorageIfAvailable { bytes in
            bytes.count == 64
                && stride(from: 0, to: 64, by: 8).allSatisfy {
                    isLowercaseHex(UnsafeRawBufferPointer(bytes).loadUnaligned(fromByteOffset: $0, as: UInt64.self))
                }
        } ?? (digest.utf8.count == 64 && digest.utf8.allSatisfy(isHex))
    }

    /// Whether each of the eight bytes of `word` is `0`-`9` or `a`-`f`: per byte, whether it is at
    /// least `0` and not past `9`, or at least `a` and not past `f`, read from the high bits of sums
    /// that carry into no neighbour (every byte is below 0x80 first). 10,000 digests are read on
    /// every build.
    @inline(__always) private static func isLowercaseHex(_ word: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101, high = ones &* 0x80
        guard word & high == 0 else { return false }
        let atLeastZero = word &+ ones &* (0x80 - 0x30), pastNine = word &+ ones &* (0x80 - 0x3A)
        let atLeastA = word &+ ones &* (0x80 - 0x61), pastF = word &+ ones &* (0x80 - 0x67)
        return (atLeastZero & ~pastNine | atLeastA & ~pastF) & high == high
    }

    /// A record of the manifest, as error messages name it (`resources[3]`, `aliases[0]`).
    private enum Place: CustomStringConvertible {
        case resource(Int), alias(Int)

        var description: String {
            switch self {
            case .resource(let index): "resources[\(index)]"
            case .alias(let index): "aliases[\(index)]"
            }
        }
    }

    private static func describe(_ error: any Error, in data: Data) -> String {
        guard let error = error as? DecodingError else { return "not valid JSON" }
        switch error {
        case .dataCorrupted(let context) where context.codingPath.isEmpty:
            // Foundation also says so of valid JSON with a number that fits no `Int` (`1.5`).
            return misfitNumber(in: data).map { "field '\($0)' is not a whole number in range" }
                ?? "not valid JSON (malformed or truncated)"
        case .typeMismatch(_, let context) where context.codingPath.isEmpty,
            .valueNotFound(_, let context) where context.codingPath.isEmpty:
            return "the top level is not a JSON object"
        case .dataCorrupted(let context):
            return "invalid value at '\(path(context.codingPath))'"
        case .keyNotFound(let key, let context):
            return "missing field '\(path(context.codingPath + [key]))'"
        case .typeMismatch(let type, let context):
            return "field '\(path(context.codingPath))' has the wrong type (expected \(jsonType(type)))"
        case .valueNotFound(let type, let context):
            return "field '\(path(context.codingPath))' is null (expected \(jsonType(type)))"
        @unknown default:
            return "not a valid manifest"
        }
    }

    /// The first integer field of valid JSON `data` (`version`, `resources[i].size`) written as a
    /// floating-point number (`1.0`, `5e0`); nil when there is none.
    private static func floatingPointField(in data: Data) -> String? {
        guard let root = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] else { return nil }
        func isFloatingPoint(_ value: Any?) -> Bool {
            guard let number = value as? NSNumber else { return false }
            let type = String(cString: number.objCType)
            return type == "d" || type == "f"
        }
        if isFloatingPoint(root["version"]) { return "version" }
        for (index, resource) in ((root["resources"] as? [Any]) ?? []).enumerated() {
            if isFloatingPoint((resource as? [String: Any])?["size"]) { return "resources[\(index)].size" }
        }
        return nil
    }

    /// The first integer field of valid JSON `data` (`version`, `resources[i].size`) whose number is
    /// not a whole number that fits an `Int`; nil when the JSON is not valid or there is none.
    private static func misfitNumber(in data: Data) -> String? {
        guard let root = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] else { return nil }
        func misfits(_ value: Any?) -> Bool {
            guard let number = value as? NSNumber else { return false }
            let double = number.doubleValue
            return double.rounded() != double || double.magnitude >= 0x1p63
        }
        if misfits(root["version"]) { return "version" }
        for (index, resource) in ((root["resources"] as? [Any]) ?? []).enumerated() {
            if misfits((resource as? [String: Any])?["size"]) { return "resources[\(index)].size" }
        }
        return nil
    }

    /// The JSON type a Swift type is read from, as a message names it: `a string`, not `String`.
    private static func jsonType(_ type: Any.Type) -> String {
        switch type {
        case is String.Type: "a string"
        case is Int.Type: "a number"
        case is Bool.Type: "true or false"
        case is [Any].Type, is [Resource].Type, is [Alias].Type: "an array"
        default: "an object"
        }
    }

    private static func path(_ codingPath: [any CodingKey]) -> String {
        var out = ""
        for key in codingPath {
            if let index = key.intValue {
                out += "[\(index)]"
            } else {
                out += out.isEmpty ? key.stringValue : ".\(key.stringValue)"
            }
        }
        return out
    }
}
