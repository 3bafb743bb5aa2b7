import Foundation
import SitegenBundle
import SitegenLinks
import SitegenMirror
import Testing

/// Shared checks of a written mirror: under the scheme, and file by file from `file://`.
enum MirrorChecks {
    static let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/Mirror")

    static func temporaryFolder() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("sitegen-mirror-\(UUID().uuidString)")
    }

    /// Writes `result` into a fresh folder (through the staged writer) and returns it.
    static func write(_ result: MirrorResult) async throws -> URL {
        let destination = temporaryFolder()
        let (output, _) = try await MirrorOutput.write(
            result, to: destination, displayPath: "out/", origin: BundleOrigin(), generator: "sitegen test")
        try output.commit()
        return destination
    }

    /// The findings of the crawl `sitegen check` runs, through `SchemeResolver` and the manifest.
    static func schemeFindings(_ bundle: URL) async throws -> [LinkFinding] {
        let resolver = try SchemeResolver(bundle: bundle, origin: BundleOrigin())
        var options = CheckOptions()
        options.displayRoot = "out/"
        return await LinkChecker(fetcher: ResolverFetcher(resolver: resolver), options: options)
            .check(entries: [resolver.entryURL]).findings
    }

    /// Every relative link of every HTML and CSS file, resolved as a file path, that names no file.
    static func brokenFileLinks(_ bundle: URL) throws -> [String] {
        var broken: [String] = []
        let enumerator = FileManager.default.enumerator(at: bundle, includingPropertiesForKeys: nil)
        while let file = enumerator?.nextObject() as? URL {
            let ext = file.pathExtension
            guard ext == "html" || ext == "css" else { continue }
            let data = try Data(contentsOf: file)
            let links = ext == "html" ? HTMLExtractor.extract(data).links : CSSExtractor.extract(data)
            for link in links {
                let url = link.url
                if url.isEmpty || url.hasPrefix("#") || url.contains("://") || url.hasPrefix("mailto:") { continue }
                if url.hasPrefix("/") {
                    broken.append("\(file.lastPathComponent): absolute path \(url) breaks under file://")
                    continue
                }
                let path = String(url.prefix { $0 != "#" && $0 != "?" })
                let decoded = path.removingPercentEncoding ?? path
                let target = file.deletingLastPathComponent().appendingPathComponent(decoded).standardizedFileURL
                var isDirectory: ObjCBool = false
                if !FileManager.default.fileExists(atPath: target.path, isDirectory: &isDirectory) || isDirectory.boolValue {
                    broken.append("\(file.path.dropFirst(bundle.path.count)): \(url)")
                }
            }
        }
        return broken
    }

    /// Every file below `folder`, relative.
    static func files(_ folder: URL) -> Set<String> {
        var result = Set<String>()
        let enumerator = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.isRegularFileKey])
        while let file = enumerator?.nextObject() as? URL {
            guard (try? file.resourceValues(forKeys: [.isRegularFileKey]))?.isRegularFile == true else { continue }
            result.insert(String(file.standardizedFileURL.path.dropFirst(folder.standardizedFileURL.path.count + 1)))
        }
        return result
    }
}
