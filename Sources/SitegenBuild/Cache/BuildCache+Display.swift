import SitegenCore

extension BuildCache {
    /// The cache as if it had been written by a build that named the site folder `site` and the
    /// output folder `output` (`Site/` against `/home/me/docs/Site/`, say): display paths in page
    /// records, their findings and the crawl's findings are moved from the old names to the new
    /// ones, so that running the same build from elsewhere or with absolute paths reuses everything.
    func displayed(site: String, output: String) -> BuildCache {
        guard site != siteDisplay || output != outputDisplay else { return self }
        func move(_ path: String, from old: String, to new: String) -> String {
            path.afterPrefix(bytesOf: old).map { new + $0 } ?? path
        }
        func move(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
            diagnostics.map { diagnostic in
                var moved = diagnostic
                if let path = diagnostic.location?.path { moved.location?.path = move(path, from: siteDisplay, to: site) }
                return moved
            }
        }
        var cache = self
        for source in pages.keys {
            guard let record = pages[source] else { continue }
            var moved = record
            moved.page.displayPath = move(record.page.displayPath, from: siteDisplay, to: site)
            moved.warnings = move(record.warnings)
            moved.findings = move(record.findings)
            // Its bytes name the old folders.
            moved.encoded = nil
            cache.pages[source] = moved
        }
        // The crawl's findings are about generated pages, named after the output folder.
        cache.crawl?.findings = (crawl?.findings ?? []).map { finding in
            var moved = finding
            if let path = finding.diagnostic.location?.path {
                moved.diagnostic.location?.path = move(path, from: outputDisplay, to: output)
            }
            return moved
        }
        cache.siteDisplay = site
        cache.outputDisplay = output
        return cache
    }
}
