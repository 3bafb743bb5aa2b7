import Foundation
import SitegenCore

extension LinkRules {
    /// Reports entries that the fetcher does not serve.
    mutating func checkEntries(_ entries: [(key: String, url: URL)]) {
        // An entry is no link of a page: its finding is the checked folder's.
        let folder = SourceLocation(path: options.displayRoot.isEmpty ? "./" : options.displayRoot)
        for entry in entries {
            switch state.outcomes[entry.key] {
            case .found: continue
            case .outsideBundle:
                // A link out of the bundle at the entry's path is said as a link's target is.
                if whyUnserved(Self.bundlePath(of: entry.url)) != nil {
                    add(
                        .error, .brokenLink, "entry '\(entry.url.absoluteString)' is not in the bundle\(whyNotServed(entry.url))",
                        page: nil, href: nil, at: folder)
                } else {
                    add(
                        .error, .escapesRoot, "entry '\(entry.url.absoluteString)' is outside the bundle", page: nil, href: nil,
                        at: folder)
                }
            case .notFound, nil:
                add(
                    .error, .brokenLink, "entry '\(entry.url.absoluteString)' is not in the bundle\(whyNotServed(entry.url))",
                    page: nil, href: nil, at: folder)
            }
        }
    }

    /// Why the entry `url` is not served, after a colon: what is at its path instead (a symbolic link
    /// out of the bundle, a compressed copy), else how to name another entry.
    private func whyNotServed(_ url: URL) -> String {
        let path = Self.bundlePath(of: url)
        if let why = whyUnserved(path) { return ": '\(path)' is \(why), which no resolver serves" }
        if table.index(of: path + ".gz") != nil { return ": only '\(path).gz' is there, a compressed copy; decompress it" }
        return options.missingEntryHint.map { ": " + $0 } ?? ""
    }

    /// The file a same-origin URL asks for: its decoded path, a folder's `index.html`.
    private static func bundlePath(of url: URL) -> String {
        let path = String(url.path.drop(while: { $0 == "/" }))
        return path.isEmpty || path.hasSuffix("/") ? path + "index.html" : path
    }
}
