import Foundation

/// The pure resolver an app embeds: maps URLs of the bundle's origin to files of the bundle,
/// never outside it. The WebKit adapters, `sitegen serve` and the link crawler all answer through it.
public struct SchemeResolver: Sendable {
    struct Entry: Sendable {
        var path: String
        var url: String
        var mimeType: String
        var textEncoding: String?
        var sha256: String?
        /// The manifest's size: a file of another size is not the one its hash describes.
        var size: Int? = nil
    }

    /// The origin served.
    public let origin: BundleOrigin
    /// The URL an app loads first.
    public let entryURL: URL
    /// Every served file, bundle-relative, sorted.
    public let paths: [String]
    /// The manifest read at init, if the bundle had one.
    public let manifest: Manifest?
    let tree: BundleTree
    /// Keyed by bytes: canonically equivalent spellings (NFC, NFD) are different files and URLs.
    let entries: [ByteKey: Entry]
    let aliases: [ByteKey: ByteKey]

    /// Reads `manifest.json` when the bundle has one (the origin then comes from it), else indexes
    /// the tree without hashing (origin from the parameter, entry `index.html`).
    public init(bundle: URL, origin: BundleOrigin = BundleOrigin()) throws(ManifestError) {
        let tree = try BundleTree(bundle)
        if FileManager.default.fileExists(atPath: tree.root.appendingPathComponent(Manifest.fileName).path) {
            // `read` has validated it: a second pass over 10,000 entries would find nothing new.
            self = try Self.make(tree: tree, manifest: Manifest.read(bundle: tree.root), validated: true)
            return
        }
        var entries: [ByteKey: Entry] = [:]
        let files = try tree.files()
        for file in files {
            let mime = MIMEType.forPath(file)
            entries[ByteKey(file)] = Entry(
                path: file, url: origin.urlString(forPath: file), mimeType: mime,
                textEncoding: MIMEType.isText(mime) ? "utf-8" : nil, sha256: nil)
        }
        self.init(
            origin: origin, entryURL: origin.url(forPath: "index.html"), paths: files, manifest: nil,
            tree: tree, entries: entries, aliases: [:])
    }

    /// Serves `bundle` as described by `manifest` (validated first).
    public init(bundle: URL, manifest: Manifest) throws(ManifestError) {
        self = try Self.make(tree: BundleTree(bundle), manifest: manifest)
    }

    /// Serves `bundle` with a manifest that `Manifest.assemble` has just built and validated, so it
    /// is neither read back nor validated again.
    package init(bundle: URL, assembled manifest: Manifest) throws(ManifestError) {
        self = try Self.make(tree: BundleTree(bundle), manifest: manifest, validated: true)
    }

    private init(
        origin: BundleOrigin, entryURL: URL, paths: [String], manifest: Manifest?, tree: BundleTree,
        entries: [ByteKey: Entry], aliases: [ByteKey: ByteKey]
    ) {
        self.origin = origin
        self.entryURL = entryURL
        self.paths = paths
        self.manifest = manifest
        self.tree = tree
        self.entries = entries
        self.aliases = aliases
    }

    private static func make(tree: BundleTree, manifest: Manifest, validated: Bool = false) throws(ManifestError)
        -> SchemeResolver
    {
        if !validated { try manifest.validate() }
        guard let origin = BundleOrigin(parsing: manifest.origin), let entryURL = URL(string: manifest.entry) else {
            throw ManifestError(
                "manifest: origin '\(Manifest.printable(manifest.origin))' or entry '\(Manifest.printable(manifest.entry))' "
                    + "is invalid")
        }
        let validator = ManifestValidator(origin: origin)
        var entries: [ByteKey: Entry] = [:]
        entries.reserveCapacity(manifest.resources.count)
        // Indices, not a copy of each record (which retains all its strings); the key is usually the
        // file itself, found without decoding.
        let resources = manifest.resources
        for index in resources.indices {
            let key: String
            if let fileKey = validator.fileKey(url: resources[index].url, file: resources[index].file) {
                key = fileKey
            } else {
                key = try validator.checkedKey(resources[index].url, place: "resource", allowDirectory: false)
            }
            entries[ByteKey(key)] = Entry(
                path: resources[index].file, url: resources[index].url, mimeType: resources[index].mimeType,
                textEncoding: resources[index].textEncoding, sha256: resources[index].sha256, size: resources[index].size)
        }
        var aliases: [ByteKey: ByteKey] = [:]
        for alias in manifest.aliases {
            let key = try validator.checkedKey(alias.url, place: "alias", allowDirectory: true)
            aliases[ByteKey(key)] = ByteKey(
                try validator.checkedKey(alias.target, place: "alias target", allowDirectory: false))
        }
        return SchemeResolver(
            origin: origin, entryURL: entryURL, paths: sortedUnique(manifest.resources.map(\.file)), manifest: manifest,
            tree: tree, entries: entries, aliases: aliases)
    }

    /// `paths` sorted and unique by their bytes (NFC and NFD spellings are two files), without the
    /// set and the sort when `paths` is already strictly increasing (resources sorted by URL usually
    /// list their files in order too).
    private static func sortedUnique(_ paths: [String]) -> [String] {
        for index in paths.indices.dropFirst() where !URLPath.bytesPrecede(paths[index - 1], paths[index]) {
            return Set(paths.map(ByteKey.init)).map(\.string).sorted(by: URLPath.bytesPrecede)
        }
        return paths
    }

    /// The real root directory served (symlinks resolved).
    public var bundleRoot: URL { tree.root }
}
