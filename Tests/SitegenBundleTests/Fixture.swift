import Foundation

@testable import SitegenBundle
@testable import SitegenBundleCore

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A temporary folder holding `bundle/` and, beside it, `secret.txt`; removed by `remove()`.
struct Fixture {
    static let secret = Data("TOP-SECRET-3b9f1c do not serve".utf8)

    let root: URL
    var bundle: URL { root.appendingPathComponent("bundle") }

    init(files: [String: String] = Fixture.defaultFiles, withSecret: Bool = true) throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("sitegen-bundle-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root.appendingPathComponent("bundle"), withIntermediateDirectories: true)
        for (path, text) in files { try write(path, Data(text.utf8)) }
        if withSecret {
            try Self.secret.write(to: root.appendingPathComponent("secret.txt"))
            try FileManager.default.createSymbolicLink(
                atPath: bundle.appendingPathComponent("leak.txt").path, withDestinationPath: "../secret.txt")
            try FileManager.default.createSymbolicLink(
                atPath: bundle.appendingPathComponent("passwd").path, withDestinationPath: "/etc/passwd")
            try FileManager.default.createSymbolicLink(
                atPath: bundle.appendingPathComponent("up").path, withDestinationPath: "..")
        }
    }

    static let defaultFiles: [String: String] = [
        "index.html": "<!doctype html><title>Home</title>",
        "guide/index.html": "<h1>Guide</h1>",
        "guide/install.html": "<h1>Install</h1>",
        "guide/a b.html": "spaces",
        "Guide.html": "capital",
        "assets/site.css": "body { color: red }",
        "assets/logo.png": "\u{89}PNG fake",
        "media/clip.mp4": String(repeating: "0123456789", count: 100),
        "data/x.json": "{}",
    ]

    func write(_ path: String, _ data: Data) throws {
        let url = bundle.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try data.write(to: url)
    }

    func bytes(_ path: String) throws -> Data { try Data(contentsOf: bundle.appendingPathComponent(path)) }

    func remove() { try? FileManager.default.removeItem(at: root) }

    func scan(aliases: [(from: String, to: String)] = []) async throws -> Manifest {
        try await Manifest.scan(
            bundle: bundle, origin: BundleOrigin(), entryPath: "index.html", aliases: aliases, generator: "test")
    }

    /// Writes the scanned manifest into the bundle.
    func writeManifest(aliases: [(from: String, to: String)] = []) async throws -> Manifest {
        let manifest = try await scan(aliases: aliases)
        try manifest.encoded().write(to: bundle.appendingPathComponent(Manifest.fileName))
        return manifest
    }
}

/// Collects a reply: the response and the concatenated body.
func collect(_ stream: AsyncThrowingStream<SchemeReply, Error>) async throws -> (HTTPURLResponse?, Data, Int) {
    var response: HTTPURLResponse?
    var body = Data()
    var chunks = 0
    for try await element in stream {
        switch element {
        case .response(let r): response = r
        case .data(let d):
            body.append(d)
            chunks += 1
        }
    }
    return (response, body, chunks)
}

func request(_ string: String, range: String? = nil, method: String = "GET") -> URLRequest {
    var request = URLRequest(url: URL(string: string) ?? URL(fileURLWithPath: "/"))
    request.httpMethod = method
    if let range { request.setValue(range, forHTTPHeaderField: "Range") }
    return request
}

func header(_ response: HTTPURLResponse?, _ name: String) -> String? {
    response?.value(forHTTPHeaderField: name)
}
