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
        "é.html", "docs://app/abs.html", "DOCS://APP/abs.html", "./../a.html", "a/./b/../c/", "../..", "../../", "x/..",
        "x/../..", ".//a", "a/.", "a/..", "...", ".../a", "a..b/c", "/.", "/..", "/./a/", "..a/b", "a./b",
    ]

    /// References built at random from path pieces, resolved both ways from pages at several depths.
    @Test func fastPathAgreesWithFoundationOnRandomReferences() throws {
        let resolver = LinkResolver(scheme: "docs", host: "app", ignorePatterns: [])
        let pieces = ["a", "b.html", ".", "..", "/", "%20", "x y", "?q", "#f", "...", "%2e", "c-d"]
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        for path in ["index.html", "guide/page.html", "a/b/c/d.html"] {
            let (pagePath, pageURL) = try #require(resolver.url(forPath: path))
            for _ in 0..<1500 {
                let href = (0..<(1 + next(6))).map { _ in pieces[next(pieces.count)] }.joined()
                // A bare fragment is the same page without a base; with one it is a fetch, as in browsers.
                if href.hasPrefix("#") { continue }
                let fast = resolver.resolve(href, page: pageURL, pagePath: pagePath, base: nil)
                let slow = resolver.resolve(href, page: pageURL, pagePath: pagePath, base: pageURL)
                #expect(fast == slow, "\(href) from \(path)")
            }
        }
    }

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
