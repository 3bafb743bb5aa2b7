import Foundation
import SitegenCore
import SitegenMarkdown

extension SiteBuilder {
    /// Reads `sitegen.yml` (or `sitegen.yaml`) if there is one: the configuration, its text (for
    /// the cache) and warnings.
    func loadConfig() throws(InputError) -> (SiteConfig, String, [Diagnostic]) {
        let found = [SiteScanner.configFileName, SiteScanner.otherConfigFileName].filter {
            FileManager.default.fileExists(atPath: options.siteDirectory.appendingPathComponent($0).path)
        }
        guard let name = found.first else { return (SiteConfig(), "", []) }
        if found.count > 1 {
            throw InputError(
                "the site has both sitegen.yml and sitegen.yaml: keep one", path: options.siteDisplay + found[1])
        }
        let url = options.siteDirectory.appendingPathComponent(name)
        let display = options.siteDisplay + name
        let text = try readUTF8(url, display: display)
        let (config, warnings) = try SiteConfig.decode(try YAML.parse(text, path: display), path: display)
        return (config, text, warnings)
    }

    /// For a site folder without a configuration: one beside it that was meant for it (a
    /// `sitegen.yml` next to `docs/`, as MkDocs keeps `mkdocs.yml`), which the build does not read.
    func configBesideSite() -> String? {
        let parent = options.siteDirectory.deletingLastPathComponent()
        let site = options.siteDisplay.hasSuffix("/") ? options.siteDisplay : options.siteDisplay + "/"
        // `./sitegen.yml` beside `docs/`: the working folder is named, not left blank.
        let above = ShownPath.folder(above: site)
        let parentDisplay = above.isEmpty ? "./" : above
        for name in [SiteScanner.configFileName, SiteScanner.otherConfigFileName, "mkdocs.yml", "mkdocs.yaml"]
        where FileManager.default.fileExists(atPath: parent.appendingPathComponent(name).path) {
            let shown = parentDisplay + name
            return name.hasPrefix("mkdocs")
                ? "\(shown) is MkDocs' configuration, which sitegen does not read: its own is \(site)sitegen.yml "
                    + "(title for site_name, nav of pages and sections as it is; see 'Coming from MkDocs')"
                : "\(shown) is not read: a site's configuration is the \(name) in the site folder, \(site)\(name)"
        }
        return nil
    }

    /// Loads every page in parallel; a page whose file has the size and modification time the cache
    /// recorded is taken from the cache without being read.
    func loadPages(_ files: [SourceFile], with loader: PageLoader, previous: BuildCache?) async throws(InputError)
        -> [PageLoader.Loaded]
    {
        var out = [Result<PageLoader.Loaded, InputError>?](repeating: nil, count: files.count)
        var toLoad: [Int] = []
        for (index, file) in files.enumerated() {
            // The n-th page's record is the n-th read while the site's pages are the ones it had.
            if let record = previous?.pages.record(file.path, at: index), record.modified == file.modified,
                record.size == file.size
            {
                out[index] = .success(
                    PageLoader.Loaded(
                        page: record.page, warnings: record.warnings, fingerprint: record.fingerprint,
                        modified: file.modified, size: file.size))
            } else {
                toLoad.append(index)
            }
        }
        // The stage starts now: the rate shown counts from here, and only the pages parsed.
        progress?(StageProgress(stage: "parsing", done: files.count - toLoad.count, total: files.count))
        await withTaskGroup(of: (Int, Result<PageLoader.Loaded, InputError>).self) { group in
            for index in toLoad {
                let file = files[index]
                group.addTask {
                    // A stopped build (Ctrl-C, `serve` quitting) parses no further page.
                    if Task.isCancelled { return (index, .failure(InputError("stopped"))) }
                    return (index, Result { () throws(InputError) in try loader.load(file) })
                }
            }
            var done = files.count - toLoad.count
            for await (index, result) in group {
                out[index] = result
                done += 1
                if done % 64 == 0 || done == files.count {
                    progress?(StageProgress(stage: "parsing", done: done, total: files.count))
                }
            }
        }
        // Moved out from the end, not copied: a copy of each of 10,000 pages retains, and freeing
        // `out` then releases, every reference a page holds.
        var pages: [PageLoader.Loaded] = []
        pages.reserveCapacity(files.count)
        var failure: InputError?
        while let result = out.popLast() {
            switch result {
            case .success(let loaded): pages.append(loaded)
            case .failure(let error): failure = error
            case nil: break
            }
        }
        if let failure { throw failure }
        pages.reverse()
        return pages
    }
}
