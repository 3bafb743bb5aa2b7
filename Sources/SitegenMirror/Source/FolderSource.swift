import Foundation
import SitegenBundleCore
import SitegenCore

/// A folder holding a site authored for a web server, answered the way a static server with
/// `try_files $uri $uri.html $uri/index.html` answers: `/guide/` is `guide/index.html`, `/nextPage`
/// is `nextPage` or `nextPage.html`, `/guide` (a folder) redirects to `/guide/`. A `_redirects`
/// file at the root (`/from /to [status]` per line, Netlify style: `RedirectsFile`) adds
/// redirects; each line it cannot follow is a warning (`mirror-redirects`).
public struct FolderSource: MirrorSource {
    /// The folder.
    public let folder: URL
    /// The virtual origin the folder is served under: links to it count as same-origin.
    public let root: URL
    /// The lines of `_redirects` that were ignored, and why.
    public let warnings: [SourceWarning]
    private let redirects: [String: RedirectsFile.Redirect]

    /// Reads `_redirects` if present. `root` names the origin the site was written for.
    public init(folder: URL, root: URL = URL(string: "http://localhost/")!) {
        self.folder = folder.standardizedFileURL
        self.root = root
        let text = (try? String(contentsOf: folder.appendingPathComponent("_redirects"), encoding: .utf8)) ?? ""
        let file = RedirectsFile(parsing: text)
        redirects = file.redirects
        warnings = file.problems.map {
            SourceWarning(file: "_redirects", line: $0.line, rule: .mirrorRedirects, message: $0.reason)
        }
    }

    public func fetch(_ url: URL) async throws(SourceError) -> SourceResponse {
        switch try locate(url) {
        case .redirect(let status, let location):
            return .redirect(status: status, location: location)
        case .file(let candidate):
            let file = folder.appendingPathComponent(candidate)
            // By bytes: a name that starts with a combining mark makes one character with the `/`.
            guard file.resolvingSymlinksInPath().path.utf8.starts(with: (folder.resolvingSymlinksInPath().path + "/").utf8)
            else {
                throw SourceError("symlink leaves the site root")
            }
            guard let body = try? Data(contentsOf: file) else { throw SourceError("cannot read '\(candidate)'") }
            return .resource(mimeType: MIMEType.forPath(candidate), body: body)
        }
    }

    /// The file of the folder that answers `url`, relative to the folder: what findings in the
    /// resource are placed at (`css/site.css` for `/css/site.css?v=2`, mirrored as `site.v=2.css`).
    public func sourceFile(of url: URL) -> String? {
        guard case .file(let candidate)? = try? locate(url) else { return nil }
        return candidate
    }

    private enum Located {
        case redirect(status: Int, location: String)
        /// A file, relative to the folder.
        case file(String)
    }

    private func locate(_ url: URL) throws(SourceError) -> Located {
        let rawPath = url.path(percentEncoded: true)
        if let redirect = redirects[rawPath] { return .redirect(status: redirect.status, location: redirect.to) }
        let decoded = rawPath.removingPercentEncoding ?? rawPath
        guard let path = SitePath(normalizing: decoded) else { throw SourceError("path leaves the site root") }
        let isDirectoryURL = rawPath.hasSuffix("/")
        var candidates: [String] = []
        if isDirectoryURL || path.rawValue.isEmpty {
            candidates = [path.rawValue.isEmpty ? "index.html" : path.rawValue + "/index.html"]
        } else {
            if kind(path.rawValue) == .directory { return .redirect(status: 301, location: rawPath + "/") }
            candidates = [path.rawValue, path.rawValue + ".html"]
        }
        guard let candidate = candidates.first(where: { kind($0) == .file }) else { throw SourceError("not found (404)") }
        return .file(candidate)
    }

    private enum Kind { case file, directory, none }

    private func kind(_ relative: String) -> Kind {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder.appendingPathComponent(relative).path, isDirectory: &isDirectory)
        else {
            return .none
        }
        return isDirectory.boolValue ? .directory : .file
    }
}
