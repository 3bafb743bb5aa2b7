/// URL and file checks shared by manifest validation and the resolver's index.
struct ManifestValidator {
    let origin: BundleOrigin

    /// The normalised path key of a URL under the origin (`guide/a.html`, `guide/` for a directory).
    func key(_ url: String, allowDirectory: Bool) -> Result<String, ResolutionFailure> {
        let prefix = origin.description + "/"
        guard url.hasPrefix(prefix), !url.contains("?"), !url.contains("#"),
            let parts = URLPath.split(url)
        else { return .failure(.wrongHost(url)) }
        return URLPath.normalise(parts.path).flatMap { key in
            if !allowDirectory, key.isEmpty || key.hasSuffix("/") { return .failure(.notFound(path: url)) }
            return .success(key)
        }
    }

    /// `key`, or a `ManifestError` naming `place`.
    func checkedKey(_ url: String, place: String, allowDirectory: Bool) throws(ManifestError) -> String {
        switch key(url, allowDirectory: allowDirectory) {
        case .success(let key): return key
        case .failure(.wrongHost):
            throw ManifestError("manifest: \(place) '\(url)' is not under origin '\(origin)'")
        case .failure:
            throw ManifestError("manifest: \(place) '\(url)' is not a valid \(allowDirectory ? "" : "file ")URL of the bundle")
        }
    }

    /// Refuses absolute, escaping or non-normalised file paths and the manifest itself.
    func checkFile(_ file: String, place: String) throws(ManifestError) {
        if file.hasPrefix("/") || file.hasPrefix("~") || file.utf8.dropFirst().first == 58 {
            throw ManifestError("manifest: \(place) '\(file)' is an absolute path")
        }
        if file.split(separator: "/").contains("..") || file.contains("\\") {
            throw ManifestError("manifest: \(place) '\(file)' leaves the bundle")
        }
        guard URLPath.isNormalisedFilePath(file) else {
            throw ManifestError("manifest: \(place) '\(file)' is not a normalised relative path")
        }
        guard file != Manifest.fileName else {
            throw ManifestError("manifest: \(place) names the manifest itself")
        }
    }
}
