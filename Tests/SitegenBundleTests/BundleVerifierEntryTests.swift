import Foundation
import Testing

@testable import SitegenBundle
@testable import SitegenBundleCore

#if canImport(Glibc)
    import Glibc
#endif

/// `BundleVerifier` on entries that are not plain files with plain names: every one the manifest
/// does not list is extra, compared by bytes; a listed file replaced by something else says what.
@Suite struct BundleVerifierEntryTests {
    /// Creates a file or (with a trailing `/`) a folder at a path given as bytes, which need not be UTF-8.
    private func create(_ fixture: Fixture, _ relative: [UInt8]) {
        let isFolder = relative.last == UInt8(ascii: "/")
        var path = Array(fixture.bundle.path.utf8) + [UInt8(ascii: "/")] + relative.dropLast(isFolder ? 1 : 0)
        path.append(0)
        path.withUnsafeBufferPointer { bytes in
            bytes.withMemoryRebound(to: CChar.self) { path in
                if isFolder {
                    #expect(mkdir(path.baseAddress!, 0o755) == 0)
                } else {
                    let descriptor = open(path.baseAddress!, O_CREAT | O_WRONLY, 0o644)
                    #expect(descriptor >= 0)
                    close(descriptor)
                }
            }
        }
    }

    private func makeSocket(at path: String) {
        let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(descriptor) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            path.utf8CString.withUnsafeBytes { raw.copyMemory(from: UnsafeRawBufferPointer(rebasing: $0.prefix(raw.count))) }
        }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        #expect(bound == 0)
    }

    /// A name's own backslash is doubled, so that `\xFF` always stands for a byte that is not UTF-8.
    @Test func namesAreShownWithTheirBackslashesDoubled() {
        #expect(NameBytes.escaped(Array("x\\y.html".utf8)) == "x\\\\y.html")
        #expect(NameBytes.escaped(Array("bad\\xFF.html".utf8)) == "bad\\\\xFF.html")
        #expect(NameBytes.escaped(Array("bad".utf8) + [0xFF] + Array(".html".utf8)) == "bad\\xFF.html")
    }

    @Test func everyUnlistedEntryIsExtraWhateverItsNameOrKind() async throws {
        let fixture = try Fixture(withSecret: false)
        defer { fixture.remove() }
        _ = try await fixture.writeManifest()
        for path in ["a\\b.txt", "x\\y/", "x\\y/in.txt", "x\\y/deeper/", "x\\y/deeper/more.txt"] {
            create(fixture, Array(path.utf8))
        }
        create(fixture, [0xFF] + Array(".html".utf8))
        create(fixture, Array("d".utf8) + [0xFE, UInt8(ascii: "/")])
        create(fixture, Array("d".utf8) + [0xFE] + Array("/in.html".utf8))
        // `café` in NFC and in NFD: two names on disk.
        create(fixture, Array("caf\u{E9}.txt".utf8))
        create(fixture, Array("cafe\u{301}.txt".utf8))
        #expect(mkfifo(fixture.bundle.appendingPathComponent("pipe").path, 0o644) == 0)
        makeSocket(at: fixture.bundle.appendingPathComponent("sock").path)
        try FileManager.default.createSymbolicLink(
            atPath: fixture.bundle.appendingPathComponent("link\\to").path, withDestinationPath: "index.html")
        let report = try BundleVerifier.verify(bundle: fixture.bundle)
        #expect(
            report.extra == [
                "a\\\\b.txt", "cafe\u{301}.txt", "caf\u{E9}.txt", "d\\xFE/in.html", "link\\\\to", "pipe", "sock",
                "x\\\\y/deeper/more.txt", "x\\\\y/in.txt", "\\xFF.html",
            ], "\(report.extra)")
        #expect(report.extra.count == 10, "NFC and NFD are two names")
        #expect(report.missing.isEmpty && report.changed.isEmpty && report.notFiles.isEmpty && report.unserved.isEmpty)
    }

    /// The manifest lists `café.html` in NFC and only an NFD `café.html` is on disk: the one is
    /// missing, the other extra, as a resolver, which looks names up by bytes, would not serve it.
    @Test func namesAreComparedByBytes() async throws {
        let fixture = try Fixture(files: ["index.html": "home", "caf\u{E9}.html": "café"], withSecret: false)
        defer { fixture.remove() }
        _ = try await fixture.writeManifest()
        let nfc = fixture.bundle.appendingPathComponent("caf\u{E9}.html").path
        let nfd = fixture.bundle.appendingPathComponent("cafe\u{301}.html").path
        #expect(rename(nfc, nfd) == 0)
        let report = try BundleVerifier.verify(bundle: fixture.bundle)
        #expect(report.missing.map { Array($0.utf8) } == [Array("caf\u{E9}.html".utf8)])
        #expect(report.extra.map { Array($0.utf8) } == [Array("cafe\u{301}.html".utf8)])
    }

    /// A listed file replaced by a folder or a named pipe is said to be one, not missing; the
    /// files in the folder are extra.
    @Test func aListedFileReplacedByAFolderOrAPipeSaysWhatIsThere() async throws {
        let fixture = try Fixture(withSecret: false)
        defer { fixture.remove() }
        _ = try await fixture.writeManifest()
        let manager = FileManager.default
        try manager.removeItem(at: fixture.bundle.appendingPathComponent("index.html"))
        try fixture.write("index.html/inner.html", Data("x".utf8))
        let css = fixture.bundle.appendingPathComponent("assets/site.css").path
        try manager.removeItem(atPath: css)
        #expect(mkfifo(css, 0o644) == 0)
        let report = try BundleVerifier.verify(bundle: fixture.bundle)
        #expect(
            report.notFiles == [
                .init(path: "assets/site.css", kind: .namedPipe), .init(path: "index.html", kind: .folder),
            ])
        #expect(report.extra == ["index.html/inner.html"])
        #expect(report.missing.isEmpty && report.changed.isEmpty)
        #expect(!report.isClean)
    }

    /// A file listed under thousands of URLs is read once: 4 MB listed 5,000 times would be 20 GB
    /// to hash. A change is reported once.
    @Test(.timeLimit(.minutes(1))) func aFileListedUnderManyURLsIsHashedOnce() throws {
        let fixture = try Fixture(files: [:], withSecret: false)
        defer { fixture.remove() }
        try fixture.write("big.bin", Data(repeating: 7, count: 4 << 20))
        let digest = try BundleTree.digest(atPath: fixture.bundle.appendingPathComponent("big.bin").path)
        func manifest(sha256: String) -> Manifest {
            let resources = (0..<5000).map { index in
                Manifest.Resource(
                    url: "docs://app/u\(100_000 + index).bin", file: "big.bin", mimeType: "application/octet-stream",
                    textEncoding: nil, size: digest.size, sha256: sha256)
            }
            return Manifest(
                generator: "test", origin: "docs://app", entry: "docs://app/u100000.bin", resources: resources, aliases: [])
        }
        let path = fixture.bundle.appendingPathComponent(Manifest.fileName)
        try manifest(sha256: digest.sha256).encoded().write(to: path)
        #expect(try BundleVerifier.verify(bundle: fixture.bundle).isClean)
        try manifest(sha256: String(repeating: "0", count: 64)).encoded().write(to: path)
        let report = try BundleVerifier.verify(bundle: fixture.bundle)
        #expect(report.changed == ["big.bin"])
        #expect(report.extra.isEmpty && report.missing.isEmpty)
    }
}
