import SitegenBundleCore

/// The attributes that say whether, and as what, a browser fetches the target of a `<link>` or a
/// `<script>`, and whether a `<style>` element holds CSS (the HTML standard: "prepare the script
/// element", the `link` element's types, "update a style block").
struct FetchAttributes {
    var rel: String?
    var type: String?
    var language: String?
    var noModule = false

    /// What the link of `element` (`link`'s `href`, `script`'s `src` or `href`) is fetched as.
    func destination(of element: String) -> ExtractedLink.Destination {
        switch element {
        case "script": scriptDestination
        case "link": linkDestination
        default: .other
        }
    }

    /// Whether a `<link>` with these attributes leads anywhere: one without `rel` (`rev="made"` alone,
    /// obsolete) does nothing in a browser, and `rel="canonical"` names the page's URL for search
    /// engines (often an absolute or `file:` one), which no browser or app fetches.
    var linksSomewhere: Bool {
        guard let rel else { return false }
        let tokens = rel.utf8.split(whereSeparator: \.isASCIIWhitespace).map {
            String(decoding: $0, as: UTF8.self).lowercased()
        }
        return !tokens.isEmpty && !tokens.allSatisfy(Self.namingNoResource.contains)
    }

    /// `rel` values whose `href` no browser fetches: the URL for search engines, and an origin to
    /// look up or connect to ahead (`//cdn.example.com`).
    private static let namingNoResource: Set<String> = ["canonical", "dns-prefetch", "preconnect"]

    /// Whether a form control's `attribute` does anything, so that a browser may fetch its URL:
    /// `<input src>` only on an image button (`type="image"`), `formaction` only on a submit button
    /// (`<button>` without a known `type` or with `type="submit"`, `<input type="submit">` or
    /// `"image"`). The type is matched in any letter case but not trimmed, as browsers match it:
    /// `type=" image"` is a text field. Other attributes (`style`) are always used.
    func formControlUses(_ attribute: String, of element: String) -> Bool {
        let type = type?.lowercased()
        switch (element, attribute) {
        case ("input", "src"): return type == "image"
        case ("input", "formaction"): return type == "submit" || type == "image"
        case ("button", "formaction"): return type != "reset" && type != "button"
        default: return true
        }
    }

    /// Whether a `<style>` with these attributes is CSS: a `type` other than none, empty or
    /// `text/css` (any letter case) makes its text something else, which no browser reads.
    var styleIsCSS: Bool {
        guard let type, !type.isEmpty else { return true }
        return type.lowercased() == "text/css"
    }

    /// A style sheet for `stylesheet` (unless `type` names another language, as less.js's
    /// `text/less`, which browsers do not fetch), a module script for `modulepreload`.
    private var linkDestination: ExtractedLink.Destination {
        let tokens = (rel ?? "").utf8.split(whereSeparator: \.isASCIIWhitespace).map {
            String(decoding: $0, as: UTF8.self).lowercased()
        }
        if tokens.contains("modulepreload") { return .script }
        guard tokens.contains("stylesheet") else { return .other }
        guard let type, !type.isEmpty else { return .style }
        return MIMEType.essence(type) == "text/css" ? .style : .other
    }

    /// A classic or module script; nothing for a data block (`text/template`, `application/ld+json`,
    /// `importmap`, `language="vbscript"`), whose `src` is never fetched, nor for a classic script
    /// marked `nomodule`, which browsers that run modules (every web view) skip.
    private var scriptDestination: ExtractedLink.Destination {
        let typeString: String
        if let type {
            typeString = type.trimmingASCIIWhitespace().lowercased()
        } else if let language, !language.isEmpty {
            typeString = "text/" + language.lowercased()
        } else {
            typeString = ""
        }
        if typeString == "module" { return .script }
        guard typeString.isEmpty || MIMEType.isJavaScript(typeString) else { return .other }
        return noModule ? .other : .script
    }
}
