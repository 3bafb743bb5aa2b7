import Foundation
import SitegenCore

/// Where a build reads and writes, and how those folders are named in messages.
public struct BuildOptions: Sendable {
    public var siteDirectory: URL
    public var templatesDirectory: URL
    public var outputDirectory: URL
    /// Display prefixes ending in `/` (`Site/`), as the user typed them.
    public var siteDisplay: String
    public var templatesDisplay: String
    public var outputDisplay: String
    /// Identifies the sitegen executable (the CLI passes its size and modification time), so that a
    /// rebuilt sitegen never reuses what an older one cached.
    public var toolIdentity = ""
    /// Whether pages marked `draft: true` are built like the others: a preview of work in progress,
    /// never a bundle to ship.
    public var includesDrafts = false
    /// Whether the cache of the previous build may be used. A build whose cache proved damaged on
    /// disk (`BuildOutcome.foundDamagedCache`) is made again without it.
    public var trustsCache = true

    public init(site: String, templates: String, output: String, workingDirectory: URL) {
        func resolve(_ path: String) -> URL { FolderPlace.url(path, from: workingDirectory) }
        func display(_ path: String) -> String { path.hasSuffix("/") ? path : path + "/" }
        siteDirectory = resolve(site).standardizedFileURL
        templatesDirectory = resolve(templates).standardizedFileURL
        outputDirectory = resolve(output).standardizedFileURL
        siteDisplay = display(site)
        templatesDisplay = display(templates)
        outputDisplay = display(output)
    }
}
