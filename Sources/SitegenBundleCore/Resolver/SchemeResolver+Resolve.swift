import Foundation

extension SchemeResolver {
    /// Resolves a URL to a file of the bundle.
    ///
    /// Scheme and host are compared case-insensitively; the path is percent-decoded once, `.`/`..`
    /// and empty segments are normalised without ever leaving the root; NUL, backslashes and
    /// non-UTF-8 escapes are refused; a directory URL (`docs://app/guide/`) serves its
    /// `index.html` (a file or an alias); aliases serve their target's bytes; matching is case-sensitive; query and
    /// fragment are ignored; paths are compared by their bytes, so an NFC and an NFD spelling of `café`
    /// are two files, as for every other resolver; a symlink whose real path leaves the bundle is refused.
    public func resolve(_ url: URL) -> Result<ResolvedResource, ResolutionFailure> {
        guard let parts = URLPath.split(url.absoluteString) else { return .failure(.wrongScheme("")) }
        guard parts.scheme.lowercased() == origin.scheme else { return .failure(.wrongScheme(parts.scheme)) }
        // An empty port (`docs://app:/`) is no port (RFC 3986 6.2.3), and empty credentials
        // (`docs://@app/`, `docs://:@app/`) are none, as WebKit reads them (the URL standard).
        guard let written = parts.authority, case let authority = Self.withoutEmptyCredentials(written).lowercased(),
            authority == origin.host || authority == origin.host + ":"
        else { return .failure(.wrongHost(parts.authority ?? "")) }
        let key: String
        switch URLPath.normalise(parts.path) {
        case .success(let normalised): key = normalised
        case .failure(let failure): return .failure(failure)
        }
        let isDirectory = key.isEmpty || key.hasSuffix("/")
        // A folder's `index.html` may be an alias too: the manifest takes such a folder URL as an entry.
        func lookUp(_ key: String) -> Entry? { entries[ByteKey(key)] ?? aliases[ByteKey(key)].flatMap { entries[$0] } }
        guard let entry = lookUp(key) ?? (isDirectory ? lookUp(key + "index.html") : nil) else {
            return .failure(.notFound(path: key))
        }
        switch tree.realFile(entry.path) {
        case .failure(let failure): return .failure(failure)
        case .success(let file):
            return .success(
                ResolvedResource(
                    url: URL(string: entry.url) ?? origin.url(forPath: entry.path), path: entry.path,
                    filePath: file.path, mimeType: entry.mimeType, textEncoding: entry.textEncoding,
                    size: file.size, sha256: entry.size == nil || entry.size == file.size ? entry.sha256 : nil))
        }
    }

    /// Resolves a URL string (absolute, or relative to `base`). A string whose path has an invalid
    /// percent escape (`%ZZ`, a stray `%`) is not found, rather than re-encoded by `URL(string:)`.
    public func resolve(_ string: String, relativeTo base: URL? = nil) -> Result<ResolvedResource, ResolutionFailure> {
        guard !URLPath.hasInvalidEscape(string),
            let url = URL(string: URLPath.encodedAsBrowsersSend(string), relativeTo: base)
        else {
            return .failure(.notFound(path: string))
        }
        return resolve(url.absoluteURL)
    }

    /// Why the bundle path `path` is not served although something is on disk there (a symbolic
    /// link out of the bundle, to nothing, to a folder), for messages; `nil` otherwise.
    public func whyUnserved(path: String) -> String? {
        // Only a path below the root is looked at: this is no way around the resolver's refusals.
        guard !path.hasPrefix("/"), !path.utf8.contains(0), !path.split(separator: "/").contains("..") else { return nil }
        return tree.whyUnserved(path, servedThroughFolderLinks: manifest != nil)
    }

    /// The whole body of a resolved resource (for the crawler; large media should use `reply`).
    public func contents(of resource: ResolvedResource) throws -> Data {
        try Data(contentsOf: resource.fileURL)
    }

    /// `authority` without a userinfo that is empty (`@app`, `:@app`): such a URL is the same as
    /// one without it. A user or password that is there is kept, and makes another origin.
    static func withoutEmptyCredentials(_ authority: String) -> String {
        guard let at = authority.utf8.lastIndex(of: UInt8(ascii: "@")) else { return authority }
        let userinfo = authority.utf8[..<at]
        guard userinfo.isEmpty || userinfo.elementsEqual(":".utf8) else { return authority }
        return String(authority[authority.utf8.index(after: at)...])
    }
}
