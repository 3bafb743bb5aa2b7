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
        let navScript = SitePath(unchecked: "_sitegen/nav.js")
        var outputs: Set<SitePath> = [navScript]
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
                : pageByOutput[asset.path].map { pages[$0].displayPath } ?? displayRoot + asset.path.rawValue
            let this =
                theme.flatMap { asset.root == $0.root ? "the theme's \($0.display)\(asset.path)" : nil }
                ?? "an asset of the same path"
            throw InputError(
                "'\(asset.path)' is produced twice: by \(other) and by \(this)", path: displayRoot + asset.path.rawValue)
        }
        outputPaths = outputs
        // A page's output is named by its Markdown file, a theme asset by its file in the theme:
        // looked up only for a collision, no list of 10,000 names made on every build.
        let (byOutput, allPages, allAssets) = (pageByOutput, pages, assets)
        try SiteScanner.checkCaseCollisions(outputPaths.map(\.rawValue), displayRoot: displayRoot) { output in
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

    func page(source: SitePath) -> Page? { pageBySource[source].map { pages[$0] } }
    func page(output: SitePath) -> Page? { pageByOutput[output].map { pages[$0] } }
    public var entry: Page { pages[pageBySource[config.entry]!] }
}
