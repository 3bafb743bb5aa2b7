import Foundation

/// What `BundleVerifier` found: bundle-relative file paths, each list sorted.
public struct VerificationReport: Sendable, Equatable {
    /// Files the manifest lists that are not in the bundle (or no longer regular files inside it).
    public var missing: [String]
    /// Files in the bundle that the manifest does not list.
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
    /// Reads the manifest of `bundle`, then compares it with the files on disk. Throws only when
    /// the bundle or its manifest cannot be read or is invalid.
    public static func verify(bundle: URL) throws(ManifestError) -> VerificationReport {
        let tree = try BundleTree(bundle)
        let manifest = try Manifest.read(bundle: tree.root)
        let onDisk = Set(try tree.files())
        var report = VerificationReport()
        var listed: Set<String> = []
        for resource in manifest.resources {
            listed.insert(resource.file)
            guard onDisk.contains(resource.file), case .success(let file) = tree.realFile(resource.file) else {
                report.missing.append(resource.file)
                continue
            }
            guard file.size == resource.size,
                let digest = try? BundleTree.digest(of: URL(fileURLWithPath: file.path)), digest.sha256 == resource.sha256
            else {
                report.changed.append(resource.file)
                continue
            }
        }
        report.extra = onDisk.subtracting(listed).sorted()
        report.missing = Array(Set(report.missing)).sorted()
        report.changed = Array(Set(report.changed)).sorted()
        return report
    }
}
