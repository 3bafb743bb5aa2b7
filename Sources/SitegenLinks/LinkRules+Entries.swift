import Foundation
import SitegenCore

extension LinkRules {
    /// Reports entries that the fetcher does not serve.
    mutating func checkEntries(_ entries: [(key: String, url: URL)]) {
        // An entry is no link of a page: its finding is the checked folder's.
        let folder = SourceLocation(path: options.displayRoot.isEmpty ? "./" : options.displayRoot)
        for entry in entries {
            let outcome = state.outcomes[entry.key]
            if case .found = outcome { continue }
            // Whatever its path, a URL of another origin is none of the bundle's.
            if !table.isSameOrigin(entry.url) {
                add(
                    .error, .brokenLink,
                    "entry '\(entry.url.absoluteString)' is of another origin than the bundle's (\(table.origin)): "
                        + "name a path inside the folder, or a URL of \(table.origin)",
                    page: nil, href: nil, at: folder)
                continue
            }
            let path = Self.bundlePath(of: entry.url)
            let onDisk = whyUnserved(path)
            // A link out of the bundle at the entry's path is said as a link's target is.
            if case .outsideBundle = outcome, onDisk == nil {
                add(
                    .error, .escapesRoot, "entry '\(entry.url.absoluteString)' is outside the bundle", page: nil, href: nil,
                    at: folder)
                continue
            }
            add(
                .error, .brokenLink,
                "entry '\(entry.url.absoluteString)' is not in the bundle\(whyNotServed(path, onDisk: onDisk))",
                page: nil, href: nil, at: folder)
        }
    }

    /// Why the entry's file `path` is not served, after a colon: what is there instead (`onDisk`,
    /// a symbolic link out of the bundle; a compressed copy), else how to name another entry.
    private func whyNotServed(_ path: String, onDisk: String?) -> String {
        if let onDisk { return ": '\(path)' is \(onDisk), which no resolver serves" }
        if table.index(of: path + ".gz") != nil { return ": only '\(path).gz' is there, a compressed copy; decompress it" }
        return options.missingEntryHint.map { ": " + $0 } ?? ""
    }

    /// The file a same-origin URL asks for: its decoded path, a folder's `index.html`.
    private static func bundlePath(of url: URL) -> String {
        let path = String(url.path.drop(while: { $0 == "/" }))
        return path.isEmpty || path.hasSuffix("/") ? path + "index.html" : path
    }
}
