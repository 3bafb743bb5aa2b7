import Foundation
import Testing

@testable import SitegenBundle
@testable import SitegenBundleCore

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Thousands of traversal-style URLs against a bundle whose parent folder holds a secret, and
/// which contains symlinks to it, to `/etc/passwd` and to its parent directory.
@Suite struct HostileURLTests {
    static let segments = [
        "..", "%2e%2e", "%2E.", ".%2e", "%2E%2E", "%252e%252e", "..%2f", "%2f..", "..%2F..", "%5c", "..%5c..",
        "%5C", "\\..", "..\\", "\\", "%00", "a%00b", "%00..", ".", "%2e", "", "%ff%fe", "%c0%ae%c0%ae",
        "%e0%80%ae", "..;", "...", "....", "%%32%65", "%u002e", "..%252f", "%2e%2e%2f%2e%2e", "%2fetc%2fpasswd",
        "secret.txt", "leak.txt", "passwd", "up", "etc", "bundle", "guide", "index.html", "assets", "site.css",
        "Guide.html", "a%20b.html", "manifest.json", "~", "%7e", "?", "#", "%3f", "%23", ";x", "%0a", "%0d%0a",
    ]
    static let prefixes = [
        "docs://app/", "DOCS://APP/", "docs://app", "docs://evil/", "docs://app@evil/", "docs://evil@app/",
        "file:///", "http://app/", "docs:///", "docs://app:80/", "docs://app%2f..%2f/", "docs://app/..%2f",
        "docs:/", "docs:", "//app/", "docs://app/guide/", "docs://APP/%2e%2e/",
    ]

    static func hostileURLs(count: Int) -> [URL] {
        var generator = SplitMix(seed: 0x5EC7E7)
        var urls: [URL] = []
        let base = URL(string: "docs://app/guide/install.html")
        while urls.count < count {
            let prefix = prefixes[Int.random(in: 0..<prefixes.count, using: &generator)]
            var parts: [String] = []
            for _ in 0..<Int.random(in: 1...8, using: &generator) {
                parts.append(segments[Int.random(in: 0..<segments.count, using: &generator)])
            }
            if Int.random(in: 0..<50, using: &generator) == 0 {
                parts.append(contentsOf: repeatElement("..", count: Int.random(in: 100...3000, using: &generator)))
                parts.append("secret.txt")
            }
            var path = parts.joined(separator: ["/", "//", "/./", "%2f"][Int.random(in: 0..<4, using: &generator)])
            switch Int.random(in: 0..<6, using: &generator) {
            case 0: path += "?q=../../secret.txt"
            case 1: path += "#../secret.txt"
            case 2: path += "/"
            default: break
            }
            let url =
                Int.random(in: 0..<5, using: &generator) == 0
                ? URL(string: path, relativeTo: base)?.absoluteURL
                : URL(string: prefix + path)
            if let url { urls.append(url) }
        }
        return urls
    }

    @Test func noReplyEverLeaksAFileOutsideTheBundle() async throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        let manifest = try await fixture.scan(aliases: [(from: "old/", to: "guide/install.html")])
        let resolvers = [
            try SchemeResolver(bundle: fixture.bundle),
            try SchemeResolver(bundle: fixture.bundle, manifest: manifest),
        ]
        let realRoot = fixture.bundle.resolvingSymlinksInPath().path + "/"
        let passwd = (try? Data(contentsOf: URL(fileURLWithPath: "/etc/passwd"))) ?? Data()
        let urls = Self.hostileURLs(count: 10_000)
        #expect(urls.count >= 10_000)
        var served = 0
        for url in urls {
            for resolver in resolvers {
                if case .success(let resource) = resolver.resolve(url) {
                    served += 1
                    #expect(
                        resource.fileURL.resolvingSymlinksInPath().path.hasPrefix(realRoot), "\(url) → \(resource.fileURL.path)")
                    #expect(resolver.paths.contains(resource.path), "\(url) → \(resource.path)")
                }
                let (response, body, _) = try await collect(resolver.reply(for: URLRequest(url: url)))
                #expect(response != nil)
                #expect(body.range(of: Fixture.secret) == nil, "\(url) leaked the secret")
                if !passwd.isEmpty { #expect(body.range(of: passwd) == nil, "\(url) leaked /etc/passwd") }
            }
        }
        // The generator does produce legitimate URLs too; they must keep working.
        #expect(served > 100)
    }

    @Test func symlinksAreNotServedDirectly() async throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        let resolver = try SchemeResolver(bundle: fixture.bundle)
        for path in ["leak.txt", "passwd", "up/secret.txt", "up/bundle/index.html"] {
            #expect(resolver.resolve(BundleOrigin().url(forPath: path)) == .failure(.notFound(path: path)))
        }
    }
}
