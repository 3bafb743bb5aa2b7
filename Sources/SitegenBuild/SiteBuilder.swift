import Foundation
import SitegenBundleCore
import SitegenCore
import SitegenMarkdown
import SitegenTemplates

/// A file written into the bundle: path, size and SHA-256 for the manifest, and the fingerprint of
/// what it was made from for the next build.
struct WrittenFile: Sendable {
    var path: String
    var size: Int
    var sha256: String
    var inputs: UInt64
    /// Written into the staging folder by this build, rather than kept from the previous bundle.
    var isNew = true
    /// Kept from the previous bundle although its inputs changed, as it rendered to the same bytes:
    /// its record takes the new inputs.
    var inputsChanged = false
}

/// Turns a site folder and a theme into a staged bundle with its manifest: load, render, check the
/// Markdown links, write. The caller crawls the staged bundle and commits or discards it. With the
/// cache of a previous build of the same output, only what changed is parsed, rendered and written.
public struct SiteBuilder: Sendable {
    public var options: BuildOptions
    /// Told how parsing and writing advance.
    public var progress: ProgressHandler?

    public init(options: BuildOptions, progress: ProgressHandler? = nil) {
        self.options = options
        self.progress = progress
    }

    /// Runs every stage up to a staged bundle. An input error stops the build with nothing written.
    public func build() async throws(InputError) -> BuildOutcome {
        let outcome = try await build(trustingCache: options.trustsCache)
        // A page's details in the cache's details file that are not the bytes recorded (changed on
        // disk) would give wrong findings: the build is made again, as if there were no cache.
        guard outcome.foundDamagedCache else { return outcome }
        outcome.staged.discard()
        return try await build(trustingCache: false)
    }

    /// A build whose task is cancelled (`serve` stopped during its first build) ends at the next
    /// stage, leaving nothing behind; the caller says nothing of it.
    private static func stopIfCancelled() throws(InputError) {
        if Task.isCancelled { throw InputError("stopped") }
    }

    private func build(trustingCache: Bool) async throws(InputError) -> BuildOutcome {
        var timer = StageTimer()
        let site = options.siteDirectory
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: site.path, isDirectory: &isDirectory) else {
            throw InputError("site folder not found (pass --site DIR)", path: options.siteDisplay)
        }
        guard isDirectory.boolValue else { throw InputError.notAFolder("the site path", displayPath: options.siteDisplay) }
        try OutputPlacement.check(options)
        // Read while the configuration, theme and site folder are: the cache is the largest read.
        async let cacheOnDisk = BuildCache.load(for: options.outputDirectory)
        // And the previous bundle is listed, for a rebuild in place to check against what the cache records.
        // (A task rather than an `async let`, as the check of the previous outputs below awaits it.)
        let outputListing = Task { Self.listsPreviousBundle(options) ? OutputFolderListing.list(options.outputDirectory) : nil }
        var (config, configText, configWarnings) = try loadConfig()
        let theme = try Theme.load(
            options.templatesDirectory, displayRoot: options.templatesDisplay, language: config.language)
        let (words, wordWarnings) = try ThemeWords.resolve(
            theme.wordTables, language: config.language, languageLocation: config.languageLocation,
            overrides: config.words, generator: SitegenVersion.generator,
            shown: theme.wordsWritten.always.union(config.search ? theme.wordsWritten.withSearch : []))
        if !config.titleIsSet, let documentation = words.words["navigation"] { config.title = documentation }
        var ignore = config.ignore.map(GlobPattern.init)
        // The bundle and the theme (`--templates Site/theme`) are no pages or assets of the site.
        for folder in [options.outputDirectory, options.templatesDirectory] {
            if let inside = relativePath(of: folder, in: site), !inside.isEmpty { ignore.append(GlobPattern("/" + inside)) }
        }
        let (files, scanWarnings) = try SiteScanner.scan(site, displayRoot: options.siteDisplay, ignore: ignore)
        timer.lap("config, theme, scan")

        let environment = environmentFingerprint(configText: configText, theme: theme, words: words)
        let cacheFound = await cacheOnDisk
        // Only the cache of the build that left the folder's manifest knows its files.
        let manifestNow = ManifestFileStamp.of(options.outputDirectory.appendingPathComponent(Manifest.fileName).path)
        let previous = cacheFound.flatMap {
            trustingCache && $0.environment == environment && $0.manifestStamp == manifestNow
                ? $0.displayed(site: options.siteDisplay, output: options.outputDisplay) : nil
        }
        // Another environment (sitegen.yml, the set of templates, the tool) reuses nothing, but each
        // file that comes out byte for byte as the folder holds it is kept, its time with it; without
        // a cache to say what the folder holds, its manifest says, once each file is hashed.
        let keepable =
            previous == nil
            ? cacheFound.flatMap { trustingCache && $0.manifestStamp == manifestNow ? $0.forKeepingFiles : nil }
                ?? BuildCache.forKeepingVerifiedFiles(in: options.outputDirectory) : nil
        var cache = BuildCache()
        cache.environment = environment
        cache.siteDisplay = options.siteDisplay
        cache.outputDisplay = options.outputDisplay
        timer.lap("cache load")
        // Checked while pages are parsed and the nav is built: a small rebuild keeps almost every file.
        async let previousOutputs = Self.check(previous, against: outputListing)

        let loader = PageLoader(
            options: MarkdownOptions(rawHTML: config.rawHTML, smartPunctuation: config.smartPunctuation),
            displayRoot: options.siteDisplay, collectsSearchText: config.search)
        let loaded = try await loadPages(files.filter { $0.kind == .markdown }, with: loader, previous: previous)
        timer.lap("parse")
        try Self.stopIfCancelled()
        var diagnostics = configWarnings + wordWarnings + scanWarnings + loaded.flatMap(\.warnings)
        let pages = loaded.map(\.page).filter { !isLeftOut($0) }
        let drafts = Set(loaded.map(\.page).filter(isLeftOut).map(\.source))
        let assets = files.filter { $0.kind == .asset } + theme.assets
        // The default entry drafted: the error points at `draft:` (an `entry:` key is pointed at by the model).
        if config.entryLocation == nil, drafts.contains(config.entry),
            let draft = loaded.first(where: { $0.page.source == config.entry })?.page
        {
            throw InputError(
                "the entry page '\(config.entry)' is a draft",
                at: FrontMatterPlace.value(under: "draft", source: draft.source, display: draft.displayPath, site: site))
        }
        // What pages show of each other is fingerprinted (about 2 ms), and the folders' nav made from
        // the same (or taken back from the cache while that is unchanged), on the other core while
        // the model indexes and checks the pages.
        let navFromFolders = config.nav == nil
        let templates = TemplateDependencies(sources: theme.templateSources)
        let previousNav = previous.map { (inputs: $0.navInputs, shape: $0.navShape) }
        async let folderNav = NavSource.make(
            pages: pages, drafts: drafts, templates: templates, theme: theme, fromFolders: navFromFolders,
            previous: previousNav)
        let model = try SiteModel(
            config: config, pages: pages, assets: assets, drafts: drafts, displayRoot: options.siteDisplay,
            theme: (options.templatesDirectory.path, options.templatesDisplay))
        for page in pages {
            let name = page.meta.template ?? Theme.defaultTemplate
            guard theme.pageTemplates.contains(name) else {
                let known = theme.pageTemplates.sorted().joined(separator: ", ")
                // `page.html` is the file; the front matter names the template without its extension.
                let stem = name.hasSuffix(".html") ? String(name.dropLast(5)) : nil
                let hint =
                    stem.flatMap { theme.pageTemplates.contains($0) ? ": write '\($0)'" : nil }
                    ?? Suggestion.hint(for: name, in: theme.pageTemplates)
                throw InputError(
                    "unknown template '\(name)'\(hint) (the theme has: \(known))",
                    at: FrontMatterPlace.of(name, under: "template", in: page, site: site))
            }
        }
        let aliases = try aliasPairs(model)
        // Source links are checked, and the cache's page records made, while the nav is built and
        // pages are written.
        async let sourceChecks = checkSources(
            model: model, aliases: aliases, templateIDs: theme.templateIDs, loaded: loaded, previous: previous)
        let navSource = await folderNav
        let navInputs = navSource.inputs
        let navShape = navSource.shape
        let folders = navSource.nav
        let nav = try config.nav.map { entries throws(InputError) in try NavTree.fromConfig(entries, model: model) } ?? folders

        timer.lap("model, nav")
        try checkMimeTypePaths(model)
        try checkExtraFiles(model)

        let origin = BundleOrigin(scheme: config.scheme, host: config.host)
        // A build's own cache beside the output says the folder is a bundle of ours, its manifest deleted.
        let staged = try StagedBundle.create(
            for: options.outputDirectory, displayPath: options.outputDisplay, isKnownOutput: cacheFound != nil)
        do throws(InputError) {
            var writer = PageWriter(
                context: PageContext(model: model, nav: nav, origin: origin.description, words: words), theme: theme,
                templates: templates, loader: loader, staged: staged, previous: previous ?? keepable,
                progress: progress)
            cache.navInputs = navInputs
            cache.navShape = navShape
            let plans = await writer.plans(of: model.pages, unchangedSite: previous?.navInputs == cache.navInputs)
            writer.inPlace =
                previous != nil && PageWriter.changedCount(plans) <= max(8, model.pages.count / 10)
                && FileManager.default.fileExists(
                    atPath: options.outputDirectory.appendingPathComponent(Manifest.fileName).path)
            timer.lap("plans")
            if writer.inPlace {
                writer.previousOutputs = await previousOutputs
                timer.lap("waiting for the previous outputs' check")
                writer.previousFolder = staged.openPrevious()
                writer.inPlace = writer.previousFolder >= 0
            }
            defer { if writer.previousFolder >= 0 { close(writer.previousFolder) } }
            if !writer.inPlace {
                try staged.createFolders(
                    for: pages.map(\.output) + assets.map(\.path) + model.generatedFiles)
                if previous ?? keepable != nil { writer.linkedFolders = LinkedFolders.find(in: staged.destination) }
            }
            var written = try await writer.writePages(model.pages, plans: plans, siteRoot: site.path)
            written += try await writer.copyAssets(assets, displayRoot: options.siteDisplay)
            // The tree is made from what `navInputs` fingerprints: while that holds, so do the script's inputs.
            let navScriptInputs =
                previous.flatMap { previous in
                    previous.navInputs == cache.navInputs ? previous.outputs[NavScript.path]?.inputs : nil
                } ?? NavScript.fingerprint(nav)
            written.append(try writer.write(NavScript.path, inputs: navScriptInputs) { NavScript.render(nav) })
            if config.search { written += try await writer.writeSearchIndex(of: model.pages) }
            timer.lap("render, write")
            try Self.stopIfCancelled()
            let removesOutputs = cache.recordOutputs(written, previous: previous?.outputs)
            cache.outputOrder =
                model.pages.map(\.output.rawValue)
                + (assets.map(\.path.rawValue) + model.generatedFiles.map(\.rawValue))
                .sorted()
            for asset in assets {
                if let output = cache.outputs[asset.path] {
                    cache.assets[asset.path] = BuildCache.FileRecord(
                        modified: asset.modified, size: asset.size, sha256: output.sha256)
                }
            }
            let manifest: Manifest
            do {
                manifest = try Manifest.assemble(
                    files: written.map { ($0.path, $0.size, $0.sha256) }, origin: origin, entryPath: model.entry.output.rawValue,
                    aliases: aliases, generator: SitegenVersion.generator, mimeOverrides: config.mimeTypes)
            } catch {
                throw InputError("cannot write the manifest: \(error)", path: options.outputDisplay + Manifest.fileName)
            }
            // The crawl's resolver is made on the other core while the manifest is encoded and written.
            let bundleToCrawl = writer.inPlace ? staged.destination : staged.directory
            async let crawlResolver = Result { () throws(ManifestError) in
                try SchemeResolver(bundle: bundleToCrawl, assembled: manifest)
            }
            let manifestBytes = manifest.encodedBytes()
            cache.manifestFingerprint = Fingerprint.of(manifestBytes)
            // The same manifest as the previous build's, still there with its size, keeps its file.
            let manifestPath = SitePath(unchecked: Manifest.fileName)
            let writesManifest =
                (previous ?? keepable)?.manifestFingerprint != cache.manifestFingerprint
                || !(writer.inPlace
                    ? staged.previousHas(manifestPath, expectedSize: manifestBytes.count, in: writer.previousFolder)
                    : staged.linkPrevious(manifestPath, expectedSize: manifestBytes.count))
            if writesManifest { try staged.write(manifestBytes, to: manifestPath) }
            // Renamed or linked into place, the file keeps its inode and time.
            let manifestFolder = writer.inPlace && !writesManifest ? staged.destination : staged.directory
            cache.manifestStamp = ManifestFileStamp.of(manifestFolder.appendingPathComponent(Manifest.fileName).path)
            if let previous, previous.manifestFingerprint == cache.manifestFingerprint {
                cache.crawl = previous.crawl
                cache.memoGeneration = previous.memoGeneration
            } else {
                cache.memoGeneration = UInt64.random(in: 1...UInt64.max)
            }
            timer.lap("manifest")
            let checked = await sourceChecks
            cache.shape = checked.shape
            cache.pages = checked.records
            cache.pageOrder = loaded.map(\.page.source)
            cache.readBytes = previous?.readBytes
            cache.readOutputs = previous?.readOutputs
            cache.details = previous?.details
            cache.detailsLive = previous?.detailsLive ?? 0
            diagnostics += checked.findings
            timer.lap("waiting for source link checks")
            // The pages' HTML is written: the outcome keeps what maps findings to sources, not 10,000 bodies.
            var mapped = model
            mapped.pages = model.pages.map(\.withoutBody)
            var update = BuildOutcome.Update.swap
            if writer.inPlace, let previous {
                let gone = removesOutputs ? previous.outputs.keys.filter { cache.outputs[$0] == nil }.map(\.rawValue) : []
                update = .inPlace(
                    written: written.filter(\.isNew).map(\.path) + (writesManifest ? [Manifest.fileName] : []),
                    removed: (gone + (writer.previousOutputs?.strays ?? [])).sorted())
            }
            var outcome = BuildOutcome(
                staged: staged, update: update, config: config, manifest: manifest, output: options.outputDirectory,
                crawlResolver: await crawlResolver, pageCount: pages.count,
                assetCount: assets.count,
                diagnostics: diagnostics.sorted(),
                sources: SourceMap(
                    model: mapped, templatesDisplay: options.templatesDisplay, siteDirectory: site,
                    siteDisplay: options.siteDisplay,
                    templates: theme.templateSources, pageTemplates: theme.pageTemplates, members: templates.members(of:)),
                sourceFiles: loaded.map(\.page.displayPath),
                pagesOutsideNav: config.nav == nil ? [] : nav.pagesOutside(model.pages).map(\.displayPath),
                cache: cache, previousCrawl: previous?.crawl, previousCache: previous)
            if options.includesDrafts { outcome.draftsBuilt = pages.filter(\.meta.draft).map(\.displayPath) }
            if configText.isEmpty { outcome.configElsewhere = configBesideSite() }
            if writer.inPlace { outcome.held = [files, loaded, pages, model, nav, writer, written, plans, previous] }
            return outcome
        } catch {
            staged.discard()
            throw error
        }
    }

    /// Whether the output folder may be a bundle to rebuild in place: its manifest and the cache beside it are there.
    private static func listsPreviousBundle(_ options: BuildOptions) -> Bool {
        access(options.outputDirectory.appendingPathComponent(Manifest.fileName).path, F_OK) == 0
            && access(BuildCache.location(for: options.outputDirectory).path, F_OK) == 0
    }

    private static func check(_ previous: BuildCache?, against listing: Task<OutputFolderListing?, Never>) async
        -> PreviousOutputs?
    {
        guard let previous, let listing = await listing.value else { return nil }
        return PreviousOutputs.check(previous.outputs, listing: listing)
    }

    /// Each file `extra_css` and `extra_javascript` name must be an asset of the site: the pages
    /// would load nothing otherwise.
    private func checkExtraFiles(_ model: SiteModel) throws(InputError) {
        let config = model.config
        let lists = [("extra_css", config.extraCSS), ("extra_javascript", config.extraJavaScript)]
        guard lists.contains(where: { !$0.1.isEmpty }) else { return }
        let assets = Set(model.assets.map(\.path))
        for (key, files) in lists {
            var listed: Set<SitePath> = []
            for file in files {
                guard listed.insert(file.path).inserted else {
                    throw InputError("\(key): '\(file.path)' is listed twice: every page would load it twice", at: file.location)
                }
                guard assets.contains(file.path) else {
                    if let pattern = config.ignorePattern(leavingOut: file.path) {
                        throw InputError(
                            "\(key): '\(file.path)' is no file of the site: 'ignore' leaves it out ('\(pattern)')",
                            at: file.location)
                    }
                    let page = model.page(source: file.path) != nil ? " (a page, rendered to HTML)" : ""
                    let near = Suggestion.phrase(Suggestion.nearest(to: file.path.rawValue, in: assets.map(\.rawValue)))
                    throw InputError("\(key): '\(file.path)' is no file of the site\(page)\(near)", at: file.location)
                }
                // Served under another type (`.less`), a browser would use it on no page.
                let type = MIMEType.forPath(file.path.rawValue, overrides: config.mimeTypes)
                if !(key == "extra_css" ? MIMEType.isStyleSheet(type) : MIMEType.isScript(type)) {
                    let wanted = key == "extra_css" ? "text/css" : "JavaScript (text/javascript)"
                    throw InputError(
                        "\(key): '\(file.path)' is served as \(MIMEType.essence(type)), and a browser uses it only as \(wanted): name it "
                            + "\(key == "extra_css" ? ".css" : ".js"), or give it that type with mime_types", at: file.location)
                }
            }
        }
    }

    /// A file `mime_types` names by its path must be a file of the bundle: a page's output, an
    /// asset or the nav script. One that is not (renamed, a typo) would retype nothing, silently.
    private func checkMimeTypePaths(_ model: SiteModel) throws(InputError) {
        let paths = model.config.mimeTypePaths
        guard !paths.isEmpty else { return }
        let files = Set(
            model.pages.map(\.output.rawValue) + model.assets.map(\.path.rawValue)
                + model.generatedFiles.map(\.rawValue))
        for (file, place) in paths.sorted(by: { $0.value < $1.value }) where !files.contains(file) {
            let near = Suggestion.phrase(Suggestion.nearest(to: file, in: Array(files)))
            throw InputError("mime_types: '\(file)' is no file of the bundle\(near)", at: place)
        }
    }

    /// Whether `page` stays out of the bundle: a draft, unless drafts are built too.
    private func isLeftOut(_ page: Page) -> Bool { page.meta.draft && !options.includesDrafts }

    /// Checks the Markdown links of every page whose findings the cache cannot vouch for (its source
    /// or the site's shape changed), and makes the cache's record of every page.
    private func checkSources(
        model: SiteModel, aliases: [(from: String, to: String)], templateIDs: [String: Set<String>],
        loaded: [PageLoader.Loaded], previous: BuildCache?
    ) async -> (shape: UInt64, records: PageRecords, findings: [Diagnostic]) {
        let shape = shapeFingerprint(model, aliases: aliases, templateIDs: templateIDs)
        let reusable = previous?.shape == shape
        // Found where they were read, in the order the pages are loaded: 10,000 of them on every rebuild.
        let earlier = loaded.indices.map { previous?.pages.record(loaded[$0].page.source, at: $0) }
        let unchanged = zip(loaded, earlier).map { entry, record in reusable && record?.fingerprint == entry.fingerprint }
        let toCheck = zip(loaded, unchanged).compactMap { entry, same in same || isLeftOut(entry.page) ? nil : entry.page }
        let fresh = await SourceLinkChecker(model: model, aliases: aliases, templateIDs: templateIDs).check(toCheck)
        let freshBySource = Dictionary(grouping: fresh) { finding in finding.location?.path ?? "" }
        var findings = fresh
        // The previous records are kept and only what changed is replaced: a rebuild of one page
        // should not make and insert 10,000 records.
        var records = previous?.pages ?? PageRecords()
        for index in loaded.indices {
            let entry = loaded[index]
            let pageFindings =
                unchanged[index] ? earlier[index]?.findings ?? [] : freshBySource[entry.page.displayPath] ?? []
            if unchanged[index] { findings += pageFindings }
            // Taken from the cache unread (same size and time) and checked as before: the record it was.
            if unchanged[index], let record = earlier[index], record.modified == entry.modified, record.size == entry.size {
                continue
            }
            records.set(
                BuildCache.PageRecord(
                    modified: entry.modified, size: entry.size, fingerprint: entry.fingerprint,
                    page: entry.page.withoutBody, warnings: entry.warnings, findings: pageFindings
                ).reusingBytes(of: earlier[index]), for: entry.page.source, at: index)
        }
        // Every loaded page has its record; any other is of a page that went away.
        if records.count != loaded.count {
            records = records.keeping(Set(loaded.map(\.page.source)))
        }
        return (shape, records, findings)
    }

    /// Everything every page depends on: generator, configuration text, the theme's words and the set of page templates
    /// (each page's own template is part of its inputs).
    private func environmentFingerprint(configText: String, theme: Theme, words: ThemeWords) -> UInt64 {
        var fingerprint = Fingerprint()
        fingerprint.add(SitegenVersion.generator)
        fingerprint.add(options.toolIdentity)
        fingerprint.add(options.includesDrafts ? "drafts" : "")
        fingerprint.add(configText)
        fingerprint.add(theme.pageTemplates.sorted().joined(separator: ","))
        for (key, text) in words.words.sorted(by: { $0.key < $1.key }) {
            fingerprint.add(key)
            fingerprint.add(text)
        }
        return fingerprint.value
    }

    /// What source-level link checks depend on besides a page's own links: which pages, anchors,
    /// aliases, drafts and assets exist, and which ids each page's template writes.
    private func shapeFingerprint(
        _ model: SiteModel, aliases: [(from: String, to: String)], templateIDs: [String: Set<String>]
    ) -> UInt64 {
        var fingerprint = Fingerprint()
        for (name, ids) in templateIDs.sorted(by: { $0.key < $1.key }) {
            fingerprint.add(name)
            for id in ids.sorted() { fingerprint.add(id) }
        }
        for alias in aliases.sorted(by: { $0.from < $1.from }) {
            fingerprint.add(alias.from)
            fingerprint.add(alias.to)
        }
        for page in model.pages {
            fingerprint.add(page.source.rawValue)
            fingerprint.add(Int(truncatingIfNeeded: page.anchors.fingerprint))
            fingerprint.add(page.meta.template ?? "\u{0}")
        }
        for draft in model.drafts.sorted() { fingerprint.add(draft.rawValue) }
        fingerprint.add(Int(truncatingIfNeeded: Fingerprint.unordered(model.outputPaths.lazy.map(\.rawValue))))
        return fingerprint.value
    }
}
