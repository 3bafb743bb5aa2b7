import Foundation

/// What `BundleVerifier` found: bundle-relative file paths, each list sorted.
public struct VerificationReport: Sendable, Equatable {
    /// Files the manifest lists that are not in the bundle (or no longer regular files inside it).
    public var missing: [String]
    /// Files in the bundle that the manifest does not list.
    public var extra: [String]
    /// Files whose size or SHA-256 differ from the manifest.
    public var changed: [String]
    /// How each file of `changed` differs.
    public var differences: [String: Difference]
    /// Symbolic links the resolver does not serve, listed in the manifest or not, and links to a
    /// folder that contains them, which are not followed.
    public var unserved: [UnservedLink]

    /// A report.
    public init(
        missing: [String] = [], extra: [String] = [], changed: [String] = [], differences: [String: Difference] = [:],
        unserved: [UnservedLink] = []
    ) {
        self.missing = missing
        self.extra = extra
        self.changed = changed
        self.differences = differences
        self.unserved = unserved
    }

    /// True when nothing is missing, extra, changed or unserved.
    public var isClean: Bool { missing.isEmpty && extra.isEmpty && changed.isEmpty && unserved.isEmpty }

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
    /// core. Throws only when the bundle or its manifest cannot be read or is invalid.
    public static func verify(bundle: URL) throws(ManifestError) -> VerificationReport {
        let tree = try BundleTree(bundle)
        let manifest = try Manifest.read(bundle: tree.root)
        var unservedLinks: [VerificationReport.UnservedLink] = []
        // Links to folders inside the bundle are walked: the resolver serves the files below them.
        let onDisk = Set(try tree.files(followingFolderLinks: true, unservedLinks: &unservedLinks))
        let resources = manifest.resources
        let verdicts = verdicts(of: resources, in: tree, onDisk: onDisk)
        var report = VerificationReport()
        let links = Set(unservedLinks.map(\.path))
        for (resource, verdict) in zip(resources, verdicts) {
            switch verdict {
            case .matches: continue
            // A link the manifest lists is reported once, as the link it is.
            case .missing where links.contains(resource.file): continue
            case .missing: report.missing.append(resource.file)
            case .changed(let difference):
                report.changed.append(resource.file)
                report.differences[resource.file] = difference
            }
        }
        report.extra = onDisk.subtracting(resources.map(\.file)).sorted()
        report.unserved = unservedLinks.sorted { URLPath.bytesPrecede($0.path, $1.path) }
        report.missing = Array(Set(report.missing)).sorted()
        report.changed = Array(Set(report.changed)).sorted()
        return report
    }

    private enum Verdict: Sendable {
        case matches, missing
        case changed(VerificationReport.Difference)
    }

    /// Each resource's verdict, in order; the files are hashed in parts spread over the cores, four
    /// to a core since files differ in size.
    private static func verdicts(of resources: [Manifest.Resource], in tree: BundleTree, onDisk: Set<String>) -> [Verdict] {
        let parts = ParallelParts.map(
            count: resources.count, threshold: 64, parts: ProcessInfo.processInfo.activeProcessorCount * 4
        ) { range in
            resources[range].map { resource -> Verdict in
                guard onDisk.contains(resource.file), case .success(let file) = tree.realFile(resource.file) else {
                    return .missing
                }
                guard file.size == resource.size else { return .changed(.size(listed: resource.size, found: file.size)) }
                guard let digest = try? BundleTree.digest(atPath: file.path) else { return .missing }
                guard digest.sha256 == resource.sha256 else {
                    return .changed(.sha256(listed: resource.sha256, found: digest.sha256))
                }
                return .matches
            }
        }
        return parts.flatMap { $0 }
    }
}
