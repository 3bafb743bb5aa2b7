import SitegenBundleCore
import SitegenCore
import SitegenMarkdown

extension SiteConfig {
    /// The keys `sitegen.yml` understands; anything else is an `unknown-key` warning.
    static let knownKeys: Set<String> = [
        "title", "language", "scheme", "host", "entry", "nav", "external_links", "raw_html", "smart_punctuation",
        "strict", "ignore", "ignore_links", "mime_types", "words", "search", "extra_css", "extra_javascript",
    ]

    /// Keys of MkDocs' `mkdocs.yml` that a site moving over brings along, and what sitegen has instead.
    static let mkdocsKeys: [String: String] = [
        "site_name": "MkDocs' site_name is sitegen's title",
        "site_description": "sitegen has no site-wide description; give the home page a description in its front matter",
        "docs_dir": "sitegen reads the folder this file is in (pass it with --site)",
        "site_dir": "the output folder is --out",
        "theme": "the templates folder is --templates; the language of the theme's words is language",
        "markdown_extensions": "sitegen reads CommonMark as it is, with no extensions; write tables and admonitions in raw HTML",
        "plugins": "sitegen has no plugins; search is search: true",
        "use_directory_urls": "pages are always served as their .html files",
        "repo_url": "sitegen has no repository link; add one in the theme",
        "site_url": "the bundle's origin is scheme and host",
        "exclude_docs": "files are left out with ignore",
        "validation": "link findings are set by strict and external_links",
    ]

    /// Reads a parsed `sitegen.yml`. Bad values are input errors at their line and column; unknown
    /// keys are returned as warnings.
    public static func decode(_ root: YAMLNode?, path: String) throws(InputError) -> (SiteConfig, [Diagnostic]) {
        var config = SiteConfig()
        var warnings: [Diagnostic] = []
        guard let root else { return (config, warnings) }
        guard case .mapping(let pairs) = root.value else {
            throw InputError("the configuration must be a mapping of keys to values", at: root.location(in: path))
        }
        for pair in pairs {
            guard let key = pair.key.string, !key.isEmpty else {
                warnings.append(
                    Diagnostic(
                        .warning, .unknownKey, "a key of the configuration must be plain text, not \(pair.key.kind)",
                        at: pair.key.location(in: path)))
                continue
            }
            let value = pair.value
            let at = value.location(in: path)
            switch key {
            // Empty or blank (`title:`, `title: ""`) counts as none, as in front matter: the default stays.
            case "title":
                guard !value.isNull else { continue }
                let title = try value.requireString(key, path: path)
                if title.contains(where: { !$0.isWhitespace }) {
                    config.title = title
                    config.titleIsSet = true
                }
            case "language":
                let tag = try value.requireString(key, path: path)
                guard LanguageTag.isWellFormed(tag) else { throw InputError(LanguageTag.refusal(of: tag), at: at) }
                config.language = tag
                config.languageLocation = at
            case "scheme":
                let scheme = try value.requireString(key, path: path).lowercased()
                guard isValidScheme(scheme) else {
                    throw InputError(
                        "'\(scheme)' is not a valid URL scheme (letters, digits, '+', '-', '.'; starting with a letter)", at: at)
                }
                guard !BundleOrigin.reservedSchemes.contains(scheme) else {
                    throw InputError(
                        "the scheme '\(scheme)' is reserved and cannot be registered by an app; choose another, e.g. 'docs'",
                        at: at)
                }
                config.scheme = scheme
            case "host":
                let host = try value.requireString(key, path: path).lowercased()
                guard !host.isEmpty, host.utf8.allSatisfy(isHostByte) else {
                    throw InputError("'\(host)' is not a valid host name", at: at)
                }
                config.host = host
            case "entry":
                let entry = try value.requireString(key, path: path)
                guard let sitePath = SitePath(normalizing: entry), sitePath.pathExtension == "md" else {
                    throw InputError("the entry must be a Markdown file inside the site, e.g. 'index.md'", at: at)
                }
                config.entry = sitePath
                config.entryLocation = value.location(in: path)
            case "nav":
                config.nav = try NavEntry.decodeList(value, path: path)
                // Every page would be left out of the sidebar: leaving `nav` out takes it from the folders.
                if config.nav?.isEmpty == true {
                    throw InputError("nav lists no pages: list them, or leave nav out to make it from the folders", at: at)
                }
            case "external_links":
                let text = try value.requireString(key, path: path)
                guard let setting = ExternalLinkSetting(rawValue: text) else {
                    throw InputError("external_links must be ignore, warn or error, not '\(text)'", at: at)
                }
                config.externalLinks = setting
            case "raw_html": config.rawHTML = try value.requireBool(key, path: path)
            case "smart_punctuation": config.smartPunctuation = try value.requireBool(key, path: path)
            case "strict": config.strict = try value.requireBool(key, path: path)
            case "search": config.search = try value.requireBool(key, path: path)
            case "extra_css": config.extraCSS = try decodePaths(value, key: key, path: path)
            case "extra_javascript": config.extraJavaScript = try decodePaths(value, key: key, path: path)
            case "ignore": config.ignore = try value.requireStringList(key, path: path)
            case "ignore_links": config.ignoreLinks = try value.requireStringList(key, path: path)
            case "mime_types": (config.mimeTypes, config.mimeTypePaths) = try decodeMimeTypes(value, path: path)
            case "words":
                guard !value.isNull else { continue }
                config.words = try ThemeWords.decodeMapping(value, display: path, what: "words")
            default:
                warnings.append(
                    Diagnostic(
                        .warning, .unknownKey,
                        "unknown key '\(key)' in the configuration"
                            + (mkdocsKeys[key].map { ": \($0)" } ?? Suggestion.hint(for: key, in: knownKeys)),
                        at: pair.key.location(in: path)))
            }
        }
        return (config, warnings)
    }

    /// A list of the site's files (one alone counts as a list of one), each where it is written. A URL
    /// of another site is refused: the bundle is offline.
    private static func decodePaths(_ value: YAMLNode, key: String, path: String) throws(InputError) -> [ConfiguredPath] {
        let items = value.array ?? [value]
        var paths: [ConfiguredPath] = []
        for item in items {
            let text = try item.requireString(key, path: path)
            let at = item.location(in: path)
            let scheme = text.firstIndex(of: ":").map { !text[..<$0].contains("/") } ?? false
            if scheme || text.hasPrefix("//") {
                throw InputError(
                    "\(key): '\(text)' is on another site, which an offline bundle cannot load: copy the file into the site and name its path",
                    at: at)
            }
            guard let sitePath = SitePath(normalizing: text), !sitePath.rawValue.isEmpty else {
                throw InputError("\(key): '\(text)' is no path inside the site", at: at)
            }
            paths.append(ConfiguredPath(path: sitePath, location: at))
        }
        return paths
    }

    private static func isValidScheme(_ scheme: String) -> Bool {
        guard let first = scheme.utf8.first, (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(first) else { return false }
        return scheme.utf8.allSatisfy { byte in
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
                || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
        }
    }

    private static func isHostByte(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
            || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
    }
}
