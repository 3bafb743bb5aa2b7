import Foundation
import SitegenCore

extension SiteBuilder {
    func aliasPairs(_ model: SiteModel) throws(InputError) -> [(from: String, to: String)] {
        var pairs: [(from: String, to: String)] = []
        var seen: [SitePath: String] = [:]
        for page in model.pages {
            for alias in page.meta.aliases {
                func refuse(_ message: String) -> InputError {
                    InputError(
                        message, at: FrontMatterPlace.of(alias, under: "aliases", in: page, site: options.siteDirectory))
                }
                var text = alias.droppingLeadingSlash
                // The resolver matches paths, without query or fragment: such an alias could never be asked for.
                if text.contains("?") || text.contains("#") {
                    throw refuse(
                        "alias '\(alias)' has a query or a fragment, which the app's resolver ignores, so no URL "
                            + "would reach it: give the path alone")
                }
                // Pasted from an old URL (`old%20page.html`): the alias is the name that URL asks for.
                if text.contains("%") {
                    guard let decoded = text.removingPercentEncoding else {
                        throw refuse("alias '\(alias)' has a '%' that is no escape of UTF-8: write the name as it is")
                    }
                    text = decoded
                }
                // The resolver reads `guide/x/.`, `guide/x/..` and `guide/y%2F` as folders: so does the manifest.
                let last = text.utf8.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false).last ?? []
                let isFolder = last.isEmpty || last.elementsEqual(".".utf8) || last.elementsEqual("..".utf8)
                // `docs://app/x.html`, `https://…`: a URL, not the path the alias is written as.
                let firstSegment = text.prefix { $0 != "/" }
                guard let path = SitePath(normalizing: text), !path.rawValue.isEmpty, !firstSegment.contains(":") else {
                    throw refuse("alias '\(alias)' is not a path inside the bundle")
                }
                if path.rawValue.lowercased() == "manifest.json" {
                    throw refuse("alias '\(alias)' is the path of the bundle's manifest, which is never served")
                }
                if model.outputPaths.contains(path) {
                    throw refuse("alias '\(alias)' is the path of a real file of the bundle")
                }
                let index = SitePath(unchecked: path.rawValue + "/index.html")
                if isFolder, model.outputPaths.contains(index) {
                    throw refuse("alias '\(alias)' is the folder of '\(index)', which that folder's URL serves")
                }
                if let other = seen[path] {
                    throw refuse(
                        other == page.displayPath
                            ? "alias '\(alias)' is listed twice" : "alias '\(alias)' is also claimed by \(other)")
                }
                seen[path] = page.displayPath
                pairs.append((from: path.rawValue + (isFolder ? "/" : ""), to: page.output.rawValue))
            }
        }
        return pairs
    }

    func relativePath(of inner: URL, in outer: URL) -> String? {
        let innerPath = inner.standardizedFileURL.path, outerPath = outer.standardizedFileURL.path + "/"
        return innerPath.afterPrefix(bytesOf: outerPath)
    }
}
