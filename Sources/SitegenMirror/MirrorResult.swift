import Foundation
import SitegenCore

/// A link of a mirrored page to another origin: left as written, listed for the user.
public struct ExternalLink: Sendable, Hashable, Comparable {
    /// The mirror file holding it (`guide/index.html`).
    public var page: String
    /// The URL as the mirror has it: as written, or written in full (`https://cdn.example.com/x.css`).
    public var url: String
    /// The URL as the site wrote it, when the mirror wrote it in full (`//cdn.example.com/x.css`);
    /// `nil` when it was left as written.
    public var original: String? = nil

    public static func < (a: ExternalLink, b: ExternalLink) -> Bool { (a.page, a.url) < (b.page, b.url) }
}

/// What a mirror run produced, in memory, before it is written.
public struct MirrorResult: Sendable {
    /// Every mirror file (bundle-relative path) and its rewritten bytes.
    public var files: [String: Data] = [:]
    /// Old URLs kept alive: `(aliasPath, targetPath)` pairs for `Manifest.scan(aliases:)`.
    public var aliases: [(from: String, to: String)] = []
    /// The type the source answered each file with, by file (`style.css.html`: `text/html`); empty
    /// for a response of no type.
    public var servedTypes: [String: String] = [:]
    /// The file the source root became (`index.html`).
    public var entryPath = "index.html"
    /// Fetch failures, limits, undecodable encodings and names that differ only by case, sorted.
    public var diagnostics: [Diagnostic] = []
    /// Links to other origins, sorted and de-duplicated.
    public var externalLinks: [ExternalLink] = []
    /// HTML pages mirrored.
    public var pages = 0
    /// All resources mirrored (pages included).
    public var resources = 0
    /// Bytes fetched.
    public var bytes = 0

    /// An empty result.
    public init() {}
}
