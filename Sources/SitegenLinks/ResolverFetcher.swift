import Foundation
import SitegenBundle
import SitegenCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The crawler's view of a bundle through `SchemeResolver`: the very code an app embeds, so what the
/// checker accepts is what the app serves.
public struct ResolverFetcher: ResourceFetching {
    public let resolver: SchemeResolver
    public let resolutionFingerprint: UInt64

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
        guard case .success(let resource) = resolver.resolve(url), let sha256 = resource.sha256 else { return nil }
        var located = LocatedResource(path: resource.path, mimeType: resource.mimeType, sha256: sha256)
        located.resolved = resource
        return located
    }

    public func fetch(_ url: URL, located: LocatedResource) async -> FetchResult {
        guard let resource = located.resolved else { return await fetch(url) }
        guard let body = Self.contents(ofFile: resource.filePath) else { return .notFound }
        return .found(path: resource.path, mimeType: resource.mimeType, body: body)
    }

    /// The bytes of the file the resolver resolved to, read with `open`/`read` into the `Data`'s own
    /// buffer: `Data(contentsOf:)` makes a `URL` and asks for attributes first, 10,000 times a crawl.
    static func contents(ofFile path: String) -> Data? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { return nil }
        let size = Int(info.st_size)
        guard size > 0 else { return Data() }
        guard let buffer = malloc(size) else { return nil }
        var done = 0
        while done < size {
            let got = read(descriptor, buffer + done, size - done)
            if got < 0, errno == EINTR { continue }
            if got < 0 {
                free(buffer)
                return nil
            }
            if got == 0 { break }  // cut short since fstat: what there is
            done += got
        }
        return Data(bytesNoCopy: buffer, count: done, deallocator: .free)
    }

    public func forEachFileHash(_ body: (_ path: String, _ sha256: String) -> Void) -> Bool {
        guard let resources = resolver.manifest?.resources else { return false }
        for resource in resources { body(resource.file, resource.sha256) }
        return true
    }

    public func fetch(_ url: URL) async -> FetchResult {
        switch resolver.resolve(url) {
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
