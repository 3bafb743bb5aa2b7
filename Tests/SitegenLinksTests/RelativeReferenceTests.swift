import Foundation
import Testing

@testable import SitegenLinks

/// The byte-level fast path must agree with Foundation's resolution on every reference it takes.
@Suite struct RelativeReferenceTests {
    static let hrefs = [
        "a.html", "./a.html", "../a.html", "../../a.html", "../../../a.html", "../x/../y/./z.html", "sub/", "sub/.",
        "sub/..", "./", ".", "..", "/", "/a/b.html", "/a/../../b.html", "a%20b.html", "caf%C3%A9.html", "a.html?x=1#frag",
        "?v=2", "sub/index.html#sec-1", "a b.html", "%zz.html", "a//b.html", "%2e%2e/x.html", "1a:b.html", "x:y",
        "//other/x.html", "C++.html", "~user/(1).html", "a.html#", "../s0/t0", "x/y/z/../../w.html", "a\\b.html",
        "é.html", "docs://app/abs.html", "DOCS://APP/abs.html",
    ]

    @Test(arguments: ["guide/topic/page.html", "index.html", "a b/c.html"])
    func fastPathAgreesWithFoundation(page path: String) throws {
        let resolver = LinkResolver(scheme: "docs", host: "app", ignorePatterns: [])
        let (pagePath, pageURL) = try #require(resolver.url(forPath: path))
        for href in Self.hrefs {
            let fast = resolver.resolve(href, page: pageURL, pagePath: pagePath, base: nil)
            let slow = resolver.resolve(href, page: pageURL, pagePath: pagePath, base: pageURL)
            #expect(fast == slow, "\(href) from \(path)")
        }
    }

    @Test func resolvesAndFlagsClimbing() throws {
        let page = Array("/guide/a.html".utf8)
        func resolve(_ href: String) -> (String, Bool)? {
            RelativeReference.resolve(href.utf8, pagePath: page).map {
                (String(decoding: $0.path, as: UTF8.self), $0.climbsAboveRoot)
            }
        }
        #expect(resolve("../x/./y.html?q#f")! == ("/x/y.html", false))
        #expect(resolve("../../x.html")! == ("/x.html", true))
        #expect(resolve("/../x.html")! == ("/x.html", false))
        #expect(resolve("sub/..")! == ("/guide/", false))
        #expect(resolve("")! == ("/guide/a.html", false))
        #expect(resolve("a b.html") == nil)
        #expect(resolve("%2E%2E/x") == nil)
        #expect(resolve("a%2") == nil)
    }

    @Test func ignorePatternsMatchTheBundlePath() throws {
        let resolver = LinkResolver(scheme: "docs", host: "app", ignorePatterns: ["api/*"])
        let (pagePath, pageURL) = try #require(resolver.url(forPath: "guide/a.html"))
        #expect(resolver.resolve("../api/x.html", page: pageURL, pagePath: pagePath, base: nil) == .ignored)
        #expect(resolver.resolve("../api/x.html", page: pageURL, pagePath: pagePath, base: pageURL) == .ignored)
        #expect(resolver.resolve("../apix.html", page: pageURL, pagePath: pagePath, base: nil) != .ignored)
    }
}
