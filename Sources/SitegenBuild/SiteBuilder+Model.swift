import Foundation
import SitegenCore

extension SiteBuilder {
    func aliasPairs(_ model: SiteModel) throws(InputError) -> [(from: String, to: String)] {
        var pairs: [(from: String, to: String)] = []
        var seen: [SitePath: String] = [:]
        for page in model.pages {
            for alias in page.meta.aliases {
                var text = alias
                if text.hasPrefix("/") { text.removeFirst() }
                guard let path = SitePath(normalizing: text), !path.rawValue.isEmpty else {
                    throw InputError(
                        "alias '\(alias)' is not a path inside the bundle",
                        at: SourceLocation(path: page.displayPath, line: 1, column: 1))
                }
                if model.outputPaths.contains(path) {
                    throw InputError(
                        "alias '\(alias)' is the path of a real file of the bundle",
                        at: SourceLocation(path: page.displayPath, line: 1, column: 1))
                }
                if let other = seen[path] {
                    throw InputError(
                        "alias '\(alias)' is also claimed by \(other)",
                        at: SourceLocation(path: page.displayPath, line: 1, column: 1))
                }
                seen[path] = page.displayPath
                pairs.append((from: path.rawValue + (alias.hasSuffix("/") ? "/" : ""), to: page.output.rawValue))
            }
        }
        return pairs
    }

    func relativePath(of inner: URL, in outer: URL) -> String? {
        let innerPath = inner.standardizedFileURL.path, outerPath = outer.standardizedFileURL.path + "/"
        return innerPath.hasPrefix(outerPath) ? String(innerPath.dropFirst(outerPath.count)) : nil
    }
}
