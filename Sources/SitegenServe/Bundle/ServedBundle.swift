import SitegenBundleCore

/// The resolver one request is answered with, and when the manifest it was made from was written.
///
/// Sitegen writes a bundle's manifest after all its files, so a file modified later than the
/// manifest is not the file the manifest describes: a rebuild is renaming new files in and its
/// manifest is yet to come, or someone edited the bundle. Such a file is tagged with the hash of
/// its own bytes rather than the manifest's, so that no tag ever stands for bytes it does not name.
struct ServedBundle: Sendable {
    /// The resolver.
    var resolver: SchemeResolver
    /// Nanoseconds since 1970; nil when unknown (then no file is vouched for by the manifest).
    var manifestModified: Int?

    /// Whether the manifest's hash describes `file`.
    func vouchesFor(_ file: BundleFile) -> Bool {
        guard let manifestModified else { return false }
        return file.identity.modified <= manifestModified
    }
}

extension ServedBundle {
    /// `resolver`, with the time of the manifest on disk in its folder: for a bundle just built by
    /// this process, whose manifest nobody else writes.
    init(built resolver: SchemeResolver) {
        self.init(resolver: resolver, manifestModified: ManifestStamp(bundle: resolver.bundleRoot).manifestModified)
    }
}
