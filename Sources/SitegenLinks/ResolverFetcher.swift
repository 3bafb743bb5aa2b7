import Foundation
import SitegenBundleCore
import SitegenCore

/// The crawler's view of a bundle through `SchemeResolver`: the very code an app embeds, so what the
/// checker accepts is what the app serves.
public struct ResolverFetcher: ResourceFetching {
    public let resolver: SchemeResolver
    public let resolutionFingerprint: UInt64
    /// A folder asked for without its slash is answered as a web server answers it, by its index
    /// (a redirect to the folder): for a tree checked as a web site (`check --site-url`). The
    /// scheme's resolver answers no redirects.
    public var redirectsFolders = false

    public init(resolver: SchemeResolver) {
        self.resolver = resolver
        var fingerprint = Fingerprint()
        for alias in resolver.manifest?.aliases ?? [] {
            fingerprint.add(alias.url)
            fingerprint.add(alias.target)
        }
        resolutionFingerprint = fingerprint.value
    }

    public var scheme: String { resolver.origin.scheme }
    public var host: String { resolver.origin.host }
    public var allPaths: [String] { resolver.paths }

    public func locate(_ url: URL) async -> LocatedResource? {
        guard case .success(let resource) = resolve(url), let sha256 = resource.sha256 else { return nil }
        // A page is read anyway; any other file must be readable too, or the app gets a 404 for it.
        if DocumentKind(mimeType: resource.mimeType) == .other, access(resource.filePath, R_OK) != 0 { return nil }
        var located = LocatedResource(path: resource.path, mimeType: resource.mimeType, sha256: sha256)
        located.resolved = resource
        return located
    }

    public func fetch(_ url: URL, located: LocatedResource) async -> FetchResult {
        guard let resource = located.resolved else { return await fetch(url) }
        guard let body = FileBytes.readData(resource.filePath) else { return .notFound }
        return .found(path: resource.path, mimeType: resource.mimeType, body: body)
    }

    public func whyUnserved(_ path: String) -> String? { resolver.whyUnserved(path: path) }

    public func serves(_ path: String) -> Bool {
        if case .success = resolver.resolve(resolver.origin.url(forPath: path)) { return true }
        return false
    }

    public var aliasesInOtherFolders: [(alias: String, file: String)] {
        let prefix = resolver.origin.description + "/"
        func folder(_ url: String) -> Substring { url[..<(url.lastIndex(of: "/") ?? url.startIndex)] }
        return (resolver.manifest?.aliases ?? []).compactMap { alias in
            // Directory indexes (`guide/` for `guide/index.html`) stay in their folder: most aliases.
            guard folder(alias.url) != folder(alias.target), alias.url.hasPrefix(prefix),
                let path = String(alias.url.dropFirst(prefix.count)).removingPercentEncoding,
                let url = URL(string: alias.target), case .success(let target) = resolver.resolve(url)
            else { return nil }
            return (path, target.path)
        }
    }

    public func forEachFileHash(_ body: (_ path: String, _ sha256: String) -> Void) -> Bool {
        guard let resources = resolver.manifest?.resources else { return false }
        for resource in resources { body(resource.file, resource.sha256) }
        return true
    }

    /// The resolver's answer, or with `redirectsFolders` the folder's for a URL it does not find.
    private func resolve(_ url: URL) -> Result<ResolvedResource, ResolutionFailure> {
        let answer = resolver.resolve(url)
        guard redirectsFolders, case .failure(.notFound) = answer, !url.path(percentEncoded: true).hasSuffix("/"),
            let folder = URL(string: FolderSlash.added(to: url.absoluteString)),
            case .success(let index) = resolver.resolve(folder)
        else { return answer }
        return .success(index)
    }

    public func fetch(_ url: URL) async -> FetchResult {
        switch resolve(url) {
        case .success(let resource):
            guard let body = try? resolver.contents(of: resource) else { return .notFound }
            return .found(path: resource.path, mimeType: resource.mimeType, body: body)
        case .failure(.outsideBundle):
            return .outsideBundle
        case .failure:
            return .notFound
        }
    }
}
