import Foundation

/// A file of the bundle that a URL resolved to.
public struct ResolvedResource: Sendable, Equatable {
    /// The canonical scheme URL of the served file (the alias or index URL resolves to this).
    public var url: URL
    /// The bundle-relative path, e.g. `guide/index.html`.
    public var path: String
    /// The real file on disk, always inside the bundle's real root.
    public var fileURL: URL
    /// The MIME type without parameters.
    public var mimeType: String
    /// `utf-8` for text types.
    public var textEncoding: String?
    /// The size of the file on disk, in bytes.
    public var size: Int
    /// The manifest's SHA-256; nil for a scanned tree without manifest.
    public var sha256: String?

    /// A resolved resource.
    public init(url: URL, path: String, fileURL: URL, mimeType: String, textEncoding: String?, size: Int, sha256: String?) {
        self.url = url
        self.path = path
        self.fileURL = fileURL
        self.mimeType = mimeType
        self.textEncoding = textEncoding
        self.size = size
        self.sha256 = sha256
    }
}
