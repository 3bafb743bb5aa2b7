import Foundation
import SitegenBundle
import SitegenCore
import Testing

@testable import SitegenMirror

/// Which file each URL becomes: by its served type, and one file per resource however its URL is
/// spelled.
@Suite struct NamingTests {
    @Test(arguments: [
        ("http://h/app", "application/javascript", "app.js"),
        ("http://h/app.js", "application/javascript", "app.js"),
        ("http://h/app.mjs", "text/javascript", "app.mjs"),
        ("http://h/logo", "image/png", "logo.png"),
        ("http://h/icon", "image/svg+xml", "icon.svg"),
        ("http://h/font", "font/woff2", "font.woff2"),
        ("http://h/font", "application/font-woff", "font.woff"),
        ("http://h/data", "application/json", "data.json"),
        ("http://h/photo", "image/jpeg", "photo.jpeg"),
        ("http://h/photo.jpg", "image/jpeg", "photo.jpg"),
        ("http://h/chart.php", "image/png", "chart.php.png"),
        ("http://h/page.php", "text/html", "page.php.html"),
        ("http://h/page.htm", "text/html", "page.htm"),
        ("http://h/LICENSE", "text/plain", "LICENSE.txt"),
        ("http://h/app.js", "text/plain", "app.js"),
        ("http://h/blob", "application/octet-stream", "blob"),
        ("http://h/blob", "application/x-unknown", "blob"),
        ("http://h/api/", "application/json", "api/index.json"),
        ("http://h/script?v=3", "application/javascript", "script.v=3.js"),
        // Names the manifest would refuse as absolute paths.
        ("http://h/~user/", "text/html", "_~user/index.html"), ("http://h/c:x", "text/html", "_c:x.html"),
    ])
    func extensionOfTheServedType(url: String, mime: String, expected: String) throws {
        let path = LocalPath.path(for: try #require(URL(string: url)), mimeType: mime)
        #expect(path == expected)
        if !["text/plain", "application/octet-stream", "application/x-unknown"].contains(mime) {
            #expect(MIMEType.forPath(path) == ContentType.canonical(mime))
        }
    }

    /// A URL whose last segment is longer than a file name may be (255 bytes) becomes a file whose
    /// name keeps its start and extension, with a hash of the whole between: the mirror goes on.
    @Test func aNameTooLongForAFileIsCutWithAHash() async throws {
        let long = String(repeating: "b", count: 252)
        let accented = String(repeating: "é", count: 150)
        let server = try LoopbackServer(routes: [
            "/": ("text/html", Array(#"<a href="/\#(long)">b</a><a href="/d/\#(accented).html">é</a>"#.utf8)),
            "/\(long)": ("text/html", Array("<p>long</p>".utf8)),
            "/d/\(accented.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!).html": (
                "text/html", Array("<p>accented</p>".utf8)
            ),
        ])
        defer { server.stop() }
        let result = try await Mirror(source: HTTPSource(root: server.url, timeout: 5)).run()
        let cut = String(repeating: "b", count: 200) + ".\(LocalPath.hash(long + ".html")).html"
        let cutAccented = "d/" + String(repeating: "é", count: 100) + ".\(LocalPath.hash(accented + ".html")).html"
        #expect(Set(result.files.keys) == ["index.html", cut, cutAccented])
        #expect(result.files.keys.allSatisfy { $0.split(separator: "/").allSatisfy { $0.utf8.count <= 255 } })
        let bundle = try await MirrorChecks.write(result)
        defer { try? FileManager.default.removeItem(at: bundle) }
        try await MirrorRepairTests.expectClosed(bundle)
    }

    /// A name just under the limit that must still be told apart from another (`/a…a.html` and
    /// `/a…a`, both pages) has room left for the hash that does it; a first character longer than
    /// the cut leaves no hidden `.hash` name.
    @Test func aNameNearTheLimitKeepsRoomForTheHashThatTellsTwinsApart() async throws {
        let near = String(repeating: "a", count: 245)
        let combining = "e" + String(repeating: "\u{301}", count: 150)
        let server = try LoopbackServer(routes: [
            "/": (
                "text/html",
                Array(#"<a href="/\#(near).html">1</a><a href="/\#(near)">2</a><a href="/\#(combining).html">3</a>"#.utf8)
            ),
            "/\(near).html": ("text/html", Array("<p>one</p>".utf8)),
            "/\(near)": ("text/html", Array("<p>two</p>".utf8)),
            "/\(combining.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!).html": (
                "text/html", Array("<p>three</p>".utf8)
            ),
        ])
        defer { server.stop() }
        let result = try await Mirror(source: HTTPSource(root: server.url, timeout: 5)).run()
        #expect(result.files.count == 4, "\(result.files.keys.sorted())")
        #expect(result.files.keys.allSatisfy { $0.utf8.count <= 255 && !$0.hasPrefix(".") }, "\(result.files.keys.sorted())")
        let bundle = try await MirrorChecks.write(result)
        defer { try? FileManager.default.removeItem(at: bundle) }
        try await MirrorRepairTests.expectClosed(bundle)
    }

    @Test func extensionlessResourcesOverHTTPAreServedWithTheirType() async throws {
        let server = try LoopbackServer(routes: [
            "/": ("text/html", Array(#"<script src="/app"></script><img src="/logo"><link rel=icon href="/app.js">"#.utf8)),
            "/app": ("application/javascript", Array("console.log(1)".utf8)),
            "/app.js": ("application/javascript", Array("console.log(2)".utf8)),
            "/logo": ("image/png", [0x89, 0x50, 0x4E, 0x47]),
        ])
        defer { server.stop() }
        let result = try await Mirror(source: HTTPSource(root: server.url, timeout: 5)).run()
        // `/app` comes first in URL order and keeps the plain name; `/app.js` takes its hash.
        let appJS = "app.\(LocalPath.hash("/app.js")).js"
        #expect(Set(result.files.keys) == ["index.html", "app.js", appJS, "logo.png"])
        #expect(
            String(decoding: try #require(result.files["index.html"]), as: UTF8.self)
                == #"<script src="app.js"></script><img src="logo.png"><link rel=icon href="\#(appJS)">"#)
        let bundle = try await MirrorChecks.write(result)
        defer { try? FileManager.default.removeItem(at: bundle) }
        let manifest = try Manifest.decode(Data(contentsOf: bundle.appendingPathComponent(Manifest.fileName)))
        let types = Dictionary(uniqueKeysWithValues: manifest.resources.map { ($0.file, $0.mimeType) })
        #expect(types["app.js"] == "text/javascript")
        #expect(types["logo.png"] == "image/png")
        let aliases = Dictionary(uniqueKeysWithValues: manifest.aliases.map { ($0.url, $0.target) })
        #expect(aliases["docs://app/app"] == "docs://app/app.js")
        #expect(aliases["docs://app/logo"] == "docs://app/logo.png")
    }

    @Test(arguments: [
        ("HTTP://LocalHost:80/a/%7euser/%2e%2E/b%c3%a9?q=%7A%2f#Frag%7e", "http://localhost/a/b%C3%A9?q=z%2F#Frag%7e"),
        ("http://127.0.0.1:8000/%61/", "http://127.0.0.1:8000/a/"),
        ("http://127.0.0.1:8000", "http://127.0.0.1:8000/"),
        ("http://[::1]:8080/./a/../b/.", "http://[::1]:8080/b/"),
        ("http://h/a/b/..", "http://h/a/"),
        ("http://h/../../x", "http://h/x"),
        ("http://h//a//", "http://h//a//"),
        ("http://h:/%zz%4", "http://h/%zz%4"),
        ("https://h:443/", "https://h/"),
    ])
    func normalisation(url: String, expected: String) {
        #expect(URLNormalization.normalized(url) == expected)
    }

    @Test func spellingsOfOneURLAreOneResource() async throws {
        let folder = try MirrorFindingsTests.site([
            "index.html":
                #"<a href="/a/">1</a><a href="/%61/">2</a><a href="/caf%c3%a9.html">3</a><a href="/caf%C3%A9.html">4</a>"#
                + #"<a href="/x/../caf%C3%A9.html#top">5</a><a href="HTTP://LOCALHOST:80/a/">6</a>"#,
            "a/index.html": "a", "café.html": "c",
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try await Mirror(source: FolderSource(folder: folder)).run()
        #expect(Set(result.files.keys) == ["index.html", "a/index.html", "café.html"])
        #expect(result.pages == 3)
        #expect(
            String(decoding: try #require(result.files["index.html"]), as: UTF8.self)
                == #"<a href="a/index.html">1</a><a href="a/index.html">2</a><a href="caf%C3%A9.html">3</a>"#
                + #"<a href="caf%C3%A9.html">4</a><a href="caf%C3%A9.html#top">5</a><a href="a/index.html">6</a>"#)
        let bundle = try await MirrorChecks.write(result)
        defer { try? FileManager.default.removeItem(at: bundle) }
        #expect(try await MirrorChecks.schemeFindings(bundle).isEmpty)
    }

    @Test func aFolderAndItsIndexWithTheSameBytesAreOneFile() async throws {
        let folder = try MirrorFindingsTests.site([
            "index.html": #"<a href="index.html">home</a> <a href="guide/">g</a> <a href="guide/index.html">g</a>"#,
            "guide/index.html": #"<a href="../">up</a>"#,
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try await Mirror(source: FolderSource(folder: folder)).run()
        #expect(Set(result.files.keys) == ["index.html", "guide/index.html"])
        #expect(result.pages == 2)
        #expect(result.resources == 2)
        #expect(result.aliases.isEmpty, "\(result.aliases)")
        #expect(
            String(decoding: try #require(result.files["index.html"]), as: UTF8.self)
                == #"<a href="index.html">home</a> <a href="guide/index.html">g</a> <a href="guide/index.html">g</a>"#)
    }

    @Test func aFolderAndAnIndexWithOtherBytesStayTwoFiles() async throws {
        let server = try LoopbackServer(routes: [
            "/": ("text/html", Array(#"<a href="/index.html">x</a>"#.utf8)), "/index.html": ("text/html", Array("other".utf8)),
        ])
        defer { server.stop() }
        let result = try await Mirror(source: HTTPSource(root: server.url, timeout: 5)).run()
        #expect(Set(result.files.keys) == ["index.html", "index.\(LocalPath.hash("/index.html")).html"])
    }
}

extension NamingTests {
    /// `/download` (a file of no type the table knows) beside `/download/linux`: the file cannot be
    /// named `download`, the folder's name, and takes the hash, as any other clash does.
    @Test func aFileNamedAsAnotherFilesFolderTakesTheHash() async throws {
        let server = try LoopbackServer(routes: [
            "/": ("text/html", Array(#"<a href="/download">d</a> <a href="/download/linux">l</a>"#.utf8)),
            "/download": ("application/octet-stream", Array("BINARY".utf8)),
            "/download/linux": ("text/html", Array(#"<a href="/download">back</a>"#.utf8)),
        ])
        defer { server.stop() }
        let result = try await Mirror(source: HTTPSource(root: server.url, timeout: 5)).run()
        let download = "download.\(LocalPath.hash("/download"))"
        #expect(Set(result.files.keys) == ["index.html", download, "download/linux.html"])
        #expect(
            String(decoding: try #require(result.files["index.html"]), as: UTF8.self)
                == #"<a href="\#(download)">d</a> <a href="download/linux.html">l</a>"#)
        #expect(
            String(decoding: try #require(result.files["download/linux.html"]), as: UTF8.self)
                == #"<a href="../\#(download)">back</a>"#)
        let bundle = try await MirrorChecks.write(result)
        defer { try? FileManager.default.removeItem(at: bundle) }
        #expect(try await MirrorChecks.schemeFindings(bundle).isEmpty)
        #expect(try MirrorChecks.brokenFileLinks(bundle) == [])
    }

    @Test func theFoldersOfAPath() {
        #expect(LocalPath.folders(of: "a/b/c.html") == ["a/b", "a"])
        #expect(LocalPath.folders(of: "c.html") == [])
    }

    /// A file the writer cannot write is one line naming it, not the error Foundation describes.
    @Test func aWriteFailureNamesTheFolderInOneLine() async throws {
        var result = MirrorResult()
        result.files = ["a": Data("x".utf8), "a/b.html": Data("<p>".utf8), "index.html": Data("<p>".utf8)]
        let destination = MirrorChecks.temporaryFolder()
        await #expect(throws: InputError("cannot make the folder: file exists", path: "out/a/")) {
            _ = try await MirrorOutput.write(
                result, to: destination, displayPath: "out/", origin: BundleOrigin(), generator: "sitegen test")
        }
        #expect(!FileManager.default.fileExists(atPath: destination.path))
    }
}
