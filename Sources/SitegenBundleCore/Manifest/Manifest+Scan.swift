import Foundation

extension Manifest {
    /// Builds the manifest of a bundle directory.
    ///
    /// Every regular file except the root `manifest.json` becomes a resource (symlinks count only
    /// when they resolve to a regular file inside the bundle; symlinked directories are not
    /// entered), hashed in parallel and typed by extension (`mimeOverrides` as in
    /// `MIMEType.forPath`). `aliases` are `(aliasPath, targetPath)` bundle-relative pairs; every
    /// `…/index.html` also gets its directory alias (`guide/` and the root `""`). Output does not
    /// depend on the order in which files are listed or hashed.
    public static func scan(
        bundle: URL, origin: BundleOrigin, entryPath: String, aliases: [(from: String, to: String)] = [],
        generator: String, mimeOverrides: [String: String] = [:]
    ) async throws -> Manifest {
        let tree = try BundleTree(bundle)
        let files = try tree.files()
        let digests = try await withThrowingTaskGroup(of: (Int, Int, String).self) { group in
            var results = [(size: Int, sha256: String)](repeating: (0, ""), count: files.count)
            var next = 0
            func addTask() {
                let index = next, path = tree.filePath(files[index])
                next += 1
                group.addTask {
                    do {
                        let digest = try BundleTree.digest(atPath: path)
                        return (index, digest.size, digest.sha256)
                    } catch {
                        throw ManifestError("cannot read '\(files[index])': \(error)")
                    }
                }
            }
            while next < min(files.count, 4) { addTask() }
            while let (index, size, sha) = try await group.next() {
                results[index] = (size, sha)
                if next < files.count { addTask() }
            }
            return results
        }
        return try assemble(
            files: zip(files, digests).map { (path: $0, size: $1.size, sha256: $1.sha256) }, origin: origin,
            entryPath: entryPath, aliases: aliases, generator: generator, mimeOverrides: mimeOverrides)
    }

    /// Builds and validates a manifest from files whose size and SHA-256 are already known (a
    /// generator that hashed what it wrote): MIME types, directory-index and given aliases, sorting.
    public static func assemble(
        files: [(path: String, size: Int, sha256: String)], origin: BundleOrigin, entryPath: String,
        aliases: [(from: String, to: String)] = [], generator: String, mimeOverrides: [String: String] = [:]
    ) throws(ManifestError) -> Manifest {
        let prefix = origin.description + "/"
        let validator = ManifestValidator(origin: origin)
        // Typed, encoded and checked in parallel: 10,000 files on every rebuild.
        var resources: [Resource]
        let made: [Made]
        (resources, made) = ParallelParts.fill(count: files.count, threshold: 4096) { range, emit in
            makeResources(files[range], prefix: prefix, validator: validator, mimeOverrides: mimeOverrides, emit: emit)
        }
        var aliasTargets: [String: String] = [:]
        // Whether a file was percent-encoded or lost a leading `/` for its URL: only then can two
        // files be equal as strings (canonically equivalent spellings) and yet have other URLs.
        var someFileIsEncoded = false
        var allPrechecked = true
        for part in made {
            someFileIsEncoded = someFileIsEncoded || part.someFileIsEncoded
            allPrechecked = allPrechecked && part.allPrechecked
            for (directory, url) in part.directoryIndexes { aliasTargets[directory] = url }
        }
        if someFileIsEncoded || !aliases.isEmpty {
            // Files looked up by their bytes: NFC and NFD spellings of a name are two files.
            var urlOfFile: [ByteKey: String] = [:]
            urlOfFile.reserveCapacity(resources.count)
            for resource in resources { urlOfFile[ByteKey(resource.file)] = resource.url }
            var resourceURLs: Set<String>? = nil
            if someFileIsEncoded {
                resourceURLs = Set(urlOfFile.values)
                for (file, _, _) in files where file == "index.html" || file.hasSuffix("/index.html") {
                    let directory = String(file.dropLast("index.html".count))
                    aliasTargets[BundleOrigin.urlString(prefix: prefix, forPath: directory)] = urlOfFile[ByteKey(file)]
                }
            }
            // Sorted as `init` would sort them, so that without the set URLs are found by bisection.
            resources.sort { URLPath.bytesPrecede($0.url, $1.url) }
            for (from, to) in aliases {
                guard let target = urlOfFile[ByteKey(to)] else {
                    throw ManifestError("alias '\(from)' points to '\(to)', which is not a file of the bundle")
                }
                let url = BundleOrigin.urlString(prefix: prefix, forPath: from)
                if resourceURLs?.contains(url) ?? (Self.index(ofURL: url, inSorted: resources) != nil) {
                    throw ManifestError("alias '\(from)' is already a file of the bundle")
                }
                if let existing = aliasTargets[url], existing != target {
                    throw ManifestError("alias '\(from)' points to both '\(existing)' and '\(target)'")
                }
                aliasTargets[url] = target
            }
        }
        let manifest = Manifest(
            generator: generator, origin: origin.description, entry: origin.urlString(forPath: entryPath),
            resources: resources, aliases: aliasTargets.map { Alias(url: $0.key, target: $0.value) })
        try manifest.validate(resourcesPrechecked: allPrechecked)
        return manifest
    }

    /// What `assemble` learns from the resources of some files.
    private struct Made: Sendable {
        var someFileIsEncoded = false
        var allPrechecked = true
        /// The URL of each `…/index.html`'s directory, with the file's URL.
        var directoryIndexes: [(String, String)] = []
    }

    /// Makes the resource of each of `files`, in order, handing each to `emit`.
    private static func makeResources(
        _ files: ArraySlice<(path: String, size: Int, sha256: String)>, prefix: String, validator: ManifestValidator,
        mimeOverrides: [String: String], emit: (Resource) -> Void
    ) -> Made {
        var made = Made()
        // A handful of types for 10,000 files: each is judged once.
        var types: [String: (textEncoding: String?, isValid: Bool)] = [:]
        // And files of one extension come in runs (a folder's pages): without overrides, which may
        // name a file, a run's type is the first file's.
        var last: (dotted: [UInt8], mime: String, type: (textEncoding: String?, isValid: Bool))?
        for (file, size, sha256) in files {
            let mime: String
            let type: (textEncoding: String?, isValid: Bool)
            if let last, MIMEType.hasExtension(file, dotted: last.dotted) {
                (mime, type) = (last.mime, last.type)
            } else {
                mime = MIMEType.forPath(file, overrides: mimeOverrides)
                if let known = types[mime] {
                    type = known
                } else {
                    type = (MIMEType.isText(mime) ? "utf-8" : nil, !mime.isEmpty && isBareMIMEType(mime))
                    types[mime] = type
                }
                last = mimeOverrides.isEmpty ? MIMEType.dottedExtension(of: file).map { ($0, mime, type) } : nil
            }
            let url = BundleOrigin.urlString(prefix: prefix, forPath: file)
            // Encoding only lengthens and trimming a leading `/` shortens by one: the same length is the same bytes.
            let isUnencoded = url.utf8.count == prefix.utf8.count + file.utf8.count
            made.someFileIsEncoded = made.someFileIsEncoded || !isUnencoded
            let resource = Resource(
                url: url, file: file, mimeType: mime, textEncoding: type.textEncoding, size: size, sha256: sha256)
            made.allPrechecked =
                made.allPrechecked
                && isPrechecked(resource, isUnencoded: isUnencoded, typeIsValid: type.isValid, validator: validator)
            emit(resource)
            if file == "index.html" || file.hasSuffix("/index.html") {
                let directory = String(file.dropLast("index.html".count))
                made.directoryIndexes.append((BundleOrigin.urlString(prefix: prefix, forPath: directory), url))
            }
        }
        return made
    }
}
