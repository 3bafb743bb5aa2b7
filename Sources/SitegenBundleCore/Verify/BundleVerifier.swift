import Foundation

/// What `BundleVerifier` found: bundle-relative file paths, each list sorted.
public struct VerificationReport: Sendable, Equatable {
    /// Files the manifest lists that are not in the bundle (or not served: under a loop, through a link out of it).
    public var missing: [String]
    /// Entries in the bundle that the manifest does not list, compared by their bytes: files, named
    /// pipes, sockets, whatever their names (a name with a backslash, or that is not UTF-8, which
    /// no manifest can list, shown with each byte that is not UTF-8 written `\xFF`).
    public var extra: [String]
    /// Files the manifest lists where something else stands: a folder, a named pipe.
    public var notFiles: [NotAFile]
    /// Files whose size or SHA-256 differ from the manifest.
    public var changed: [String]
    /// How each file of `changed` differs.
    public var differences: [String: Difference]
    /// Symbolic links the resolver does not serve, listed in the manifest or not, and links to a
    /// folder that contains them, which are not followed.
    public var unserved: [UnservedLink]
    /// Files the manifest lists that are there but cannot be read (another user's, mode 600), with
    /// the system's reason: a resolver answers them with a 404 too.
    public var unreadable: [Unreadable]

    /// A report.
    public init(
        missing: [String] = [], extra: [String] = [], notFiles: [NotAFile] = [], changed: [String] = [],
        differences: [String: Difference] = [:], unserved: [UnservedLink] = [], unreadable: [Unreadable] = []
    ) {
        self.missing = missing
        self.extra = extra
        self.notFiles = notFiles
        self.changed = changed
        self.differences = differences
        self.unserved = unserved
        self.unreadable = unreadable
    }

    /// True when nothing is missing, extra, something else than a file, changed, unserved or unreadable.
    public var isClean: Bool {
        missing.isEmpty && extra.isEmpty && notFiles.isEmpty && changed.isEmpty && unserved.isEmpty && unreadable.isEmpty
    }

    /// A listed file that cannot be read, and why (`permission denied`).
    public struct Unreadable: Sendable, Equatable {
        /// The bundle-relative path.
        public var path: String
        /// The system's reason, in lowercase.
        public var reason: String

        /// A record.
        public init(path: String, reason: String) {
            self.path = path
            self.reason = reason
        }
    }

    /// A path the manifest lists as a file, and what stands there instead.
    public struct NotAFile: Sendable, Equatable {
        /// The bundle-relative path.
        public var path: String
        /// A folder, a named pipe, a socket, a device.
        public var kind: FileKind

        /// A record.
        public init(path: String, kind: FileKind) {
            self.path = path
            self.kind = kind
        }
    }

    /// How a file differs from its manifest entry: its size, or, at the same size, its SHA-256.
    public enum Difference: Sendable, Equatable, CustomStringConvertible {
        case size(listed: Int, found: Int)
        case sha256(listed: String, found: String)

        public var description: String {
            switch self {
            case .size(let listed, let found): "\(found) bytes, the manifest says \(listed)"
            // Whole: two digests can share any prefix.
            case .sha256(let listed, let found): "same size, other bytes: sha256 \(found), the manifest says \(listed)"
            }
        }
    }

    /// A symbolic link in the bundle that no resolver serves, or a loop that is not followed, and why.
    public struct UnservedLink: Sendable, Equatable {
        /// The bundle-relative path of the link.
        public var path: String
        /// `out of the bundle (to /etc/hostname)`, `to nothing`, `to a folder that contains it`.
        public var reason: String
        /// Whether the link leads to a folder that holds it (`guide/all -> ..`): a resolver serves
        /// the files below it, but they are endless, so no manifest can list them.
        public var isLoop: Bool

        /// A link record.
        public init(path: String, reason: String, isLoop: Bool = false) {
            self.path = path
            self.reason = reason
            self.isLoop = isLoop
        }
    }
}

/// Re-hashes a bundle against its `manifest.json` (`sitegen verify DIR`).
public struct BundleVerifier {
    /// Reads the manifest of `bundle`, then compares it with the files on disk, hashing on every
    /// core. Paths are compared by their bytes, as resolvers look them up. Throws only when the
    /// bundle or its manifest cannot be read or is invalid.
    public static func verify(bundle: URL) throws(ManifestError) -> VerificationReport {
        let tree = try BundleTree(bundle)
        return try verify(tree, manifest: Manifest.read(bundle: tree.root))
    }

    /// `verify(bundle:)` against `manifest`, read from the bundle already.
    public static func verify(bundle: URL, manifest: Manifest) throws(ManifestError) -> VerificationReport {
        try verify(BundleTree(bundle), manifest: manifest)
    }

    private static func verify(_ tree: BundleTree, manifest: Manifest) throws(ManifestError) -> VerificationReport {
        var unservedLinks: [VerificationReport.UnservedLink] = []
        // Links to folders inside the bundle are walked: the resolver serves the files below them.
        let entries = try tree.entries(followingFolderLinks: true, unservedLinks: &unservedLinks)
        let served = Set(entries.lazy.filter(\.isServed).compactMap { $0.path.map(ByteKey.init) })
        let resources = manifest.resources
        let listings = listings(of: resources)
        let verdicts = verdicts(of: listings, resources: resources, in: tree, served: served)
        var report = VerificationReport()
        let links = Set(unservedLinks.map { ByteKey($0.path) })
        for (listing, verdict) in zip(listings, verdicts) {
            let file = resources[listing[0]].file
            switch verdict {
            case .matches: continue
            // A link the manifest lists is reported once, as the link it is.
            case .missing where links.contains(ByteKey(file)), .notAFile where links.contains(ByteKey(file)): continue
            case .missing: report.missing.append(file)
            case .notAFile(let kind): report.notFiles.append(.init(path: file, kind: kind))
            case .unreadable(let reason): report.unreadable.append(.init(path: file, reason: reason))
            case .changed(let difference):
                report.changed.append(file)
                report.differences[file] = difference
            }
        }
        let listed = Set(resources.lazy.map { ByteKey($0.file) })
        report.extra = entries.compactMap { entry in
            // A name with a backslash, which no URL names, is shown with it doubled, as `\xFF` is no name's own.
            guard let path = entry.path, !path.contains("\\") else { return entry.shownPath }
            return listed.contains(ByteKey(path)) ? nil : path
        }
        report.unserved = unservedLinks.sorted { URLPath.bytesPrecede($0.path, $1.path) }
        report.missing.sort(by: URLPath.bytesPrecede)
        report.changed.sort(by: URLPath.bytesPrecede)
        report.notFiles.sort { URLPath.bytesPrecede($0.path, $1.path) }
        report.unreadable.sort { URLPath.bytesPrecede($0.path, $1.path) }
        return report
    }

    private enum Verdict: Sendable {
        case matches, missing
        case notAFile(FileKind)
        case unreadable(String)
        case changed(VerificationReport.Difference)
    }

    /// The indices of the resources, one list per distinct file (by bytes), in order: a manifest
    /// can list one file under many URLs, and each file is read once.
    private static func listings(of resources: [Manifest.Resource]) -> [[Int]] {
        var listings: [[Int]] = []
        var places: [ByteKey: Int] = [:]
        places.reserveCapacity(resources.count)
        for index in resources.indices {
            if let place = places[ByteKey(resources[index].file)] {
                listings[place].append(index)
            } else {
                places[ByteKey(resources[index].file)] = listings.count
                listings.append([index])
            }
        }
        return listings
    }

    /// Each file's verdict, in order; the files are hashed in parts spread over the cores, four
    /// to a core since files differ in size.
    private static func verdicts(
        of listings: [[Int]], resources: [Manifest.Resource], in tree: BundleTree, served: Set<ByteKey>
    ) -> [Verdict] {
        let parts = ParallelParts.map(
            count: listings.count, threshold: 64, parts: ProcessInfo.processInfo.activeProcessorCount * 4
        ) { range in
            listings[range].map { listing in verdict(of: listing.map { resources[$0] }, in: tree, served: served) }
        }
        return parts.flatMap { $0 }
    }

    /// The verdict on one file, listed by each of `resources`: the first listing it does not match.
    private static func verdict(of resources: [Manifest.Resource], in tree: BundleTree, served: Set<ByteKey>) -> Verdict {
        let path = resources[0].file
        guard served.contains(ByteKey(path)), case .success(let file) = tree.realFile(path) else {
            // A folder or a named pipe where the file was is said to be there, not the file missing.
            guard let kind = tree.kind(of: path), kind != .regularFile else { return .missing }
            return .notAFile(kind)
        }
        var sha256: String?
        for resource in resources {
            guard file.size == resource.size else { return .changed(.size(listed: resource.size, found: file.size)) }
            if sha256 == nil {
                do {
                    sha256 = try BundleTree.digest(atPath: file.path).sha256
                } catch {
                    return .unreadable(error.message.lowercased())
                }
            }
            guard let sha256, sha256 == resource.sha256 else {
                return .changed(.sha256(listed: resource.sha256, found: sha256 ?? ""))
            }
        }
        return .matches
    }
}
