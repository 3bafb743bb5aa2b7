import Foundation
import SitegenCore

/// Every page and asset of the site after loading, indexed for link checks and navigation.
public struct SiteModel: Sendable {
    public var config: SiteConfig
    /// Pages in source-path order (drafts excluded).
    public var pages: [Page]
    /// Site assets (copied as they are) and theme assets.
    public var assets: [SourceFile]
    /// Index of pages by source path and by output path.
    var pageBySource: [SitePath: Int] = [:]
    var pageByOutput: [SitePath: Int] = [:]
    /// Every output path: pages and assets.
    var outputPaths: Set<SitePath> = []
    /// Source paths of draft pages, so that links to them get a precise message.
    var drafts: Set<SitePath>

    /// `theme` names the theme's folder, as a path and as messages show it, so that a site file
    /// clashing with a theme asset is told which.
    init(
        config: SiteConfig, pages: [Page], assets: [SourceFile], drafts: Set<SitePath>, displayRoot: String,
        theme: (root: String, display: String)? = nil
    ) throws(InputError) {
        self.config = config
        self.pages = pages
        self.assets = assets
        self.drafts = drafts
        let navScript = NavScript.path
        let generated = Set(generatedFiles)
        var outputs = generated
        outputs.reserveCapacity(pages.count + assets.count + 1)
        pageBySource.reserveCapacity(pages.count)
        pageByOutput.reserveCapacity(pages.count)
        for (index, page) in pages.enumerated() {
            pageBySource[page.source] = index
            pageByOutput[page.output] = index
            outputs.insert(page.output)
        }
        for asset in assets where !outputs.insert(asset.path).inserted {
            // Who made it first, looked up only now that there is a clash.
            let other =
                asset.path == navScript
                ? "sitegen's navigation script"
                : generated.contains(asset.path)
                    ? "sitegen's search index"
                    : pageByOutput[asset.path].map { pages[$0].displayPath } ?? displayRoot + asset.path.rawValue
            let this =
                theme.flatMap { asset.root == $0.root ? "the theme's \($0.display)\(asset.path)" : nil }
                ?? "an asset of the same path"
            throw InputError(
                "'\(asset.path)' is produced twice: by \(other) and by \(this)", path: displayRoot + asset.path.rawValue)
        }
        outputPaths = outputs
        // In source order, outputs mostly share their folder with the one before: few lookups.
        let paths =
            pages.map(\.output.rawValue) + assets.map(\.path.rawValue)
            + generatedFiles.map(\.rawValue)
        try checkFilesAgainstFolders(paths, displayRoot: displayRoot, theme: theme)
        // A page's output is named by its Markdown file, a theme asset by its file in the theme:
        // looked up only for a collision, no list of 10,000 names made on every build.
        let (byOutput, allPages, allAssets) = (pageByOutput, pages, assets)
        try SiteScanner.checkCaseCollisions(paths, displayRoot: displayRoot) { output in
            if let page = byOutput[SitePath(unchecked: output)] { return allPages[page].displayPath }
            guard let theme, let asset = allAssets.first(where: { $0.path.rawValue == output && $0.root == theme.root })
            else { return nil }
            return theme.display + asset.path.rawValue
        }
        guard pageBySource[config.entry] != nil else {
            let reason =
                drafts.contains(config.entry)
                ? "is a draft" : "is not a page of the site (there is no such file, or 'ignore' leaves it out)"
            let message = "the entry page '\(config.entry)' \(reason)"
            if let place = config.entryLocation { throw InputError(message, at: place) }
            throw InputError(message, path: displayRoot + config.entry.rawValue)
        }
    }

    /// An output that another output needs as its folder (`guide/install.html` from
    /// `guide/install.md`, and a site's `guide/install.html/a.txt`; a site file `_sitegen` and the
    /// nav script) cannot be written: named by what makes each, before anything is. `paths` are
    /// the outputs in source order.
    private func checkFilesAgainstFolders(
        _ paths: [String], displayRoot: String, theme: (root: String, display: String)?
    ) throws(InputError) {
        for folder in SiteScanner.folders(of: paths) where outputPaths.contains(SitePath(unchecked: folder)) {
            let file = SitePath(unchecked: folder)
            let inside = paths.filter { $0.hasPrefix(folder + "/") }.min() ?? folder + "/"
            throw InputError(
                "'\(folder)' is produced as a file, by \(maker(of: file, displayRoot: displayRoot, theme: theme)), "
                    + "and as a folder, by \(maker(of: SitePath(unchecked: inside), displayRoot: displayRoot, theme: theme))",
                path: pageByOutput[file].map { pages[$0].displayPath } ?? displayRoot + folder)
        }
    }

    /// What makes the output `path`, for a message: a page's Markdown file, an asset of the site
    /// or the theme, or the nav script.
    private func maker(of path: SitePath, displayRoot: String, theme: (root: String, display: String)?) -> String {
        if path == NavScript.path { return "sitegen's navigation script (\(path))" }
        if generatedFiles.contains(path) { return "sitegen's search index (\(path))" }
        if let page = pageByOutput[path] { return pages[page].displayPath }
        if let theme, assets.contains(where: { $0.path == path && $0.root == theme.root }) {
            return "the theme's \(theme.display)\(path)"
        }
        return displayRoot + path.rawValue
    }

    /// The files sitegen writes into every bundle besides pages and assets: the nav script, and
    /// the search index's files when the site has one (as many as its pages need).
    var generatedFiles: [SitePath] { [NavScript.path] + (config.search ? SearchScript.paths(pages: pages.count) : []) }

    func page(source: SitePath) -> Page? { pageBySource[source].map { pages[$0] } }
    func page(output: SitePath) -> Page? { pageByOutput[output].map { pages[$0] } }
    public var entry: Page { pages[pageBySource[config.entry]!] }
}
