/// The version sitegen reports in `--version`, manifests and reports.
public enum SitegenVersion {
    public static let number = "0.1.0"
    public static let generator = "sitegen \(number)"
}
