import SitegenBuild
import SitegenCore
import SitegenLinks

/// Where the duplicate-id findings of a build's crawl point in Markdown. Each id's places in a
/// page's raw HTML are looked up once, not once per finding (a pasted SVG repeats an id hundreds of
/// times), and the n-th repeat in the generated page is the n-th place after the first, so that
/// every repeat is reported at its own line.
struct DuplicateIDPlaces {
    private struct Key: Hashable {
        var page: String
        var id: String
    }

    private let sources: SourceMap
    /// How many findings each page and id has: the id occurs once more than that.
    private var repeats: [Key: Int] = [:]
    private var places: [Key: [SourceLocation]] = [:]
    private var seen: [Key: Int] = [:]

    init(_ findings: [LinkFinding], sources: SourceMap) {
        self.sources = sources
        for finding in findings where finding.diagnostic.rule == .duplicateID {
            if let page = finding.page, let id = finding.href { repeats[Key(page: page, id: id), default: 0] += 1 }
        }
    }

    /// `diagnostic` (a duplicate-id finding of `page` for `id`, taken in the crawl's order) pointed
    /// at the Markdown source, or nil when the page's Markdown does not write the id.
    mutating func map(_ diagnostic: Diagnostic, page: String, id: String) -> Diagnostic? {
        let key = Key(page: page, id: id)
        if places[key] == nil { places[key] = sources.rawHTMLPlaces(ofID: id, page: page) }
        seen[key, default: 0] += 1
        let occurrence = seen[key] ?? 1
        guard let written = places[key], let last = written.last else {
            // A heading whose id the template writes too (`sg-main`): the heading is what to rename.
            guard let heading = sources.headingPlace(ofID: id, page: page) else {
                return templateDuplicate(diagnostic, page: page, id: id, occurrence: occurrence)
            }
            var mapped = diagnostic
            mapped.message =
                "heading id '\(id)' is also an id the template writes (in generated "
                + "\(diagnostic.location?.description ?? page)): rename the heading"
            mapped.location = heading
            return mapped
        }
        var mapped = diagnostic
        if written.count == (repeats[key] ?? 0) + 1 || (written.count > 1 && occurrence < written.count) {
            // Every occurrence (or at least this one) is in the Markdown: the n-th repeat is there.
            mapped.message = "duplicate id '\(id)' (first at line \(written[0].line))"
            mapped.location = written[min(occurrence, written.count - 1)]
        } else {
            // The other occurrence is a heading's or the template's: only the generated page has both,
            // and its line numbers are not the Markdown's.
            let generated = "in generated \(diagnostic.location?.description ?? page)"
            // The heading may come before the raw HTML's id or after it: it is named either way.
            if let heading = sources.headingPlace(ofID: id, page: page) {
                let order = heading.line < last.line || (heading.line == last.line && heading.column < last.column)
                let at = order ? "first at line \(heading.line)" : "again at line \(heading.line)"
                mapped.message = "duplicate id '\(id)' (\(at), a heading's id; \(generated))"
            } else {
                mapped.message = "duplicate id '\(id)' (the template writes it too; \(generated))"
            }
            mapped.location = last
        }
        return mapped
    }

    /// A duplicate id neither the Markdown nor a heading writes: the templates do. At the n-th
    /// repeat among the places the page's templates write it, "first at" in template coordinates;
    /// at its one place when the template writes it once and renders it more than once.
    private func templateDuplicate(_ diagnostic: Diagnostic, page: String, id: String, occurrence: Int) -> Diagnostic? {
        let written = sources.templatePlaces(ofID: id, page: page)
        guard let first = written.first else { return nil }
        var mapped = diagnostic
        let generated = "in generated \(diagnostic.location?.description ?? page)"
        if written.count > 1 {
            let place = written[min(occurrence, written.count - 1)]
            let firstAt = first.path == place.path ? "line \(first.line)" : "\(first.path):\(first.line)"
            mapped.message = "duplicate id '\(id)' (first at \(firstAt))"
            mapped.location = place
        } else {
            mapped.message = "duplicate id '\(id)' (written once here, rendered more than once; \(generated))"
            mapped.location = first
        }
        return mapped
    }
}
