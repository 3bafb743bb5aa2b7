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
                let index = next, url = tree.fileURL(files[index])
                next += 1
                group.addTask {
                    do {
                        let digest = try BundleTree.digest(of: url)
                        return (index, digest.size, digest.sha256)
                    } catch {
                        throw ManifestError("cannot read '\(files[index])': \(error.localizedDescription)")
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
        var resources: [Resource] = []
        var urlOfFile: [String: String] = [:]
        resources.reserveCapacity(files.count)
        for (file, size, sha256) in files {
            let mime = MIMEType.forPath(file, overrides: mimeOverrides)
            let url = origin.urlString(forPath: file)
            urlOfFile[file] = url
            resources.append(
                Resource(
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
            resources: resources, aliases: aliasTargets.map { Alias(url: $0.key, target: $0.value) })
        try manifest.validate()
        return manifest
    }
}
