import Foundation
import SitegenBundleCore

/// How the crawler reaches resources: the app's resolver in production, an in-memory tree in tests.
public protocol ResourceFetching: Sendable {
    /// The origin's scheme, e.g. `docs`.
    var scheme: String { get }
    /// The origin's host, e.g. `app`.
    var host: String { get }
    /// Every file in the bundle (bundle-relative paths, e.g. `guide/index.html`), for orphan and
    /// case-mismatch checks.
    var allPaths: [String] { get }
    /// Resolves and reads a same-origin URL (query and fragment ignored).
    func fetch(_ url: URL) async -> FetchResult
    /// Resolves a same-origin URL without reading it: the file, its MIME type and SHA-256, when the
    /// fetcher knows them (a bundle with a manifest). Lets the crawl skip files it has parsed before
    /// and files it never parses. The default knows nothing.
    func locate(_ url: URL) async -> LocatedResource?
    /// Reads what `locate` found for `url`, without resolving the URL again. The default fetches `url`.
    func fetch(_ url: URL, located: LocatedResource) async -> FetchResult
    /// Calls `body` with the path and SHA-256 of every bundle file, when the fetcher knows them
    /// without reading the files (a bundle with a manifest), and returns whether it did: how
    /// `recheck` finds what changed. The default knows nothing.
    func forEachFileHash(_ body: (_ path: String, _ sha256: String) -> Void) -> Bool
    /// A fingerprint of how URLs map to files beyond the list of files (aliases, for a bundle with a
    /// manifest): when it changes, links in unchanged files may resolve differently. Default 0.
    var resolutionFingerprint: UInt64 { get }
    /// Whether the file at `path`, one of `allPaths`, is there to be served, without reading it. The
    /// default says yes: only a list that is not the folder itself (a manifest) can name missing files.
    func serves(_ path: String) -> Bool
    /// Every alias path (`old/setup.html`) whose URL serves a file of another folder, with that
    /// file's path: the app resolves the file's relative links from the alias URL. Default none.
    var aliasesInOtherFolders: [(alias: String, file: String)] { get }
    /// Why the bundle path `path`, which serves nothing, holds something on disk all the same (a
    /// symbolic link out of the bundle), for the message of a link to it. Default `nil`.
    func whyUnserved(_ path: String) -> String?
}

/// A file a URL resolves to, known without reading it.
public struct LocatedResource: Sendable, Equatable {
    public var path: String
    public var mimeType: String
    public var sha256: String
    /// What the resolver answered, for `ResolverFetcher` to read without resolving again.
    var resolved: ResolvedResource?

    public init(path: String, mimeType: String, sha256: String) {
        self.path = path
        self.mimeType = mimeType
        self.sha256 = sha256
    }
}

extension ResourceFetching {
    public func locate(_ url: URL) async -> LocatedResource? { nil }
    public func fetch(_ url: URL, located: LocatedResource) async -> FetchResult { await fetch(url) }
    public func forEachFileHash(_ body: (_ path: String, _ sha256: String) -> Void) -> Bool { false }
    public var resolutionFingerprint: UInt64 { 0 }
    public func serves(_ path: String) -> Bool { true }
    public var aliasesInOtherFolders: [(alias: String, file: String)] { [] }
    public func whyUnserved(_ path: String) -> String? { nil }
}

/// What fetching one same-origin URL gave.
public enum FetchResult: Sendable, Hashable {
    /// The file actually served (a directory URL gives its `index.html`), its MIME type and bytes.
    case found(path: String, mimeType: String, body: Data)
    /// Nothing in the bundle answers this URL.
    case notFound
    /// The URL would leave the bundle root.
    case outsideBundle
}
