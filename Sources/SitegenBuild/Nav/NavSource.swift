import SitegenCore

/// The fingerprint of what pages show of one another (`BuildCache.navInputs`), with the folders' nav
/// made from them and its shape for the cache.
struct NavSource: Sendable {
    var inputs: UInt64
    var nav: NavTree
    var shape: ArraySlice<UInt8>?

    /// What a page shows of other pages (sidebar, breadcrumbs, neighbours: their titles, places and
    /// order) and what the templates are: with the environment, everything in a page's inputs but its
    /// own source.
    static func fingerprint(
        pages: [Page], drafts: Set<SitePath>, templates: TemplateDependencies, theme: Theme
    ) -> UInt64 {
        var fingerprint = Fingerprint()
        for page in pages {
            fingerprint.add(page.source.rawValue)
            fingerprint.add(page.output.rawValue)
            fingerprint.add(page.title)
            fingerprint.add(page.meta.navTitle ?? "\u{0}")
            // Whether there is an order, then its value: no order is not the smallest order.
            fingerprint.add(page.meta.order == nil ? 0 : 1)
            fingerprint.add(page.meta.order ?? 0)
            fingerprint.add(page.meta.template ?? "\u{0}")
        }
        for draft in drafts.sorted() { fingerprint.add(draft.rawValue) }
        for name in theme.pageTemplates.sorted() {
            fingerprint.add(name)
            fingerprint.add(templates.fingerprint(of: name))
        }
        return fingerprint.value
    }

    /// `fingerprint`, and with `fromFolders` the folders' nav of `pages` and its shape for the
    /// cache: the previous build's tree when it was made from the same inputs (the folder nav reads
    /// nothing else of the pages), else made anew.
    static func make(
        pages: [Page], drafts: Set<SitePath>, templates: TemplateDependencies, theme: Theme, fromFolders: Bool,
        previous: (inputs: UInt64, shape: ArraySlice<UInt8>?)?
    ) -> NavSource {
        let inputs = fingerprint(pages: pages, drafts: drafts, templates: templates, theme: theme)
        guard fromFolders else { return NavSource(inputs: inputs, nav: NavTree(), shape: nil) }
        if let previous, previous.inputs == inputs, let shape = previous.shape,
            let kept = NavTree(shape: shape, pages: pages)
        {
            return NavSource(inputs: inputs, nav: kept, shape: shape)
        }
        let nav = NavTree.fromFolders(pages)
        return NavSource(inputs: inputs, nav: nav, shape: nav.shape(of: pages)?[...])
    }
}
