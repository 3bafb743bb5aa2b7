import Foundation

/// The first fields of any manifest, decoded before anything else so that a reader can refuse a
/// format or version it does not know with a clear message.
public struct ManifestHeader: Codable, Sendable, Equatable {
    /// Always `sitegen-bundle`.
    public var format: String
    /// The schema version.
    public var version: Int

    /// A header.
    public init(format: String, version: Int) {
        self.format = format
        self.version = version
    }
}

/// `manifest.json` v1: which URL of the bundle's origin maps to which file, with which type.
public struct Manifest: Codable, Sendable, Equatable {
    /// The `format` value of every sitegen manifest.
    public static let formatName = "sitegen-bundle"
    /// The version this library reads and writes.
    public static let currentVersion = 1
    /// The file name at the bundle root.
    public static let fileName = "manifest.json"

    /// `sitegen-bundle`.
    public var format: String
    /// `1`.
    public var version: Int
    /// The tool that wrote the manifest, e.g. `sitegen 0.1.0`.
    public var generator: String
    /// `scheme://host`, e.g. `docs://app`.
    public var origin: String
    /// The URL an app loads first, e.g. `docs://app/index.html`.
    public var entry: String
    /// Every served file, sorted by `url`.
    public var resources: [Resource]
    /// Extra URLs served with a resource's bytes (directory indexes, old URLs), sorted by `url`.
    public var aliases: [Alias]

    /// One served file.
    public struct Resource: Codable, Sendable, Equatable {
        /// The canonical URL, percent-encoded (`docs://app/guide/a%20b.html`).
        public var url: String
        /// The bundle-relative file path (`guide/a b.html`).
        public var file: String
        /// The MIME type without parameters (`text/html`).
        public var mimeType: String
        /// `utf-8` for text types, absent otherwise.
        public var textEncoding: String?
        /// The size in bytes.
        public var size: Int
        /// The SHA-256 of the file as 64 lowercase hex digits.
        public var sha256: String

        /// A resource record.
        public init(url: String, file: String, mimeType: String, textEncoding: String?, size: Int, sha256: String) {
            self.url = url
            self.file = file
            self.mimeType = mimeType
            self.textEncoding = textEncoding
            self.size = size
            self.sha256 = sha256
        }

        /// Decodes a record as the synthesized decoder would, except that `"textEncoding": null` is
        /// refused as a null `size` or `url` is: the schema allows only `"utf-8"`, and absent for none.
        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            url = try container.decode(String.self, forKey: .url)
            file = try container.decode(String.self, forKey: .file)
            mimeType = try container.decode(String.self, forKey: .mimeType)
            textEncoding =
                container.contains(.textEncoding) ? try container.decode(String.self, forKey: .textEncoding) : nil
            size = try container.decode(Int.self, forKey: .size)
            sha256 = try container.decode(String.self, forKey: .sha256)
        }
    }

    /// A URL served with the bytes of another resource (never a redirect).
    public struct Alias: Codable, Sendable, Equatable {
        /// The alias URL (`docs://app/guide/`).
        public var url: String
        /// The URL of the resource it serves (`docs://app/guide/index.html`).
        public var target: String

        /// An alias record.
        public init(url: String, target: String) {
            self.url = url
            self.target = target
        }
    }

    /// A manifest; resources and aliases are sorted by URL.
    public init(
        format: String = Manifest.formatName, version: Int = Manifest.currentVersion, generator: String,
        origin: String, entry: String, resources: [Resource], aliases: [Alias]
    ) {
        self.format = format
        self.version = version
        self.generator = generator
        self.origin = origin
        self.entry = entry
        self.resources = Self.sortedByURL(resources, url: \.url)
        self.aliases = Self.sortedByURL(aliases, url: \.url)
    }

    /// `records` sorted by URL in UTF-8 byte (code-point) order, the order readers check (stable,
    /// as `sorted(by:)`); as they are when already in order, as `init` leaves them.
    static func sortedByURL<Record>(_ records: [Record], url: (Record) -> String) -> [Record] {
        for index in records.indices.dropFirst() where URLPath.bytesPrecede(url(records[index]), url(records[index - 1])) {
            return records.sorted { URLPath.bytesPrecede(url($0), url($1)) }
        }
        return records
    }
}
