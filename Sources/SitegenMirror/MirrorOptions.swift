import SitegenCore

/// Bounds and naming of one mirror run.
public struct MirrorOptions: Sendable {
    /// At most this many HTML pages are fetched; further ones are reported (`mirror-limit`).
    public var maxPages: Int
    /// At most this many bytes are fetched in all; further resources are reported.
    public var maxBytes: Int
    /// Redirect hops followed per URL.
    public var maxRedirects: Int
    /// How source files are named in findings (`site/` or `http://127.0.0.1:8000/`).
    public var sourceDisplay: String
    /// Fetching stops after this many seconds; every URL not fetched by then is reported.
    public var maxSeconds: Double

    /// Creates options; the defaults suit documentation sites.
    public init(
        maxPages: Int = 5000, maxBytes: Int = 512 << 20, maxRedirects: Int = 10, sourceDisplay: String = "",
        maxSeconds: Double = 600
    ) {
        self.maxPages = maxPages
        self.maxBytes = maxBytes
        self.maxRedirects = maxRedirects
        self.sourceDisplay = sourceDisplay
        self.maxSeconds = maxSeconds
    }

    /// Why a URL was not fetched once the time limit was reached.
    var timeLimitReason: String {
        let seconds = maxSeconds.rounded() == maxSeconds && maxSeconds < 1e15 ? String(Int(maxSeconds)) : String(maxSeconds)
        return "not fetched: --max-seconds \(seconds) reached"
    }
}

/// Rule ids of the mirror's own findings.
extension RuleID {
    /// A URL the mirror could not fetch (HTTP error, missing file, redirect off the host).
    public static let mirrorFetch = RuleID("mirror-fetch")
    /// A resource left out because `--max-pages`, `--max-bytes` or `--max-seconds` was reached.
    public static let mirrorLimit = RuleID("mirror-limit")
    /// A page or style sheet in an encoding that cannot be decoded here, copied as it was.
    public static let mirrorEncoding = RuleID("mirror-encoding")
    /// A line of a folder's `_redirects` that the mirror cannot follow, ignored.
    public static let mirrorRedirects = RuleID("mirror-redirects")
}
