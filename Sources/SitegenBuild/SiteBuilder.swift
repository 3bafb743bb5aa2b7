import Foundation
import SitegenBundle
import SitegenCore
import SitegenMarkdown
import SitegenTemplates

/// A file written into the bundle: path, size and SHA-256, for the manifest.
typealias WrittenFile = (path: String, size: Int, sha256: String)

/// Turns a site folder and a theme into a staged bundle with its manifest: load, render, check the
/// Markdown links, write. The caller crawls the staged bundle and commits or discards it.
public struct SiteBuilder: Sendable {
    public var options: BuildOptions

    public init(options: BuildOptions) { self.options = options }

    /// Runs every stage up to a staged bundle. An input error stops the build with nothing written.
    public func build() async throws(InputError) -> BuildOutcome {
        let site = options.siteDirectory
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: site.path, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw InputError("site folder not found", path: options.siteDisplay)
        }
        let (config, configWarnings) = try loadConfig()
        let theme = try Theme.load(options.templatesDirectory, displayRoot: options.templatesDisplay)
        var ignore = config.ignore.map(GlobPattern.init)
        if let inside = relativePath(of: options.outputDirectory, in: site) { ignore.append(GlobPattern("/" + inside)) }
        let files = try SiteScanner.scan(site, displayRoot: options.siteDisplay, ignore: ignore)

        let loader = PageLoader(
            options: MarkdownOptions(rawHTML: config.rawHTML, smartPunctuation: config.smartPunctuation),
            displayRoot: options.siteDisplay)
        let loaded = try await loadPages(files.filter { $0.kind == .markdown }, with: loader)
        var diagnostics = configWarnings + loaded.flatMap(\.warnings)
        let pages = loaded.map(\.page).filter { !$0.meta.draft }
        let drafts = Set(loaded.map(\.page).filter(\.meta.draft).map(\.source))
        let assets = files.filter { $0.kind == .asset }.map { (path: $0.path, fileURL: $0.fileURL) } + theme.assets
        let model = try SiteModel(config: config, pages: pages, assets: assets, drafts: drafts, displayRoot: options.siteDisplay)
        for page in pages {
            let name = page.meta.template ?? Theme.defaultTemplate
            guard theme.pageTemplates.contains(name) else {
                let known = theme.pageTemplates.sorted().joined(separator: ", ")
                throw InputError("unknown template '\(name)' (the theme has: \(known))", at: SourceLocation(path: page.displayPath, line: 1, column: 1))
            }
        }
        let aliases = try aliasPairs(model)
        let nav = try config.nav.map { entries throws(InputError) in try NavTree.fromConfig(entries, model: model) } ?? NavTree.fromFolders(model)

        diagnostics += await SourceLinkChecker(model: model).check(pages)

        let origin = BundleOrigin(scheme: config.scheme, host: config.host)
        let staged = try StagedBundle.create(for: options.outputDirectory, displayPath: options.outputDisplay)
        do throws(InputError) {
            try staged.createFolders(for: pages.map(\.output) + assets.map(\.path) + [NavScript.path])
            var written = try await writePages(model: model, nav: nav, theme: theme, origin: origin, into: staged)
            written += try await copyAssets(assets, into: staged)
            let navScript = NavScript.render(nav)
            try staged.write(navScript, to: NavScript.path)
            written.append((NavScript.path.rawValue, navScript.count, SHA256.hex(navScript)))
            let manifest: Manifest
            do {
                manifest = try Manifest.assemble(
                    files: written, origin: origin, entryPath: model.entry.output.rawValue, aliases: aliases,
                    generator: SitegenVersion.generator, mimeOverrides: config.mimeTypes)
            } catch {
                throw InputError("cannot write the manifest: \(error)", path: options.outputDisplay + Manifest.fileName)
            }
            try staged.write(Array(manifest.encoded()), to: SitePath(unchecked: Manifest.fileName))
            return BuildOutcome(
                staged: staged, config: config, manifest: manifest, pageCount: pages.count, assetCount: assets.count,
                diagnostics: diagnostics.sorted(), sources: sourceMap(model, theme: theme),
                sourceFiles: loaded.map(\.page.displayPath))
        } catch {
            staged.discard()
            throw error
        }
    }

    private func loadConfig() throws(InputError) -> (SiteConfig, [Diagnostic]) {
        let url = options.siteDirectory.appendingPathComponent(SiteScanner.configFileName)
        guard FileManager.default.fileExists(atPath: url.path) else { return (SiteConfig(), []) }
        let display = options.siteDisplay + SiteScanner.configFileName
        let text = try readUTF8(url, display: display)
        return try SiteConfig.decode(try YAML.parse(text, path: display), path: display)
    }

    private func loadPages(_ files: [SourceFile], with loader: PageLoader) async throws(InputError) -> [PageLoader.Loaded] {
        let results = await withTaskGroup(of: (Int, Result<PageLoader.Loaded, InputError>).self) { group in
            for (index, file) in files.enumerated() {
                group.addTask { (index, Result { () throws(InputError) in try loader.load(file) }) }
            }
            var out = [Result<PageLoader.Loaded, InputError>?](repeating: nil, count: files.count)
            for await (index, result) in group { out[index] = result }
            return out
        }
        var pages: [PageLoader.Loaded] = []
        for result in results {
            guard let result else { continue }
            pages.append(try result.get())
        }
        return pages
    }

    /// Renders and writes every page in parallel; returns each file's path, size and SHA-256.
    private func writePages(model: SiteModel, nav: NavTree, theme: Theme, origin: BundleOrigin, into staged: StagedBundle)
        async throws(InputError) -> [WrittenFile]
    {
        let context = PageContext(model: model, nav: nav, origin: origin.description)
        let results = await withTaskGroup(of: Result<WrittenFile, InputError>.self) { group in
            for page in model.pages {
                group.addTask {
                    var buffer: [UInt8] = []
                    buffer.reserveCapacity(page.body.html.utf8.count + 16_384)
                    do throws(TemplateError) {
                        try theme.library.render(
                            page.meta.template ?? Theme.defaultTemplate, context: context.value(for: page), into: &buffer)
                    } catch {
                        return .failure(InputError("\(error.message) (rendering \(page.displayPath))", at: error.location))
                    }
                    do throws(InputError) { try staged.write(buffer, to: page.output) } catch { return .failure(error) }
                    return .success((page.output.rawValue, buffer.count, SHA256.hex(buffer)))
                }
            }
            var results: [Result<WrittenFile, InputError>] = []
            for await result in group { results.append(result) }
            return results
        }
        return try collect(results)
    }

    /// Copies every asset in parallel, hashing the bytes it copies.
    private func copyAssets(_ assets: [(path: SitePath, fileURL: URL)], into staged: StagedBundle) async throws(InputError)
        -> [WrittenFile]
    {
        let display = options.siteDisplay
        let results = await withTaskGroup(of: Result<WrittenFile, InputError>.self) { group in
            for asset in assets {
                group.addTask {
                    guard let data = FileManager.default.contents(atPath: asset.fileURL.path) else {
                        return .failure(InputError("cannot read asset", path: display + asset.path.rawValue))
                    }
                    let bytes = [UInt8](data)
                    do throws(InputError) { try staged.write(bytes, to: asset.path) } catch { return .failure(error) }
                    return .success((asset.path.rawValue, bytes.count, SHA256.hex(bytes)))
                }
            }
            var results: [Result<WrittenFile, InputError>] = []
            for await result in group { results.append(result) }
            return results
        }
        return try collect(results)
    }

    /// The files written, or the first failure in a stable order.
    private func collect(_ results: [Result<WrittenFile, InputError>]) throws(InputError) -> [WrittenFile] {
        var files: [WrittenFile] = []
        var failures: [InputError] = []
        for result in results {
            switch result {
            case .success(let file): files.append(file)
            case .failure(let error): failures.append(error)
            }
        }
        if let first = failures.min(by: { $0.description < $1.description }) { throw first }
        return files
    }

    private func aliasPairs(_ model: SiteModel) throws(InputError) -> [(from: String, to: String)] {
        var pairs: [(from: String, to: String)] = []
        var seen: [SitePath: String] = [:]
        for page in model.pages {
            for alias in page.meta.aliases {
                var text = alias
                if text.hasPrefix("/") { text.removeFirst() }
                guard let path = SitePath(normalizing: text), !path.rawValue.isEmpty else {
                    throw InputError("alias '\(alias)' is not a path inside the bundle", at: SourceLocation(path: page.displayPath, line: 1, column: 1))
                }
                if model.outputPaths.contains(path) {
                    throw InputError("alias '\(alias)' is the path of a real file of the bundle", at: SourceLocation(path: page.displayPath, line: 1, column: 1))
                }
                if let other = seen[path] {
                    throw InputError("alias '\(alias)' is also claimed by \(other)", at: SourceLocation(path: page.displayPath, line: 1, column: 1))
                }
                seen[path] = page.displayPath
                pairs.append((from: path.rawValue + (alias.hasSuffix("/") ? "/" : ""), to: page.output.rawValue))
            }
        }
        return pairs
    }

    private func sourceMap(_ model: SiteModel, theme: Theme) -> SourceMap {
        var map = SourceMap()
        for page in model.pages {
            var links: [String: SourceLocation] = [:]
            for link in page.body.links where links[link.rewritten] == nil {
                links[link.rewritten] = SourceLocation(path: page.displayPath, line: link.line, column: link.column)
            }
            let template = options.templatesDisplay + (page.meta.template ?? Theme.defaultTemplate) + ".html"
            map.pages[page.output.rawValue] = SourceMap.Entry(markdown: page.displayPath, template: template, links: links)
        }
        return map
    }

    private func relativePath(of inner: URL, in outer: URL) -> String? {
        let innerPath = inner.standardizedFileURL.path, outerPath = outer.standardizedFileURL.path + "/"
        return innerPath.hasPrefix(outerPath) ? String(innerPath.dropFirst(outerPath.count)) : nil
    }
}
