import Foundation
import SitegenCore
import SitegenLinks

/// A bundle in memory, served the way the real resolver does: `dir/` gives `dir/index.html`, paths are
/// percent-decoded and normalised, and `..` above the root is refused.
struct InMemoryFetcher: ResourceFetching {
    var scheme = "docs"
    var host = "app"
    var files: [String: Data]
    /// Whether `dir` (no slash) serves `dir/index.html`, as a lenient resolver might.
    var servesFolderWithoutSlash = false
    /// Whether `allPaths` lists the files in reverse order (a fetcher need not sort them).
    var listsUnsorted = false

    /// Types by extension that replace the usual ones, as a manifest built with `mime_types` has them.
    var mimeTypes: [String: String] = [:]

    init(_ files: [String: String], servesFolderWithoutSlash: Bool = false, mimeTypes: [String: String] = [:]) {
        self.files = files.mapValues { Data($0.utf8) }
        self.servesFolderWithoutSlash = servesFolderWithoutSlash
        self.mimeTypes = mimeTypes
    }

    /// Paths `allPaths` lists that are not served, as a manifest whose files were deleted lists them.
    var listedButMissing: [String] = []

    var allPaths: [String] {
        let paths = Set(files.keys).union(listedButMissing).sorted()
        return listsUnsorted ? paths.reversed() : paths
    }

    func serves(_ path: String) -> Bool { files[path] != nil }

    /// Alias paths served with the bytes of a file, as a manifest's aliases are.
    var aliases: [String: String] = [:]

    var aliasesInOtherFolders: [(alias: String, file: String)] {
        aliases.sorted { $0.key < $1.key }.filter { SitePath(unchecked: $0.key).parent != SitePath(unchecked: $0.value).parent }
            .map { ($0.key, $0.value) }
    }

    func fetch(_ url: URL) async -> FetchResult {
        guard url.scheme == scheme, url.host == host else { return .notFound }
        let raw = url.path(percentEncoded: false)
        if raw.split(separator: "/").contains("..") { return .outsideBundle }
        guard let normal = SitePath(normalizing: raw) else { return .outsideBundle }
        var path = normal.rawValue
        if path.isEmpty || raw.hasSuffix("/") { path = path.isEmpty ? "index.html" : path + "/index.html" }
        if files[path] == nil, servesFolderWithoutSlash, files[path + "/index.html"] != nil { path += "/index.html" }
        if files[path] == nil, let target = aliases[path] { path = target }
        guard let body = files[path] else { return .notFound }
        let type = mimeTypes[SitePath(unchecked: path).pathExtension] ?? Self.mimeType(path)
        return .found(path: path, mimeType: type, body: body)
    }

    static func mimeType(_ path: String) -> String {
        switch SitePath(unchecked: path).pathExtension {
        case "html", "htm": "text/html; charset=utf-8"
        case "css": "text/css"
        case "js": "text/javascript"
        case "png": "image/png"
        case "svg": "image/svg+xml"
        default: "application/octet-stream"
        }
    }

    /// Checks from `index.html` and returns the report.
    func check(_ options: CheckOptions = CheckOptions(), entry: String = "docs://app/index.html") async -> CheckReport {
        await LinkChecker(fetcher: self, options: options).check(entries: [URL(string: entry)!])
    }
}

extension CheckReport {
    /// `rule path:line:col` lines, for compact assertions.
    var summary: [String] {
        findings.map { f in
            let place = f.diagnostic.location.map(\.description) ?? "-"
            return "\(f.diagnostic.rule.rawValue) \(place)"
        }
    }

    func messages(_ rule: RuleID) -> [String] {
        findings.filter { $0.diagnostic.rule == rule }.map(\.diagnostic.message)
    }
}
