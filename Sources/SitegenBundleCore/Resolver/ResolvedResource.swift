import Foundation

/// A file of the bundle that a URL resolved to.
public struct ResolvedResource: Sendable, Equatable {
    /// The canonical scheme URL of the served file (the alias or index URL resolves to this).
    public var url: URL
    /// The bundle-relative path, e.g. `guide/index.html`.
    public var path: String
    /// The real file on disk, always inside the bundle's real root.
    public var fileURL: URL {
        get { URL(fileURLWithPath: filePath) }
        set { filePath = newValue.path }
    }
    /// The real file's path, as `fileURL` names it (made without a `URL`: a crawl resolves 10,000).
    public var filePath: String
    /// The MIME type without parameters.
    public var mimeType: String
    /// `utf-8` for text types.
    public var textEncoding: String?
    /// The size of the file on disk, in bytes.
    public var size: Int
    /// The manifest's SHA-256; nil for a scanned tree without manifest, and for a file whose size
    /// on disk is not the manifest's (being replaced, or edited): the hash is not of its bytes.
    public var sha256: String?

    /// A resolved resource.
    public init(url: URL, path: String, fileURL: URL, mimeType: String, textEncoding: String?, size: Int, sha256: String?) {
        self.init(
            url: url, path: path, filePath: fileURL.path, mimeType: mimeType, textEncoding: textEncoding, size: size,
            sha256: sha256)
    }

    /// A resolved resource whose real file is at `filePath`.
    public init(
        url: URL, path: String, filePath: String, mimeType: String, textEncoding: String?, size: Int, sha256: String?
    ) {
        self.url = url
        self.path = path
        self.filePath = filePath
        self.mimeType = mimeType
        self.textEncoding = textEncoding
        self.size = size
        self.sha256 = sha256
    }
}
