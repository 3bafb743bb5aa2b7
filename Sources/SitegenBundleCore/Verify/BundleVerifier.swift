import Foundation

/// What `BundleVerifier` found: bundle-relative file paths, each list sorted.
public struct VerificationReport: Sendable, Equatable {
    /// Files the manifest lists that are not in the bundle (or no longer regular files inside it).
    public var missing: [String]
    /// Files in the bundle that the manifest does not list, and symbolic links the resolver would
    /// not serve (to a folder, to nothing, or out of the bundle).
    public var extra: [String]
    /// Files whose size or SHA-256 differ from the manifest.
    public var changed: [String]

    /// A report.
    public init(missing: [String] = [], extra: [String] = [], changed: [String] = []) {
        self.missing = missing
        self.extra = extra
        self.changed = changed
    }

    /// True when nothing is missing, extra or changed.
    public var isClean: Bool { missing.isEmpty && extra.isEmpty && changed.isEmpty }
}

/// Re-hashes a bundle against its `manifest.json` (`sitegen verify DIR`).
public struct BundleVerifier {
    /// Reads the manifest of `bundle`, then compares it with the files on disk, hashing on every
    /// core. Throws only when the bundle or its manifest cannot be read or is invalid.
    public static func verify(bundle: URL) throws(ManifestError) -> VerificationReport {
        let tree = try BundleTree(bundle)
        let manifest = try Manifest.read(bundle: tree.root)
        var unservedLinks: [String] = []
        let onDisk = Set(try tree.files(unservedLinks: &unservedLinks))
        let resources = manifest.resources
        let verdicts = verdicts(of: resources, in: tree, onDisk: onDisk)
        var report = VerificationReport()
        for (resource, verdict) in zip(resources, verdicts) {
            switch verdict {
            case .matches: continue
            case .missing: report.missing.append(resource.file)
            case .changed: report.changed.append(resource.file)
            }
        }
        report.extra = (onDisk.subtracting(resources.map(\.file)).sorted() + unservedLinks).sorted()
        report.missing = Array(Set(report.missing)).sorted()
        report.changed = Array(Set(report.changed)).sorted()
        return report
    }

    private enum Verdict: Sendable {
        case matches, missing, changed
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
                guard file.size == resource.size, let digest = try? BundleTree.digest(atPath: file.path),
                    digest.sha256 == resource.sha256
                else { return .changed }
                return .matches
            }
        }
        return parts.flatMap { $0 }
    }
}
