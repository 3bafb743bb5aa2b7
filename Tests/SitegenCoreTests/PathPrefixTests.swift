import Testing

@testable import SitegenCore

/// Path prefixes by bytes: a name that starts with a combining mark makes one character with the
/// `/` before it, which `String.hasPrefix` then does not see.
@Suite struct PathPrefixTests {
    @Test func aLeadingSlashIsDroppedBeforeACombiningMark() {
        #expect("/\u{301}x.html".droppingLeadingSlash == "\u{301}x.html")
        #expect("/a.html".droppingLeadingSlash == "a.html")
        #expect("a.html".droppingLeadingSlash == "a.html")
        #expect("//a".droppingLeadingSlash == "/a")
    }

    @Test func whatFollowsAPrefixIsFoundByBytes() {
        #expect("dist/\u{301}s.css".afterPrefix(bytesOf: "dist/") == "\u{301}s.css")
        #expect("dist/\u{301}s.css".hasPrefix("dist/") == false)
        #expect("dist".afterPrefix(bytesOf: "dist/") == nil)
        #expect("Site/a.md".afterPrefix(bytesOf: "") == "Site/a.md")
    }
}
