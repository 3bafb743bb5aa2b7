import SitegenCore
import Testing

@Suite struct SitePathTests {
    @Test(arguments: [
        ("a/./b/../c.md", "a/c.md"), ("//a//b/", "a/b"), ("./", ""), ("a/b/..", "a"),
        ("guide/../tutorials/x/../y.md", "tutorials/y.md"), ("a/..", ""), ("a/b/../../c", "c"), ("./a//./b/.", "a/b"),
        ("a/..b/c", "a/..b/c"), ("a/b../.c", "a/b../.c"), ("x/.../y", "x/.../y"),
    ])
    func normalises(input: String, expected: String) {
        #expect(SitePath(normalizing: input)?.rawValue == expected)
    }

    @Test(arguments: ["..", "a/../..", "../x", "a\\b", "a\u{0}b", "a/b/../../..", "./../a", "a/./../../b"])
    func refusesEscapes(input: String) {
        #expect(SitePath(normalizing: input) == nil)
    }

    /// A link resolved in a page's folder is the folder and the link joined, normalised: the same
    /// path or refusal, whatever the link holds.
    @Test func resolvingInAFolderIsNormalisingTheJoinedPath() {
        let links = [
            "b.md", "../b.md", "../../b.md", "../../../b.md", "./b.md", "x/../../y.md", "/abs.md", "//b", "", ".", "..",
            "a\\b", "a\u{0}b", "caf\u{E9}.md", "x/./y/", "...", "a/..b",
        ]
        for folder in ["", "guide", "guide/deep", "é/ü"] {
            for link in links {
                let joined = folder.isEmpty ? link : folder + "/" + link
                #expect(
                    SitePath(resolving: link, in: folder)?.rawValue == SitePath(normalizing: joined)?.rawValue,
                    "\(link) in \(folder)")
            }
        }
        #expect(SitePath(resolving: "../c.md", in: "guide/a")?.rawValue == "guide/c.md")
        #expect(SitePath(resolving: "../../c.md", in: "guide") == nil)
    }

    /// The scan's check of a page's extension, on bytes, says what comparing `pathExtension` says.
    @Test func hasPathExtensionIsComparingTheExtension() {
        let paths = [
            "a.md", "a.MD", "a.Md", "guide/a.md", "a.mdx", "a.m", "a", "guide/a", ".md", "guide/.md", "a.b.md", "a.md.html",
            "a.", "guide.md/a", "x/\u{212A}.md", "a.\u{212A}", "caf\u{E9}.md", "a.m\u{301}d", "",
        ]
        for path in paths {
            let sitePath = SitePath(unchecked: path)
            for ext: StaticString in ["md", "html", "k", ""] {
                #expect(sitePath.hasPathExtension(ext) == (sitePath.pathExtension == ext.description), "\(path) \(ext)")
            }
        }
    }

    @Test func relativeReferences() {
        let page = SitePath(unchecked: "guide/a/b.html")
        #expect(page.relativeReference(to: SitePath(unchecked: "guide/c.html")) == "../c.html")
        #expect(page.relativeReference(to: SitePath(unchecked: "guide/a/d.html")) == "d.html")
        #expect(SitePath(unchecked: "index.html").relativeReference(to: SitePath(unchecked: "x/y.css")) == "x/y.css")
        #expect(page.relativeReference(to: SitePath(unchecked: "index.html")) == "../../index.html")
        #expect(page.relativeReference(to: SitePath(unchecked: "guide/my page.html")) == "../my%20page.html")
        #expect(SitePath(unchecked: "a.html").relativeReference(to: SitePath(unchecked: "café.html")) == "caf%C3%A9.html")
        #expect(SitePath(unchecked: "a.html").relativeReference(to: SitePath(unchecked: "x:y.html")) == "./x:y.html")
        #expect(page.relativeReference(to: SitePath(unchecked: "x:y/z.html")) == "../../x:y/z.html")
        #expect(page.relativeReference(to: SitePath(unchecked: "guide/a/x:y/z.html")) == "./x:y/z.html")
        #expect(page.relativeReference(to: SitePath(unchecked: "guide/a/sub/b:c.html")) == "sub/b:c.html")
        #expect(page.relativeReference(to: page) == "b.html")
        #expect(page.relativeReference(to: SitePath(unchecked: "guide/ab/c.html")) == "../ab/c.html")
    }

    /// Paths hash fast (`PathHash`) and stay keys as `String`s are: canonically equivalent
    /// spellings are one key, whatever holds them.
    @Test func equivalentSpellingsAreOneKey() {
        let nfc = SitePath(unchecked: "guide/caf\u{E9}.md"), nfd = SitePath(unchecked: "guide/cafe\u{301}.md")
        let kelvin = SitePath(unchecked: "units/\u{212A}.md"), k = SitePath(unchecked: "units/K.md")
        var table: [SitePath: Int] = [nfc: 1, kelvin: 2]
        #expect(table[nfd] == 1 && table[k] == 2)
        table[k] = 3
        #expect(table.count == 2 && table[kelvin] == 3)
        #expect(Set([nfc, nfd, kelvin, k, SitePath(unchecked: "units/k.md")]).count == 3)
        #expect(nfc.hashValue == nfd.hashValue && kelvin.hashValue == k.hashValue)
        #expect(nfc == nfd && kelvin == k && SitePath(unchecked: "a/b") == SitePath(unchecked: "a/b"))
        #expect(nfc != SitePath(unchecked: "guide/cafe.md") && SitePath(unchecked: "a/b") != SitePath(unchecked: "a/c"))
        #expect(kelvin != SitePath(unchecked: "units/k.md") && nfd != SitePath(unchecked: "guide/caf\u{E8}.md"))
    }

    @Test func folderDepthCountsFolders() {
        #expect(SitePath(unchecked: "index.html").folderDepth == 0)
        #expect(SitePath(unchecked: "guide/a/b.html").folderDepth == 2)
        #expect(SitePath(unchecked: "é/ü.html").folderDepth == 1)
    }

    @Test func extensions() {
        let p = SitePath(unchecked: "guide/Read.Me.MD")
        #expect(p.pathExtension == "md")
        #expect(p.replacingExtension(with: "html").rawValue == "guide/Read.Me.html")
        #expect(SitePath(unchecked: ".hidden").pathExtension == "")
        #expect(SitePath(unchecked: "a/.hidden").pathExtension == "")
        #expect(SitePath(unchecked: "v1.2/readme").pathExtension == "")
        #expect(SitePath(unchecked: "a/b.Ünï").pathExtension == "ünï")
        #expect(SitePath(unchecked: "x.").pathExtension == "")
        #expect(SitePath(unchecked: "").pathExtension == "")
    }

    /// Found from the end on the bytes, the extension is what the last `.` and `/` of the whole
    /// string said before.
    @Test func extensionsAreWhatTheLastDotAndSlashSay() {
        func reference(_ raw: String) -> String {
            let utf8 = raw.utf8
            guard let dot = utf8.lastIndex(of: UInt8(ascii: ".")) else { return "" }
            let slash = utf8.lastIndex(of: UInt8(ascii: "/"))
            if let slash, dot <= utf8.index(after: slash) { return "" }
            if slash == nil, dot == utf8.startIndex { return "" }
            return raw[utf8.index(after: dot)...].lowercased()
        }
        let paths = [
            "", ".", "..", "a.", "a/.", "a/..", "a/b.c.d", ".b.c", "a/.b.c", "x/y/", "é.MD", "a.b/c", "a/b/c.", "/a.b",
            "a//b.c", "a./b", "ü/é.Ö", "a/b/.c", "a.b.", "a/b", "index.html", "x/.", ".a/b.c",
        ]
        for path in paths { #expect(SitePath(unchecked: path).pathExtension == reference(path), "\(path)") }
    }

    @Test func components() {
        #expect(SitePath(unchecked: "guide/a/install.md").lastComponent == "install.md")
        #expect(SitePath(unchecked: "install.md").lastComponent == "install.md")
        #expect(SitePath(unchecked: "guide/a/install.md").parent.rawValue == "guide/a")
        #expect(SitePath(unchecked: "install.md").parent.rawValue == "")
        #expect(SitePath(unchecked: "guide/index.md").hasLastComponent("index.md"))
        #expect(SitePath(unchecked: "index.md").hasLastComponent("index.md"))
        #expect(!SitePath(unchecked: "guide/my-index.md").hasLastComponent("index.md"))
        #expect(!SitePath(unchecked: "index.md/x").hasLastComponent("index.md"))
    }

    /// Offsets are counted in UTF-8 bytes: names with multi-byte characters split where a `/` is.
    @Test func componentsOfNonASCIIPaths() {
        let path = SitePath(unchecked: "guía/für/ñandú.md")
        #expect(path.lastComponent == "ñandú.md")
        #expect(path.parent.rawValue == "guía/für")
        #expect(path.parent.parent.rawValue == "guía")
        #expect(path.hasLastComponent("ñandú.md"))
        #expect(!path.hasLastComponent("andú.md"))
        #expect(SitePath(unchecked: "日本/索引.md").lastComponent == "索引.md")
        #expect(SitePath(unchecked: "日本/索引.md").parent.rawValue == "日本")
        #expect(SitePath(normalizing: "guía//./für/../ñandú.md")?.rawValue == "guía/ñandú.md")
        #expect(SitePath(normalizing: "guía/ñandú.md")?.rawValue == "guía/ñandú.md")
        #expect(path.isDirectlyInside(SitePath(unchecked: "guía/für")))
        #expect(!path.isDirectlyInside(SitePath(unchecked: "guía")))
        #expect(!path.isDirectlyInside(SitePath(unchecked: "guía/fü")))
        #expect(!path.isDirectlyInside(SitePath(unchecked: "")))
        #expect(SitePath(unchecked: "index.md").isDirectlyInside(SitePath(unchecked: "")))
        #expect(!SitePath(unchecked: "index.md").isDirectlyInside(SitePath(unchecked: "index.md")))
        #expect(SitePath(normalizing: "a\\b.md") == nil)
        #expect(SitePath(normalizing: "a\u{0}b.md") == nil)
    }
}

@Suite struct DiagnosticTests {
    @Test func printsGCCStyle() {
        let d = Diagnostic(.error, .brokenLink, "no page 'x.md'", at: SourceLocation(path: "Site/a.md", line: 3, column: 7))
        #expect(d.description == "Site/a.md:3:7: error: no page 'x.md' [broken-link]")
    }

    @Test func controlCharactersAreWrittenAsEscapesOnOneLine() {
        let d = Diagnostic(.error, .brokenLink, "'a\u{0}b\nc\u{7F}' é", at: nil)
        #expect(d.description == "error: 'a\\u{0}b\\u{a}c\\u{7f}' é [broken-link]")
        // Line and paragraph separators are line ends to editors and problem matchers.
        let separators = Diagnostic(.warning, .brokenLink, "a\u{2028}b\u{2029}c", at: SourceLocation(path: "x\u{2028}.html"))
        #expect(separators.description == "x\\u{2028}.html: warning: a\\u{2028}b\\u{2029}c [broken-link]")
    }

    @Test func inputErrorsStayOnOneLine() {
        let error = InputError(
            "nav entry 'Features\n- a.md' names no page", at: SourceLocation(path: "Site/sitegen.yml", line: 15, column: 5))
        #expect(error.description == "Site/sitegen.yml:15:5: error: nav entry 'Features\\u{a}- a.md' names no page")
    }

    @Test func sortsByPlace() {
        let a = Diagnostic(.error, .brokenLink, "m", at: SourceLocation(path: "a.md", line: 10, column: 1))
        let b = Diagnostic(.warning, .orphan, "m", at: SourceLocation(path: "a.md", line: 2, column: 1))
        #expect([a, b].sorted() == [b, a])
    }
}
